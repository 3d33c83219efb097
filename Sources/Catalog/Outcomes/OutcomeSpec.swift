import OutcomeMapping

/// How one outcome value is taken from a task's result tree (declared in the survey's `outcomes:`).
public struct OutcomeSpec: Sendable, Hashable {
    /// The value's kind, e.g. "checkin.form.pain" or "range".
    public var kind: String
    /// Where in the result tree the value is.
    public var path: ResultPath
    /// Units, e.g. "h" or "degrees".
    public var units: String?
    /// The CareKit value type to store.
    public var type: OutcomeValueType

    /// Creates an outcome spec.
    public init(kind: String, path: ResultPath, units: String? = nil, type: OutcomeValueType = .double) {
        self.kind = kind
        self.path = path
        self.units = units
        self.type = type
    }
}

extension OutcomeSpec {
    /// The kind as an extractor describes what it produces.
    public var kindDescription: OutcomeKindDescription {
        OutcomeKindDescription(kind: kind, units: units, valueType: type.rawValue)
    }
}

extension OutcomeSpec {
    /// The declarative extractor entry this spec describes.
    public var extractorEntry: DeclarativeExtractor.Entry {
        DeclarativeExtractor.Entry(kind: kind, path: path, units: units, valueType: type)
    }
}
