package import Foundation
import RegimenFoundation
package import ResearchTasks

/// A survey condition written as FHIR `enableWhen` entries and their `enableBehavior` (docs/fhir-export.md,
/// "Conditions"): a skip rule's condition negated, or an enabled-when condition as it is.
package struct EnableWhenExport {
    /// The answer formats of the task's questions, by result identifier (the FHIR linkId).
    package var formats: [String: AnswerFormat]
    /// The FHIR linkId of each question whose linkId is not its result identifier (`linkId:`), by result identifier.
    package var linkIds: [String: String]
    /// The zone date bounds are written in.
    package var timeZone: TimeZone

    /// Writes conditions on the questions of `formats`, naming them by `linkIds` (else their identifier), dates in
    /// `timeZone`.
    package init(formats: [String: AnswerFormat], linkIds: [String: String] = [:], timeZone: TimeZone) {
        self.formats = formats
        self.linkIds = linkIds
        self.timeZone = timeZone
    }

    /// The entries and behavior (nil for a single entry) that enable an item exactly when `predicate` holds
    /// (`negated`: when it does not); the reason when enableWhen cannot say it.
    package func enabling(_ predicate: ResultPredicate, negated: Bool) -> Result<
        (entries: [FHIRElement], behavior: String?), Failure
    > {
        switch clause(predicate, negated: negated) {
        case .failure(let failure): return .failure(failure)
        case .success(let clause):
            return .success((clause.atoms, clause.atoms.count > 1 ? (clause.all ? "all" : "any") : nil))
        }
    }

    /// Why a condition has no enableWhen form.
    package struct Failure: Error, Sendable, Hashable {
        /// What enableWhen cannot say.
        package var reason: String
    }

    /// Entries joined by one behavior (`all` or `any`; a single entry fits either).
    private struct Clause {
        var all: Bool
        var atoms: [FHIRElement]
    }

    private func clause(_ predicate: ResultPredicate, negated: Bool) -> Result<Clause, Failure> {
        switch predicate {
        case .not(let inner):
            return clause(inner, negated: !negated)
        case .and(let parts), .or(let parts):
            let isAnd = if case .and = predicate { true } else { false }
            // De Morgan: a negated "all" is an "any" of the negations.
            let all = isAnd != negated
            var atoms: [FHIRElement] = []
            for part in parts {
                switch clause(part, negated: negated) {
                case .failure(let failure): return .failure(failure)
                case .success(let inner):
                    guard inner.atoms.count == 1 || inner.all == all else {
                        return .failure(Failure(reason: "it mixes all and any"))
                    }
                    atoms += inner.atoms
                }
            }
            return .success(Clause(all: all, atoms: atoms))
        case .expression:
            return .failure(
                Failure(reason: "it combines an expression with other conditions; only a whole expression is written"))
        case .result(let selector, let condition):
            guard selector.taskIdentifier == nil else {
                return .failure(Failure(reason: "it reads another task's result"))
            }
            return atoms(selector.resultIdentifier, condition, negated: negated)
        }
    }

    private func atoms(_ identifier: String, _ condition: AnswerCondition, negated: Bool) -> Result<Clause, Failure> {
        let format = formats[identifier]
        let linkId = linkIds[identifier] ?? identifier
        let equal = negated ? "!=" : "="
        func entry(_ op: String, _ answer: FHIRValue) -> FHIRElement {
            var element = FHIRElement(["question": .string(linkId), "operator": .string(op)])
            answer.set("answer", in: &element)
            return element
        }
        func range(_ low: FHIRValue?, _ high: FHIRValue?, _ lowExclusive: Bool, _ highExclusive: Bool) -> Clause {
            // Both bounds the same and included: equality.
            if let low, low == high, !lowExclusive, !highExclusive {
                return Clause(all: true, atoms: [entry(equal, low)])
            }
            // Inside: above the low bound and below the high one (or at them, unless exclusive); outside (negated):
            // beyond either.
            let above = negated ? (lowExclusive ? "<=" : "<") : (lowExclusive ? ">" : ">=")
            let below = negated ? (highExclusive ? ">=" : ">") : (highExclusive ? "<" : "<=")
            let entries = [low.map { entry(above, $0) }, high.map { entry(below, $0) }].compactMap { $0 }
            return Clause(all: !negated, atoms: entries)
        }
        switch condition {
        case .isNil:
            return .success(Clause(all: true, atoms: [entry("exists", .boolean(negated))]))
        case .isAnswered:
            return .success(Clause(all: true, atoms: [entry("exists", .boolean(!negated))]))
        case .booleanEquals(let flag):
            return .success(Clause(all: true, atoms: [entry(equal, .boolean(flag))]))
        case .textEquals(let text):
            return .success(Clause(all: true, atoms: [entry(equal, .string(text))]))
        case .textInRange(let minimum, let maximum, let minimumExclusive, let maximumExclusive):
            return .success(
                range(
                    minimum.map(FHIRValue.string), maximum.map(FHIRValue.string), minimumExclusive,
                    maximumExclusive))
        case .numberEquals(let number):
            return .success(Clause(all: true, atoms: [entry(equal, numberValue(number, format: format))]))
        case .numberInRange(let minimum, let maximum, let minimumExclusive, let maximumExclusive):
            return .success(
                range(
                    minimum.map { numberValue($0, format: format) }, maximum.map { numberValue($0, format: format) },
                    minimumExclusive, maximumExclusive))
        case .dateInRange(let minimum, let maximum, let minimumExclusive, let maximumExclusive):
            return .success(
                range(
                    minimum.map { dateValue($0, format: format) }, maximum.map { dateValue($0, format: format) },
                    minimumExclusive, maximumExclusive))
        case .choicesInclude(let values):
            let choices = format?.choices ?? []
            let entries = values.map { entry(equal, ChoiceOption.answer(for: $0, in: choices)) }
            // Every value chosen; negated: some value not chosen.
            return .success(Clause(all: !negated, atoms: entries))
        case .isDontKnow: return .failure(Failure(reason: "FHIR has no \"I don't know\" answer"))
        case .choicesMatch, .textMatches: return .failure(Failure(reason: "enableWhen has no pattern test"))
        case .timeOfDayInRange: return .failure(Failure(reason: "its time-of-day range is compared field by field"))
        case .consented: return .failure(Failure(reason: "a consent has no FHIR item"))
        }
    }

    /// An integer where the question is whole-numbered and the bound whole, else a decimal.
    private func numberValue(_ number: Double, format: AnswerFormat?) -> FHIRValue {
        if let format, QuestionnaireItemKind(format).type == "integer", let whole = Int(exactly: number) {
            return .integer(whole)
        }
        return .decimal(number)
    }

    /// A date for a date question, a date and time otherwise.
    private func dateValue(_ date: Date, format: AnswerFormat?) -> FHIRValue {
        if case .date(let dateFormat)? = format, dateFormat.style == .date {
            return .date(FHIRDateText.date(date, offsetMinutes: timeZone.secondsFromGMT(for: date) / 60))
        }
        return .dateTime(FHIRDateText.dateTime(date, timeZone: timeZone))
    }
}

extension EnableWhenExport {
    /// The enableWhenExpression of a condition that is one expression (under any number of `not:`), nil otherwise.
    /// `negated` (a skip rule) gives `iif((E) = true, false, true)`: enabled unless E is a single true, as a skip
    /// rule skips only then (docs/fhir-export.md, "Expressions").
    package static func expressionCondition(_ predicate: ResultPredicate, negated: Bool) -> String? {
        switch predicate {
        case .not(let inner): return expressionCondition(inner, negated: !negated)
        case .expression(let expression):
            return negated ? "iif((\(expression.text)) = true, false, true)" : expression.text
        default: return nil
        }
    }
}
