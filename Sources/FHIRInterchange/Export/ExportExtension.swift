import RegimenFoundation

/// The FHIR core and SDC extensions the export writes (docs/fhir-export.md, "Item types").
package enum ExportExtension {
    static let minValue = "http://hl7.org/fhir/StructureDefinition/minValue"
    static let maxValue = "http://hl7.org/fhir/StructureDefinition/maxValue"
    static let maxDecimalPlaces = "http://hl7.org/fhir/StructureDefinition/maxDecimalPlaces"
    static let unit = "http://hl7.org/fhir/StructureDefinition/questionnaire-unit"
    static let itemControl = "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl"
    static let sliderStepValue = "http://hl7.org/fhir/StructureDefinition/questionnaire-sliderStepValue"
    static let regex = "http://hl7.org/fhir/StructureDefinition/regex"
    static let entryFormat = "http://hl7.org/fhir/StructureDefinition/entryFormat"
    static let optionExclusive = "http://hl7.org/fhir/StructureDefinition/questionnaire-optionExclusive"
    static let ordinalValue = "http://hl7.org/fhir/StructureDefinition/ordinalValue"
    static let itemControlSystem = "http://hl7.org/fhir/questionnaire-item-control"
    static let calculatedExpression =
        "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression"
    static let enableWhenExpression =
        "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-enableWhenExpression"
    static let initialExpression = "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-initialExpression"
    static let variable = "http://hl7.org/fhir/StructureDefinition/variable"
    static let cqfExpression = "http://hl7.org/fhir/StructureDefinition/cqf-expression"

    /// `{ "url": url, "value[x]": value }`.
    static func element(_ url: String, _ value: FHIRValue) -> FHIRElement {
        var element = FHIRElement(["url": .string(url)])
        value.set("value", in: &element)
        return element
    }

    /// `{ "url": url, "valueExpression": { "name": name, "language": "text/fhirpath", "expression": text } }`.
    static func expression(_ url: String, _ text: String, name: String? = nil) -> FHIRElement {
        let value = FHIRElement([
            "name": name.map(JSONValue.string), "language": .string("text/fhirpath"), "expression": .string(text),
        ])
        return FHIRElement(["url": .string(url), "valueExpression": value.json])
    }

    /// The itemControl extension with a code of questionnaire-item-control (`slider`, `drop-down`).
    static func itemControl(_ code: String) -> FHIRElement {
        element(itemControl, .codeableConcept([FHIRCoding(system: itemControlSystem, code: code)], text: nil))
    }
}

extension FHIRElement {
    /// Adds `element` at the end of the `extension` array.
    mutating func appendExtension(_ element: FHIRElement) {
        guard let json = element.json else { return }
        if case .array(let list)? = self["extension"] {
            self["extension"] = .array(list + [json])
        } else {
            self["extension"] = .array([json])
        }
    }
}
