/// The functions of the subset (docs/expressions.md, "Functions"), resolved by name at parse time.
enum FHIRPathFunction: Sendable, Hashable {
    // Existence (N1 §5.1).
    case empty, exists, all, allTrue, anyTrue, allFalse, anyFalse, count, distinct, isDistinct
    // Filtering and projection (N1 §5.2).
    case `where`, select, `repeat`
    case ofType(FHIRPathType)
    // Subsetting (N1 §5.3).
    case single, first, last, tail, skip, take, intersect, exclude
    // Combining (N1 §5.4).
    case union, combine
    // Conversion (N1 §5.5).
    case iif, toBoolean, toInteger, toDecimal, toString, toDate, toDateTime, toTime
    // String manipulation (N1 §5.6).
    case indexOf, substring, startsWith, endsWith, contains, upper, lower, replace, matches, length, toChars
    // Math (N1 §5.7).
    case abs, ceiling, floor, round, truncate
    // Tree navigation (N1 §5.8).
    case children, descendants
    // Current date and time (N1 §5.9.2).
    case now, today, timeOfDay
    // Boolean logic (N1 §6.5.3) and types (N1 §6.3.2, §6.3.4).
    case not
    case `is`(FHIRPathType)
    case `as`(FHIRPathType)
    // Aggregates that N1 leaves out (docs/expressions.md, "Aggregates").
    case sum, min, max, avg
    // FHIR's additions (docs/expressions.md, "Scores of chosen options"): `extension(url)`, and the option's score.
    case `extension`, ordinal

    /// Every function taking no type argument, with its name: the case's own name (`String(describing:)` of a case
    /// without payload, read once here rather than by reflection on every call).
    private static let named: [(FHIRPathFunction, String)] = [
        FHIRPathFunction.empty, .exists, .all, .allTrue, .anyTrue, .allFalse, .anyFalse, .count, .distinct, .isDistinct,
        .where, .select, .repeat, .single, .first, .last, .tail, .skip, .take, .intersect, .exclude, .union, .combine,
        .iif, .toBoolean, .toInteger, .toDecimal, .toString, .toDate, .toDateTime, .toTime, .indexOf, .substring,
        .startsWith, .endsWith, .contains, .upper, .lower, .replace, .matches, .length, .toChars, .abs, .ceiling,
        .floor, .round, .truncate, .children, .descendants, .now, .today, .timeOfDay, .not, .sum, .min, .max, .avg,
        .extension, .ordinal,
    ].map { ($0, String(describing: $0)) }

    /// Each function by the name it is called by (`weight` is R5's name for `ordinal`).
    private static let byName: [String: FHIRPathFunction] = {
        var names = Dictionary(uniqueKeysWithValues: named.map { ($0.1, $0.0) })
        names["weight"] = .ordinal
        return names
    }()

    /// Each function's name.
    private static let names = Dictionary(uniqueKeysWithValues: named)

    /// The function called `name`, nil for names the subset does not define (`ofType`, `is` and `as` take a type and
    /// are resolved by the parser).
    init?(name: String) {
        guard let function = Self.byName[name] else { return nil }
        self = function
    }

    /// The name it is called by.
    var name: String {
        switch self {
        case .ofType: "ofType"
        case .is: "is"
        case .as: "as"
        default: Self.names[self] ?? "function"
        }
    }

    /// How many arguments it takes.
    var arity: ClosedRange<Int> {
        switch self {
        case .exists: 0...1
        case .all, .where, .select, .repeat, .skip, .take, .intersect, .exclude, .union, .combine, .indexOf,
            .startsWith, .endsWith, .contains, .matches, .extension:
            1...1
        case .substring: 1...2
        case .iif: 2...3
        case .replace: 2...2
        case .round: 0...1
        default: 0...0
        }
    }

    /// Whether its arguments are evaluated once per input item, with `$this` that item (N1 §5.2): the others are
    /// evaluated once, against the caller's `$this`.
    var iteratesArguments: Bool {
        switch self {
        case .exists, .all, .where, .select, .repeat: true
        default: false
        }
    }
}
