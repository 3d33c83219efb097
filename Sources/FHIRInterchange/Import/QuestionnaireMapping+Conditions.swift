import ResearchTasks
import Yams

extension QuestionnaireMapping {
    /// The condition under which `item` is enabled (its `enableWhen`s combined by `enableBehavior`), nil when it has
    /// none or one cannot be converted (a loss: the item is then always asked).
    func enableCondition(_ item: QuestionnaireItem) -> Node? {
        let expression = enableExpressions[item.linkId]
        guard let condition = enableWhenCondition(item) else { return expression }
        guard let expression else { return condition }
        return YAMLNodes.map([("all", YAMLNodes.list([condition, expression]))], flow: true)
    }

    /// The condition of the item's `enableWhen`s alone.
    func enableWhenCondition(_ item: QuestionnaireItem) -> Node? {
        guard !item.enableWhen.isEmpty else { return nil }
        var parts: [Node] = []
        for condition in item.enableWhen {
            switch test(condition, of: item) {
            case .success(let node): parts.append(node)
            case .failure(let problem):
                losses.add(
                    .item(item.linkId),
                    "enableWhen on \(condition.question) \(condition.comparison): \(problem.reason); the item is always asked"
                )
                return nil
            }
        }
        if parts.count == 1 { return parts[0] }
        let behavior = item.enableBehavior ?? "all"
        if item.enableBehavior == nil {
            losses.add(.item(item.linkId), "enableBehavior is missing; all conditions must hold")
        }
        return YAMLNodes.map([(behavior == "any" ? "any" : "all", YAMLNodes.list(parts))], flow: true)
    }

    /// Why one enableWhen cannot be converted.
    struct Unconvertible: Error {
        /// The reason, for the loss list.
        var reason: String
    }

    /// One enableWhen as a survey condition.
    func test(_ condition: EnableWhen, of item: QuestionnaireItem) -> Result<Node, Unconvertible> {
        guard let position = order[condition.question] else {
            return .failure(Unconvertible(reason: "no item has that linkId"))
        }
        guard position < order[item.linkId] ?? 0 else {
            return .failure(Unconvertible(reason: "it refers to a later item, and answers are tested in order"))
        }
        guard let answer = answers[condition.question] else {
            return .failure(Unconvertible(reason: "that item was not imported as a question"))
        }
        func result(_ key: String, _ value: Node) -> Node {
            YAMLNodes.map([("result", YAMLNodes.text(answer.path)), (key, value)], flow: true)
        }
        func not(_ node: Node) -> Node { YAMLNodes.map([("not", node)], flow: true) }
        if condition.comparison == "exists" {
            guard case .boolean(let exists) = condition.answer else {
                return .failure(Unconvertible(reason: "exists takes answerBoolean"))
            }
            // `isAnswered`, not `not isNil`: a question whose step was skipped has no result at all, and FHIR's
            // `exists false` holds for it (docs/navigation.md, "Answered").
            return .success(result("isAnswered", YAMLNodes.bool(exists)!))
        }
        let unsupported = Unconvertible(
            reason: "answer\(condition.answer.typeName) cannot be compared with a \(Self.describe(answer.kind)) answer")
        switch (answer.kind, condition.answer) {
        case (.boolean, .boolean(let flag)):
            switch condition.comparison {
            case "=": return .success(result("booleanEquals", YAMLNodes.bool(flag)!))
            case "!=": return .success(not(result("booleanEquals", YAMLNodes.bool(flag)!)))
            default: return .failure(Unconvertible(reason: "yes/no answers are not ordered"))
            }
        case (.number, .integer), (.number, .decimal):
            let number = YAMLNodes.number(condition.answer.number)!
            switch condition.comparison {
            case "=": return .success(result("numberEquals", number))
            case "!=": return .success(not(result("numberEquals", number)))
            default:
                guard let range = Self.range(condition.comparison, number) else {
                    return .failure(Unconvertible(reason: "the operator is not known"))
                }
                return .success(result("numberInRange", range))
            }
        case (.text, .string(let text)):
            switch condition.comparison {
            case "=": return .success(result("textEquals", YAMLNodes.text(text)!))
            case "!=": return .success(not(result("textEquals", YAMLNodes.text(text)!)))
            default:
                // FHIR orders strings by code point (textInRange compares so: docs/navigation.md, "Result predicates").
                guard let range = Self.range(condition.comparison, YAMLNodes.text(text)!) else {
                    return .failure(Unconvertible(reason: "the operator is not known"))
                }
                return .success(result("textInRange", range))
            }
        case (.date, .date(let text)), (.date, .dateTime(let text)):
            guard text.count >= 10 else {
                return .failure(Unconvertible(reason: "a partial date \(text) cannot be tested"))
            }
            guard
                let range = Self.range(condition.comparison == "!=" ? "=" : condition.comparison, YAMLNodes.text(text)!)
            else {
                return .failure(Unconvertible(reason: "the operator is not known"))
            }
            let node = result("dateInRange", range)
            return .success(condition.comparison == "!=" ? not(node) : node)
        case (.time, .time(let text)):
            guard let minutes = Self.minutes(text) else {
                return .failure(Unconvertible(reason: "the time \(text) is not hh:mm:ss"))
            }
            let bounds: (Int, Int)
            switch condition.comparison {
            case "=", "!=": bounds = (minutes, minutes)
            case ">": bounds = (minutes + 1, 24 * 60 - 1)
            case ">=": bounds = (minutes, 24 * 60 - 1)
            case "<": bounds = (0, minutes - 1)
            case "<=": bounds = (0, minutes)
            default: return .failure(Unconvertible(reason: "the operator is not known"))
            }
            guard bounds.0 <= bounds.1 else { return .failure(Unconvertible(reason: "no time of day satisfies it")) }
            let range = YAMLNodes.map(
                [("min", YAMLNodes.text(Self.clock(bounds.0))), ("max", YAMLNodes.text(Self.clock(bounds.1)))],
                flow: true)
            let node = result("timeOfDayInRange", range)
            return .success(condition.comparison == "!=" ? not(node) : node)
        case (.choice(let choices), _):
            guard ["=", "!=", ">", ">=", "<", "<="].contains(condition.comparison) else {
                return .failure(Unconvertible(reason: "the operator is not known"))
            }
            let comparison = condition.comparison == "!=" ? "=" : condition.comparison
            let matching = choices.filter { Self.compare($0.source, comparison, condition.answer) == true }
            guard !matching.isEmpty else {
                return .failure(Unconvertible(reason: "no answer option matches answer\(condition.answer.typeName)"))
            }
            let includes = matching.map {
                result("choicesInclude", YAMLNodes.list([Self.node(of: $0.value)], flow: true))
            }
            let node =
                includes.count == 1 ? includes[0] : YAMLNodes.map([("any", YAMLNodes.list(includes))], flow: true)
            return .success(condition.comparison == "!=" ? not(node) : node)
        default:
            return .failure(unsupported)
        }
    }

