/// One `MetadataEntry key value` child, the value as written (units stay inside the text: "56 degF").
package struct HealthMetadataEntry: Sendable, Hashable {
    /// The key, e.g. `HKTimeZone`, `HKMetadataKeySyncIdentifier`.
    package var key: String
    /// The value text.
    package var value: String

    /// Creates an entry.
    package init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

extension [HealthMetadataEntry] {
    /// The value of the first entry with `key`, if any.
    package func value(for key: String) -> String? { first { $0.key == key }?.value }
}
