import FHIRPath

/// Random well-typed expressions over the sample response, from a seed: numbers, strings, Booleans, dates and
/// collections combined by every operator and most functions, with empty operands mixed in. Expressions whose
/// answers fhirpathpy cannot match by construction stay out (docs/expressions.md, "Known differences of
/// fhirpathpy"): `mod` takes non-negative operands, inexact division never feeds a comparison or a rounding, and
/// `round()` (which fhirpathpy rounds half to even) is not generated, the empty string is never a string function's
/// focus, and aggregates and set functions take literal collections that are not empty.
struct RandomExpressions {
    /// SplitMix64: small, fast and the same on every platform.
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    private mutating func pick(_ choices: [String]) -> String { choices[below(choices.count)] }

    /// One expression of any kind.
    mutating func expression() -> String {
        switch below(6) {
        case 0: integer(depth: 3)
        case 1: number(depth: 3, exact: below(3) != 0)
        case 2: boolean(depth: 3)
        case 3: string(depth: 3)
        case 4: collection(depth: 2)
        default: date(depth: 2)
        }
    }

    static let steps = "item.where(linkId = 'steps').answer.value"
    /// A literal collection for the aggregates, which fail in fhirpathpy on values read from the resource.
    static let scores = "(4 | 7 | 10 | 2)"

    mutating func integer(depth: Int) -> String {
        if depth == 0 || below(4) == 0 {
            switch below(9) {
            case 0: return "(-\(below(20)))"
            case 1: return "\(Self.steps).first()"
            case 2: return "\(Self.steps).count()"
            case 3: return "\(Self.scores).sum()"
            case 4: return "item.count()"
            case 5: return "{}"
            case 6: return "\(Self.steps)[\(below(4))]"
            default: return String(below(20))
            }
        }
        let d = depth - 1
        switch below(11) {
        case 0, 1, 2: return "(\(integer(depth: d)) \(pick(["+", "-", "*"])) \(integer(depth: d)))"
        case 3: return "(\(integer(depth: d)) div \(integer(depth: d)))"
        case 4: return "((\(integer(depth: d))).abs() mod (\(integer(depth: d))).abs())"
        case 5: return "iif(\(boolean(depth: d)), \(integer(depth: d)), \(integer(depth: d)))"
        case 6: return "\(string(depth: d)).length()"
        case 7: return "\(collection(depth: d)).count()"
        case 8: return "(\(number(depth: d, exact: true))).\(pick(["floor", "ceiling", "truncate"]))()"
        case 9: return "\(string(depth: d)).indexOf('\(pick(["a", "b", "", "ab"]))')"
        default: return "(\(integer(depth: d))).abs()"
        }
    }

    mutating func number(depth: Int, exact: Bool) -> String {
        if depth == 0 || below(4) == 0 {
            switch below(6) {
            case 0: return "item.where(linkId = 'weight').answer.value"
            case 1: return "item.where(linkId = 'height').answer.value"
            case 2: return "\(below(100)).\(below(100))"
            case 3: return integer(depth: 0)
            default: return "\(pick(["0.5", "1.25", "2.0", "0.1", "3.75", "(-1.5)"]))"
            }
        }
        let d = depth - 1
        switch below(exact ? 6 : 8) {
        case 0, 1: return "(\(number(depth: d, exact: exact)) \(pick(["+", "-"])) \(number(depth: d, exact: exact)))"
        case 2: return "(\(number(depth: d, exact: exact)) * \(integer(depth: 0)))"
        case 3: return "(\(number(depth: d, exact: exact)) * \(pick(["2", "0.5", "(-1)"])))"
        case 4: return "iif(\(boolean(depth: d)), \(number(depth: d, exact: exact)), \(number(depth: d, exact: exact)))"
        case 5: return "((\(number(depth: d, exact: true))).abs() mod \(pick(["0.7", "2", "1.5", "0"])))"
        case 6: return "(\(number(depth: d, exact: false)) / \(number(depth: d, exact: false)))"
        default: return "\(Self.scores).avg()"
        }
    }

