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

    /// `{ "url": url, "value[x]": value }`.
    static func element(_ url: String, _ value: FHIRValue) -> FHIRElement {
        var element = FHIRElement(["url": .string(url)])
        value.set("value", in: &element)
        return element
    }

    /// The itemControl extension with a code of questionnaire-item-control (`slider`, `drop-down`).
    static func itemControl(_ code: String) -> FHIRElement {
        element(itemControl, .codeableConcept([FHIRCoding(system: itemControlSystem, code: code)], text: nil))
    }
}
