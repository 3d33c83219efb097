import Foundation

extension ResultPredicate {
    /// Evaluates the predicate against the ongoing task result (docs/navigation.md, "Result predicates"); previous
    /// results are ignored. `expressions` evaluates `expression` conditions; without it they do not hold.
    package func evaluate(in taskResult: TaskResult, expressions: ExpressionEvaluator? = nil) -> Bool {
        switch self {
        case .expression(let expression):
            return expressions?.scope(of: taskResult).holds(expression) ?? false
        case .result(let selector, let condition):
            if let task = selector.taskIdentifier, task != taskResult.identifier { return false }
            return taskResult.results.contains { step in
                step.identifier == selector.stepIdentifier && !step.isPreviousResult
                    && step.results.contains { child in
                        child.identifier == selector.resultIdentifier && condition.isSatisfied(by: child)
                    }
            }
        case .and(let predicates):
            return predicates.allSatisfy { $0.evaluate(in: taskResult, expressions: expressions) }
        case .or(let predicates):
            return predicates.contains { $0.evaluate(in: taskResult, expressions: expressions) }
        case .not(let predicate):
            return !predicate.evaluate(in: taskResult, expressions: expressions)
        }
    }
}

extension AnswerCondition {
    /// Whether one child result satisfies the condition.
    func isSatisfied(by child: ChildResult) -> Bool {
        if case .consentSignature(let consent) = child {
            if case .consented(let expected) = self { return consent.consented == expected }
            return false
        }
        guard case .question(let question) = child else { return false }
        let answer = question.answer
        switch self {
        case .isNil:
            return answer == nil && !question.isDontKnow
        case .isAnswered:
            return answer != nil && !question.isDontKnow
        case .isDontKnow:
            return question.isDontKnow
        case .numberEquals(let expected):
            return answer?.comparableNumber == expected
        case .numberInRange(let minimum, let maximum, let minimumExclusive, let maximumExclusive):
            guard let value = answer?.comparableNumber else { return false }
            return Self.within(value, minimum, maximum, minimumExclusive, maximumExclusive)
        case .choicesInclude(let expected):
            guard case .choices(let chosen)? = answer else { return false }
            return expected.allSatisfy { value in chosen.contains { $0.matches(value) } }
        case .choicesMatch(let patterns):
            guard case .choices(let chosen)? = answer else { return false }
            return patterns.allSatisfy { pattern in
                chosen.contains { WholeStringPattern(pattern).matches($0.plainText) }
            }
        case .booleanEquals(let expected):
            guard case .boolean(let value)? = answer else { return false }
            return value == expected
        case .textEquals(let expected):
            guard case .text(let value)? = answer else { return false }
            return value == expected
        case .textMatches(let pattern):
            guard case .text(let value)? = answer else { return false }
            return WholeStringPattern(pattern).matches(value)
        case .textInRange(let minimum, let maximum, let minimumExclusive, let maximumExclusive):
            guard case .text(let value)? = answer else { return false }
            return Self.within(
                CodePointOrder(value), minimum.map(CodePointOrder.init), maximum.map(CodePointOrder.init),
                minimumExclusive,
                maximumExclusive)
        case .timeOfDayInRange(let minimum, let maximum):
            // Component-wise, as ResearchKit compares (docs/navigation.md, "Result predicates" quirk), not
            // lexicographic.
            guard case .timeOfDay(let time)? = answer else { return false }
            return time.hour >= minimum.hour && time.minute >= minimum.minute
                && time.hour <= maximum.hour && time.minute <= maximum.minute
        case .dateInRange(let minimum, let maximum, let minimumExclusive, let maximumExclusive):
            guard case .date(let date)? = answer else { return false }
            return Self.within(date, minimum, maximum, minimumExclusive, maximumExclusive)
        case .consented:
            return false
        }
    }

    /// Whether the value lies between the bounds: inclusive as ResearchKit compares, strict where a flag says so
    /// (docs/navigation.md, "Strict bounds").
    private static func within<T: Comparable>(
        _ value: T, _ minimum: T?, _ maximum: T?, _ minimumExclusive: Bool, _ maximumExclusive: Bool
    ) -> Bool {
        let aboveMinimum = minimum.map { minimumExclusive ? value > $0 : value >= $0 } ?? true
        let belowMaximum = maximum.map { maximumExclusive ? value < $0 : value <= $0 } ?? true
        return aboveMinimum && belowMaximum
    }
}

extension Answer {
    /// The number compared by numeric predicates: scale, numeric and time-interval answers.
    var comparableNumber: Double? {
        switch self {
        case .scale(let number), .numeric(let number): number.doubleValue
        case .timeInterval(let seconds): seconds
        default: nil
        }
    }
}

extension ChoiceValue {
    /// Equality as NSNumber/NSString comparison sees it: 7 matches 7.0.
    package func matches(_ other: ChoiceValue) -> Bool {
        switch (self, other) {
        case (.string(let a), .string(let b)): a == b
        case (.string, _), (_, .string): false
        default: numericValue == other.numericValue
        }
    }

    /// The number, for numeric choice values; a boolean is 1 or 0, as an `NSNumber` holding a BOOL compares.
    var numericValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        case .boolean(let value): value ? 1 : 0
        case .string: nil
        }
    }
}

/// A regular expression that must match the whole string (NSPredicate's `MATCHES`).
struct WholeStringPattern {
    let pattern: String

    init(_ pattern: String) {
        self.pattern = pattern
    }

    func matches(_ text: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else { return false }
        let range = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, range: range) != nil
    }
}
