package import RegimenFoundation

/// Regimen's unit texts that have a UCUM code (docs/fhir-export.md, "Units"); any other unit is written as text only.
package enum UCUMUnit {
    /// UCUM's code system URI.
    package static let system = "http://unitsofmeasure.org"

    /// The UCUM code of each unit text Regimen's surveys use.
    package static let codes: [String: String] = [
        "h": "h", "min": "min", "s": "s", "kg": "kg", "cm": "cm", "degrees": "deg", "deg": "deg", "{score}": "{score}",
    ]

    /// The UCUM code of `unit`, if it has one.
    package static func code(of unit: String) -> String? { codes[unit] }

    /// A Coding for `unit`, also a Quantity's unit: UCUM system and code when known, else the text as display alone.
    package static func coding(of unit: String) -> FHIRCoding {
        guard let code = code(of: unit) else { return FHIRCoding(display: unit) }
        return FHIRCoding(system: system, code: code, display: unit)
    }
}
