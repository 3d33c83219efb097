/// A coded concept (FHIR R4 `Coding`): a code in an optional code system, with optional display text.
package struct Coding: Sendable, Hashable {
    /// The code system's URI, e.g. "http://loinc.org"; nil when the source gives none.
    package var system: String?
    /// The code within the system.
    package var code: String
    /// Human-readable text for the code.
    package var display: String?

    /// Creates a coding.
    package init(system: String? = nil, code: String, display: String? = nil) {
        self.system = system
        self.code = code
        self.display = display
    }
}
