package import CareModel
package import Foundation
package import ResearchTasks

/// The extractor a survey file's `outcomes:` section describes: one entry per kind, read from a result path or
/// computed by a score rule (`score:`, and `sum:` of scored choices, which is a score rule too).
package struct DeclarativeExtractor: OutcomeExtractor {
    /// One `outcomes:` entry.
    package struct Entry: Sendable, Hashable {
        /// The outcome kind.
        package var kind: String
        /// Where the value is read (a sum's first question).
        package var path: ResultPath
        /// For a `score:` or `sum:` entry, how the score is computed; nil for an entry read from `path`.
        package var score: ScoreRule?
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
        /// answered with scored choices (an empty list stores nothing): the score rule `%items.ordinal().sum()` with
        /// every item required, over a task holding just these questions.
        package init(kind: String, sum questions: [ScoredQuestion], units: String? = nil, valueType: OutcomeValueType) {
            let paths = questions.map(\.path)
            self.init(
                kind: kind,
                score: ScoreRule(
                    expression: ScoreRule.sumOfItemScores, task: ScoredQuestion.task(of: questions),
                    missing: MissingItemsRule(items: paths, atLeast: max(paths.count, 1))),
                units: units, valueType: valueType)
        }

        /// Creates an entry storing the score `rule` computes (nothing when it gives none).
        package init(kind: String, score rule: ScoreRule, units: String? = nil, valueType: OutcomeValueType) {
            self.init(
                kind: kind, path: rule.missing?.items.first ?? ResultPath(stepIdentifier: kind), units: units,
                valueType: valueType)
            self.score = rule
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
            if let rule = entry.score {
                if let score = try rule.score(of: result, kind: entry.kind, timeZone: Self.scoreTimeZone(of: result)) {
                    let value: OutcomeValue.Value =
                        entry.valueType == .integer
                        ? Int(exactly: score).map { .integer($0) } ?? .double(score)
                        : .double(score)
                    values.append(OutcomeValue(value, kind: entry.kind, units: entry.units, createdDate: createdDate))
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

    /// The zone a score reads dates in: the one the result recorded with its first dated answer, else UTC.
    private static func scoreTimeZone(of result: TaskResult) -> TimeZone {
        for step in result.results {
            for case .question(let question) in step.results {
                if case .date(_, _, let seconds?) = question.value, let zone = TimeZone(secondsFromGMT: seconds) {
                    return zone
                }
            }
        }
        return TimeZone(secondsFromGMT: 0) ?? .current
    }
}
