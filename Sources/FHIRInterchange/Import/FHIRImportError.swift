package import RegimenFoundation

/// Why a Questionnaire file cannot be imported at all (docs/fhir-import.md, "Losses and errors").
package enum FHIRImportError: Error, Sendable, Hashable {
    /// The bytes are not JSON.
    case notJSON(JSONSyntaxError)
    /// The JSON is not a usable Questionnaire: the place (`item[2].linkId`) and what is wrong there.
    case malformed(place: String, problem: String)
    /// Parts cannot be converted and `--lenient` was not given: nothing was written.
    case lossy([FHIRImportLoss])
}
