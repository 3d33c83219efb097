import ResearchTasks

extension SurveyDecoder {
    /// Decodes the task's `fhir:` block `{ id, url, version, name, status, code: [coding] }` (surveys/README.md,
    /// "FHIR").
    func decodeFHIRMetadata(_ node: SurveyNode, at path: SurveyPath) -> SurveyFHIRMetadata? {
        guard let map = MapReader(node, at: path, kind: "fhir", sink: sink) else { return nil }
        return SurveyFHIRMetadata(
            id: map.string("id", nonEmpty: true), url: map.string("url", nonEmpty: true),
            version: map.string("version", nonEmpty: true),
            name: map.string("name", nonEmpty: true), status: map.choice("status", QuestionnaireStatus.allCases),
            codes: codings(map, "code")
        )
    }
}

extension SurveyDecoder {
    /// Reads what a step, form item or group keeps of its FHIR item (surveys/README.md, "FHIR"): `prefix`,
    /// `itemControl`, `fhirType` when `typed` (questions: checked against `format`), and `code` when `coded` (forms and
    /// groups; a question's `code` is its own).
    func fhirDetails(_ reader: MapReader, typed format: AnswerFormat? = nil, coded: Bool = false) -> FHIRItemDetails {
        var details = FHIRItemDetails(
            prefix: reader.string("prefix", nonEmpty: true), itemControl: reader.string("itemControl", nonEmpty: true),
            codes: coded ? codings(reader, "code") : [])
        if reader.has("fhirType") {
            details.type = reader.choice("fhirType", FHIRItemType.allCases)
            switch (details.type, format) {
            case (.quantity?, .numeric?), (.url?, .text?), (nil, _), (_, nil): break
            case (.quantity?, _?): reader.report("fhirType", "a quantity is answered with an integer or decimal format")
            case (.url?, _?): reader.report("fhirType", "a url is answered with freeText")
            }
        }
        return details
    }
}
