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

    /// A Coding for `unit`: UCUM system and code when known, else the text as display alone.
    package static func coding(of unit: String) -> FHIRElement {
        guard let code = code(of: unit) else { return FHIRElement(["display": .string(unit)]) }
        return FHIRElement(["system": .string(system), "code": .string(code), "display": .string(unit)])
    }

    /// A Quantity of `value` in `unit`: UCUM system and code when known, else the unit text alone.
    package static func quantity(_ value: JSONValue, unit: String?) -> FHIRElement {
        var quantity = FHIRElement(["value": value, "unit": unit.map(JSONValue.string)])
        if let unit, let code = code(of: unit) {
            quantity["system"] = .string(system)
            quantity["code"] = .string(code)
        }
        return quantity
    }
}
