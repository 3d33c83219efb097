/// A `Correlation` (blood pressure, food): its own source, dates and metadata, and its member records — which the
/// export also writes at top level, so the store keeps each member once (docs/health-export.md, "Correlations").
package struct HealthCorrelation: Sendable, Hashable {
    /// The type, e.g. `HKCorrelationTypeIdentifierBloodPressure`.
    package var type: String
    /// Who wrote it.
    package var source: HealthSource
    /// `creationDate`, if written.
    package var creationDate: HealthDate?
    /// `startDate`.
    package var startDate: HealthDate
    /// `endDate`.
    package var endDate: HealthDate
    /// `MetadataEntry` children.
    package var metadata: [HealthMetadataEntry]
    /// The member records.
    package var members: [HealthSample]
    /// Attributes with no field above, as written (nothing in an export is dropped).
    package var otherAttributes: [HealthAttribute]

    /// Creates a correlation.
    package init(
        type: String, source: HealthSource, creationDate: HealthDate? = nil, startDate: HealthDate, endDate: HealthDate,
        metadata: [HealthMetadataEntry] = [], members: [HealthSample] = [], otherAttributes: [HealthAttribute] = []
    ) {
        self.type = type
        self.source = source
        self.creationDate = creationDate
        self.startDate = startDate
        self.endDate = endDate
        self.metadata = metadata
        self.members = members
        self.otherAttributes = otherAttributes
    }
}
