/// A type named by `is`, `as` and `ofType()` (N1 §6.3, "Types"): the system primitives, written with or without the
/// `System.` prefix or as their FHIR primitive names (`string`, `dateTime`…), and FHIR complex types by name
/// (`Coding`, `Quantity`…), which match resource elements whose choice-type suffix names them (docs/expressions.md,
/// "Typing of resource elements").
enum FHIRPathType: Sendable, Hashable {
    case boolean, string, integer, decimal, date, dateTime, time, quantity
    /// A FHIR complex type other than Quantity, by name.
    case element(String)

    /// The type a name denotes, nil for names that are neither a primitive nor a capitalized complex type.
    init?(name: String) {
        var name = name
        for prefix in ["System.", "FHIR."] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        switch name {
        case "Boolean", "boolean": self = .boolean
        case "String", "string", "code", "id", "uri", "url", "canonical", "markdown", "oid", "uuid": self = .string
        case "Integer", "integer", "positiveInt", "unsignedInt": self = .integer
        case "Decimal", "decimal": self = .decimal
        case "Date", "date": self = .date
        case "DateTime", "dateTime", "instant": self = .dateTime
        case "Time", "time": self = .time
        case "Quantity": self = .quantity
        default:
            guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first),
                name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
            else { return nil }
            self = .element(name)
        }
    }

    /// Whether `value` is of this type.
    func matches(_ value: FHIRPathValue) -> Bool {
        switch (self, value) {
        case (.boolean, .boolean), (.string, .string), (.integer, .integer), (.decimal, .decimal), (.date, .date),
            (.dateTime, .dateTime), (.time, .time), (.quantity, .quantity):
            true
        case (.quantity, .element(let element)): element.typeName == "Quantity"
        case (.element(let name), .element(let element)): element.typeName == name
        default: false
        }
    }
}
