package import CareModel
package import Foundation
package import ResearchTasks

/// The extractor a survey file's `outcomes:` section describes: one entry per kind, read from a result path or
/// summed from scored choices.
package struct DeclarativeExtractor: OutcomeExtractor {
    /// One `outcomes:` entry.
    package struct Entry: Sendable, Hashable {
        /// The outcome kind.
        package var kind: String
        /// Where the value is read (a sum's first question).
        package var path: ResultPath
        /// For a `sum:` entry, the scored questions added up; nil for an entry read from `path`.
        package var sum: [ScoredQuestion]?
        /// Units stored with the value.
        package var units: String?
        /// The stored value type.
        package var valueType: OutcomeValueType
        /// Whether every finished run has a result at the path (a required question no navigation can bypass): then
        /// a tree without one is an error. Otherwise nothing at the path (a step never visited, an optional question
        /// left unanswered) means no value for the kind, as for a skipped answer.
        package var isRequired: Bool

        /// Creates an entry.
        package init(
            kind: String, path: ResultPath, units: String? = nil, valueType: OutcomeValueType = .double,
            isRequired: Bool = false
        ) {
            self.kind = kind
            self.path = path
            self.units = units
            self.valueType = valueType
            self.isRequired = isRequired
        }

        /// Creates an entry storing the total score of the chosen choices of `questions`, only when every one is
        /// answered with scored choices (an empty list stores nothing).
        package init(kind: String, sum questions: [ScoredQuestion], units: String? = nil, valueType: OutcomeValueType) {
            self.init(
                kind: kind, path: questions.first?.path ?? ResultPath(stepIdentifier: kind), units: units,
                valueType: valueType)
            self.sum = questions
        }
    }

    /// The task whose results this extractor reads.
    package let taskIdentifier: String
    /// The entries, in survey-file order (values come out in this order).
    package let entries: [Entry]

    /// Creates a declarative extractor.
    package init(taskIdentifier: String, entries: [Entry]) {
        self.taskIdentifier = taskIdentifier
        self.entries = entries
    }

    /// The kinds the entries produce.
    package var producedKinds: [OutcomeKindDescription] {
        entries.map { OutcomeKindDescription(kind: $0.kind, units: $0.units, type: $0.valueType) }
    }

    /// Reads every entry: a skipped (nil) answer yields no value, and so does nothing at the path unless the entry
    /// is required; an answer of the wrong type is an error naming the path.
    package func extract(from result: TaskResult, createdDate: Date) throws(ExtractionError) -> [OutcomeValue] {
        var values: [OutcomeValue] = []
        values.reserveCapacity(entries.count)
        for entry in entries {
            if let questions = entry.sum {
                if let total = try Self.total(of: questions, in: result, as: entry.valueType) {
                    values.append(OutcomeValue(total, kind: entry.kind, units: entry.units, createdDate: createdDate))
                }
                continue
            }
            let found: [OutcomeValue.Value]
            do throws(ExtractionError) {
                found = try ResultReader(result: result, path: entry.path).values(as: entry.valueType)
            } catch {
                // Steps never visited and questions continued without an answer leave no result (docs/navigation.md).
                if case .missing = error, !entry.isRequired { continue }
                throw error
            }
            for value in found {
                values.append(OutcomeValue(value, kind: entry.kind, units: entry.units, createdDate: createdDate))
            }
        }
        return values
    }

    /// The sum of the questions' scores as `type` (integer when whole, else double), or nil unless every question is
    /// answered with scored choices.
    private static func total(of questions: [ScoredQuestion], in result: TaskResult, as type: OutcomeValueType)
        throws(ExtractionError) -> OutcomeValue.Value?
    {
        guard !questions.isEmpty else { return nil }
        var total = 0.0
        for question in questions {
            guard let score = try question.score(in: result) else { return nil }
            total += score
        }
        if type == .integer, let whole = Int(exactly: total) { return .integer(whole) }
        return .double(total)
    }
}