    mutating func boolean(depth: Int) -> String {
        if depth == 0 || below(5) == 0 {
            return pick([
                "true", "false", "{}", "item.where(linkId = 'smoker').answer.value", "item.exists()",
                "item.where(linkId = 'nothing').exists()",
            ])
        }
        let d = depth - 1
        switch below(12) {
        case 0, 1:
            return "(\(boolean(depth: d)) \(pick(["and", "or", "xor", "implies"])) \(boolean(depth: d)))"
        case 2:
            return "(\(integer(depth: d)) \(pick(["=", "!=", "<", ">", "<=", ">=", "~", "!~"])) \(integer(depth: d)))"
        case 3:
            return
                "(\(number(depth: d, exact: true)) \(pick(["=", "!=", "<", ">", "<=", ">=", "~"])) \(number(depth: d, exact: true)))"
        case 4: return "(\(string(depth: d)) \(pick(["=", "!=", "<", ">", "~", "!~"])) \(string(depth: d)))"
        case 5: return "(\(boolean(depth: d))).not()"
        case 6: return "\(collection(depth: d)).\(pick(["empty", "exists", "isDistinct"]))()"
        case 7: return "(\(integer(depth: d)) in \(collection(depth: d)))"
        case 8:
            return
                "\(string(depth: d)).\(pick(["startsWith", "endsWith", "contains"]))('\(pick(["a", "B", "", "ba"]))')"
        case 9: return "(\(date(depth: d)) \(pick(["=", "<", ">", "<=", ">=", "~", "!="])) \(date(depth: d)))"
        case 10: return "\(collection(depth: d)).all($this > \(below(10)))"
        default: return "\(collection(depth: d)).exists($this = \(below(10)))"
        }
    }

    mutating func string(depth: Int) -> String {
        if depth == 0 || below(4) == 0 {
            return pick([
                "'abc'", "'Banana'", "'a b'", "{}", "item.where(linkId = 'note').answer.value", "item[0].linkId",
            ])
        }
        let d = depth - 1
        switch below(9) {
        case 0: return "(\(string(depth: d)) + \(string(depth: d)))"
        case 1: return "(\(string(depth: d)) & \(pick(["'x'", "'Ab'"])))"
        case 2: return "\(string(depth: d)).\(pick(["upper", "lower"]))()"
        case 3: return "\(string(depth: d)).substring(\(below(5)))"
        case 4: return "\(string(depth: d)).substring(\(below(4)), \(1 + below(3)))"
        case 5: return "\(string(depth: d)).replace('\(pick(["a", "an", "b"]))', '\(pick(["", "x", "yy"]))')"
        case 6: return "(\(integer(depth: d))).toString()"
        case 7: return "iif(\(boolean(depth: d)), \(string(depth: d)), \(string(depth: d)))"
        default: return "item.select(linkId).\(pick(["first", "last"]))()"
        }
    }

    mutating func collection(depth: Int) -> String {
        if depth == 0 || below(3) == 0 {
            // Literal collections, never empty: fhirpathpy's set functions do not find values read from the resource
            // equal to others, and its functions give nothing on an empty focus (docs/expressions.md, "Known
            // differences of fhirpathpy").
            return pick(["(1 | 2 | 3)", "(3 | 3 | 5)", "(1).combine(1).combine(2)", "(4 | 7 | 10 | 2)"])
        }
        let d = depth - 1
        switch below(8) {
        case 0: return "\(collection(depth: d)).where($this > \(below(8)))"
        case 1: return "\(collection(depth: d)).select($this * \(below(4)))"
        case 2: return "\(collection(depth: d)).\(pick(["distinct", "tail", "first", "last"]))()"
        case 3: return "\(collection(depth: d)).\(pick(["skip", "take"]))(\(below(4)))"
        case 4: return "(\(collection(depth: d)) | \(collection(depth: d)))"
        case 5:
            // The focus a literal, never emptied by a filter; the argument anything, `{}` included.
            let argument = below(4) == 0 ? "{}" : collection(depth: d)
            return "\(collection(depth: 0)).\(pick(["union", "combine", "intersect", "exclude"]))(\(argument))"
        case 6: return "\(collection(depth: d)).where($index \(pick(["<", ">"])) \(below(3)))"
        default: return "\(collection(depth: d)).select(iif($this > 3, $this, {}))"
        }
    }

    mutating func date(depth: Int) -> String {
        if depth == 0 || below(3) == 0 {
            return pick([
                "@2024-01-31", "@2024-02", "@2023", "item.where(linkId = 'onset').answer.value",
                "@2024-03-05T10:15:00Z",
                "@2024-03-05T09:15:00+01:00", "authored", "{}", "@2024-02-29",
            ])
        }
        // Arithmetic on values to the day or finer: fhirpathpy does not truncate a quantity finer than a partial
        // date (docs/expressions.md, "Known differences of fhirpathpy").
        let base = pick([
            "@2024-01-31", "item.where(linkId = 'onset').answer.value", "@2024-03-05T10:15:00Z", "authored", "{}",
            "@2024-02-29", "@2023-12-31",
        ])
        var text = base
        for _ in 0..<(1 + below(depth + 1)) {
            text =
                "(\(text) \(pick(["+", "-"])) \(below(40)) \(pick(["days", "months", "years", "weeks", "day", "month"])))"
        }
        return text
    }
}