    /// `{ min, max }` with the strict flags for `=`, `>`, `>=`, `<`, `<=` against `bound` (nil for another operator).
    static func range(_ comparison: String, _ bound: Node) -> Node? {
        let pairs: [(String, Node?)]
        switch comparison {
        case "=": pairs = [("min", bound), ("max", bound)]
        case ">": pairs = [("min", bound), ("minExclusive", YAMLNodes.bool(true))]
        case ">=": pairs = [("min", bound)]
        case "<": pairs = [("max", bound), ("maxExclusive", YAMLNodes.bool(true))]
        case "<=": pairs = [("max", bound)]
        default: return nil
        }
        return YAMLNodes.map(pairs, flow: true)
    }

    /// A choice value as a YAML node.
    static func node(of value: ChoiceValueText) -> Node {
        switch value {
        case .string(let text): YAMLNodes.text(text)!
        case .integer(let number): YAMLNodes.integer(number)!
        }
    }

    /// Whether `option` relates to `answer` by `comparison` (nil when they cannot be compared).
    static func compare(_ option: FHIRValue, _ comparison: String, _ answer: FHIRValue) -> Bool? {
        let order: ComparisonResult?
        switch (option, answer) {
        case (.coding(let left), .coding(let right)):
            return comparison == "=" ? left.sameConcept(as: right) : nil
        case (.integer, .integer), (.integer, .decimal):
            order = ComparisonResult(option.number!, answer.number!)
        case (.string(let left), .string(let right)), (.date(let left), .date(let right)),
            (.time(let left), .time(let right)):
            // FHIR orders strings by code point (dates and times written alike compare the same way).
            order = ComparisonResult(CodePointOrder(left), CodePointOrder(right))
        default:
            return nil
        }
        guard let order else { return nil }
        switch comparison {
        case "=": return order == .same
        case ">": return order == .after
        case ">=": return order != .before
        case "<": return order == .before
        case "<=": return order != .after
        default: return nil
        }
    }

    /// How two values are ordered.
    enum ComparisonResult {
        /// The option comes first.
        case before
        /// They are equal.
        case same
        /// The option comes after.
        case after

        /// How `left` is ordered against `right`.
        init<T: Comparable>(_ left: T, _ right: T) {
            self = left < right ? .before : left == right ? .same : .after
        }
    }

    /// Minutes since midnight of `hh:mm[:ss]`.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":").map { Int($0) }
        guard parts.count >= 2, let hours = parts[0], let minutes = parts[1], (0..<24).contains(hours),
            (0..<60).contains(minutes)
        else {
            return nil
        }
        return hours * 60 + minutes
    }

    /// `HH:mm` of minutes since midnight.
    static func clock(_ minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// "yes/no", "number", …: a kind of answer for messages.
    static func describe(_ kind: ImportedAnswer.Kind) -> String {
        switch kind {
        case .boolean: "yes/no"
        case .number: "number"
        case .text: "text"
        case .date: "date"
        case .time: "time"
        case .choice: "choice"
        }
    }
}
