extension SurveyDecoder {
    /// Decodes the task's `fhir:` block `{ url, version, name, status, code: [coding] }` (surveys/README.md, "FHIR").
    func decodeFHIRMetadata(_ node: SurveyNode, at path: SurveyPath) -> SurveyFHIRMetadata? {
        guard let map = MapReader(node, at: path, kind: "fhir", sink: sink) else { return nil }
        return SurveyFHIRMetadata(
            url: map.string("url", nonEmpty: true), version: map.string("version", nonEmpty: true),
            name: map.string("name", nonEmpty: true), status: map.choice("status", QuestionnaireStatus.allCases),
            codes: codings(map, "code")
        )
    }
}
