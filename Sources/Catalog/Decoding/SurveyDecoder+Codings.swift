import ResearchTasks

extension SurveyDecoder {
    /// Decodes a coding `{ system?, code, display? }` (surveys/README.md, "FHIR"); nil (reported) when it has no code.
    func decodeCoding(_ node: SurveyNode, at path: SurveyPath) -> Coding? {
        guard let map = MapReader(node, at: path, kind: "coding", sink: sink) else { return nil }
        let system = map.string("system", nonEmpty: true)
        let code = map.string("code", required: true, nonEmpty: true)
        let display = map.string("display")
        return code.map { Coding(system: system, code: $0, display: display) }
    }

    /// Decodes the coding at `key` of a mapping, if present.
    func coding(_ owner: MapReader, _ key: String) -> Coding? {
        owner.node(key).flatMap { decodeCoding($0, at: owner.path.key(key)) }
    }

    /// Decodes the list of codings at `key` of a mapping (FHIR `item.code`, `Questionnaire.code`); empty when absent.
    func codings(_ owner: MapReader, _ key: String) -> [Coding] {
        (owner.list(key) ?? []).compactMap { decodeCoding($0.0, at: $0.1) }
    }
}
