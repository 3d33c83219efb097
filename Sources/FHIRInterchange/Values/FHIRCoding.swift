package import RegimenFoundation
package import ResearchTasks

/// A FHIR `Coding`: a code in a code system, with its display text (every part optional in files found in the wild).
package struct FHIRCoding: Sendable, Hashable {
    /// The code system's URI, e.g. `http://loinc.org`.
    package var system: String?
    /// The code, e.g. `LA6568-5`.
    package var code: String?
    /// The text for people, e.g. "Not at all".
    package var display: String?

    /// Creates a coding.
    package init(system: String? = nil, code: String? = nil, display: String? = nil) {
        self.system = system
        self.code = code
        self.display = display
    }

    /// A survey's coding (system and display only when known).
    package init(_ coding: Coding) {
        self.init(system: coding.system, code: coding.code, display: coding.display)
    }

    /// Reads a `Coding` object.
    init(reading reader: FHIRObjectReader) {
        self.init(system: reader.string("system"), code: reader.string("code"), display: reader.string("display"))
    }

    /// The coding as a FHIR Coding element (a part that is absent or blank is left out).
    package var element: FHIRElement {
        FHIRElement([
            "system": system.map(JSONValue.string), "code": code.map(JSONValue.string),
            "display": display.map(JSONValue.string),
        ])
    }

    /// Whether `other` names the same concept: system and code compared, display ignored (docs/fhir-import.md).
    package func sameConcept(as other: FHIRCoding) -> Bool {
        code == other.code && (system == nil || other.system == nil || system == other.system)
    }
}
