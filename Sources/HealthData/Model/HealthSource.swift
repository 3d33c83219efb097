/// Who wrote a sample: the app or device name, its version and the `HKDevice` description text, as written.
package struct HealthSource: Sendable, Hashable {
    /// `sourceName`, e.g. "Alexandre’s Apple Watch", "Health", "AutoSleep".
    package var name: String
    /// `sourceVersion`, if written.
    package var version: String?
    /// The `device` description (`<<HKDevice: 0x…>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, …>`).
    package var device: String?

    /// Creates a source.
    package init(name: String, version: String? = nil, device: String? = nil) {
        self.name = name
        self.version = version
        self.device = device
    }
}
