/// One `Record` of an export: a quantity or category sample (docs/health-export.md, "Records").
package struct HealthSample: Sendable, Hashable {
    /// The type identifier, e.g. `HKQuantityTypeIdentifierStepCount`, `HKCategoryTypeIdentifierSleepAnalysis`.
    package var type: String
    /// Who wrote it.
    package var source: HealthSource
    /// The unit text (`count`, `count/min`, `kg`), absent on category samples.
    package var unit: String?
    /// `creationDate`, if written.
    package var creationDate: HealthDate?
    /// `startDate`.
    package var startDate: HealthDate
    /// `endDate`.
    package var endDate: HealthDate
    /// The `value` text as written: a number for quantities, a case name for categories
    /// (`HKCategoryValueSleepAnalysisAsleepCore`).
    package var value: String?
    /// `MetadataEntry` children in document order.
    package var metadata: [HealthMetadataEntry]
    /// `HeartRateVariabilityMetadataList/InstantaneousBeatsPerMinute` children (HRV beat lists), in order.
    package var beats: [HealthBeat]
    /// Attributes with no field above, as written.
    package var otherAttributes: [HealthAttribute]

    /// Creates a sample.
    package init(
        type: String, source: HealthSource, unit: String? = nil, creationDate: HealthDate? = nil,
        startDate: HealthDate, endDate: HealthDate, value: String? = nil, metadata: [HealthMetadataEntry] = [],
        beats: [HealthBeat] = [], otherAttributes: [HealthAttribute] = []
    ) {
        self.type = type
        self.source = source
        self.unit = unit
        self.creationDate = creationDate
        self.startDate = startDate
        self.endDate = endDate
        self.value = value
        self.metadata = metadata
        self.beats = beats
        self.otherAttributes = otherAttributes
    }
}

/// One `InstantaneousBeatsPerMinute bpm time` entry of an HRV sample; `time` is the localized text as written.
package struct HealthBeat: Sendable, Hashable {
    /// Beats per minute, as written.
    package var bpm: String
    /// The time text, e.g. "7:47:41.86 PM".
    package var time: String

    /// Creates a beat entry.
    package init(bpm: String, time: String) {
        self.bpm = bpm
        self.time = time
    }
}
