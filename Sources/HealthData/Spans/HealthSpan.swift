/// One sample as the days-and-nights math reads it, cheap for the store to produce: type, source priority, instants,
/// value and the sleep value and `HKTimeZone` of sleep samples (docs/health-export.md, "Days and nights").
package struct HealthSpan: Sendable, Hashable {
    /// The type identifier, e.g. `HKQuantityTypeIdentifierStepCount`.
    package var type: String
    /// The source's priority (tier and source name).
    package var priority: HealthSourcePriority
    /// Start, UTC seconds.
    package var start: Int64
    /// End, UTC seconds (equal to `start` for an instant sample).
    package var end: Int64
    /// The numeric value of a quantity sample, in the unit the store keeps for the type.
    package var value: Double?
    /// The value of a sleep-analysis sample.
    package var sleep: HealthSleepValue?
    /// The sample's `HKTimeZone` name, if it has one.
    package var timeZoneName: String?

    /// Creates a span from a computed priority.
    package init(
        type: String, priority: HealthSourcePriority, start: Int64, end: Int64, value: Double? = nil,
        sleep: HealthSleepValue? = nil, timeZoneName: String? = nil
    ) {
        self.type = type
        self.priority = priority
        self.start = start
        self.end = end
        self.value = value
        self.sleep = sleep
        self.timeZoneName = timeZoneName
    }

    /// Creates a span from the raw priority inputs: source name, `device` text and the `HKWasUserEntered` flag.
    package init(
        type: String, sourceName: String, device: String? = nil, userEntered: Bool = false, start: Int64, end: Int64,
        value: Double? = nil, sleep: HealthSleepValue? = nil, timeZoneName: String? = nil
    ) {
        let tier = HealthSourcePriority.Tier(userEntered: userEntered, device: device, sourceName: sourceName)
        self.init(
            type: type, priority: HealthSourcePriority(tier: tier, sourceName: sourceName), start: start, end: end,
            value: value, sleep: sleep, timeZoneName: timeZoneName)
    }

    /// Reads a sample of the export: the value as a number (quantities) or a sleep value (sleep analysis), the
    /// `HKWasUserEntered` and `HKTimeZone` metadata.
    package init(sample: HealthSample) {
        let userEntered = sample.metadata.value(for: "HKWasUserEntered").map { $0 == "1" || $0 == "true" } ?? false
        self.init(
            type: sample.type, sourceName: sample.source.name, device: sample.source.device, userEntered: userEntered,
            start: sample.startDate.seconds, end: sample.endDate.seconds, value: sample.value.flatMap(Double.init),
            sleep: sample.type == HealthSpan.sleepType ? sample.value.flatMap(HealthSleepValue.init(text:)) : nil,
            timeZoneName: sample.metadata.value(for: "HKTimeZone"))
    }

    /// `HKQuantityTypeIdentifierStepCount`.
    package static let stepType = "HKQuantityTypeIdentifierStepCount"
    /// `HKCategoryTypeIdentifierSleepAnalysis`.
    package static let sleepType = "HKCategoryTypeIdentifierSleepAnalysis"
}
