import RegimenFoundation

/// The answer options a FHIR ValueSet offers: its `expansion.contains` when expanded, else every
/// `compose.include` concept
/// (docs/fhir-import.md, "Answer options").
package enum ValueSetOptions {
    /// The options of a ValueSet resource.
    static func options(of valueSet: FHIRObjectReader) -> [AnswerOption] {
        var options: [AnswerOption] = []
        for concept in valueSet.object("expansion")?.objects("contains") ?? [] {
            options.append(
                AnswerOption(
                    value: .coding(FHIRCoding(reading: concept)), score: FHIRExtension.score(in: concept),
                    initialSelected: false))
        }
        if !options.isEmpty { return options }
        for include in valueSet.object("compose")?.objects("include") ?? [] {
            let system = include.string("system")
            for concept in include.objects("concept") {
                let coding = FHIRCoding(
                    system: system, code: concept.string("code"), display: concept.string("display"))
                options.append(
                    AnswerOption(
                        value: .coding(coding), score: FHIRExtension.score(in: concept), initialSelected: false))
            }
        }
        return options
    }

    /// Reads a ValueSet file for `--value-set`: its `url` (nil when it has none) and options.
    package static func read(_ bytes: [UInt8]) throws(FHIRImportError) -> (url: String?, options: [AnswerOption]) {
        let document: JSONValue
        do throws(JSONSyntaxError) {
            document = try JSONParser.parse(bytes: bytes)
        } catch {
            throw .notJSON(error)
        }
        guard case .object(let members) = document, case .string("ValueSet") = members["resourceType"] ?? .null else {
            throw .malformed(place: "resourceType", problem: "not a ValueSet")
        }
        let reader = FHIRObjectReader(members: members, place: "", subject: .questionnaire, losses: LossList())
        let options = options(of: reader)
        guard !options.isEmpty else { throw .malformed(place: "compose", problem: "the ValueSet lists no concepts") }
        return (reader.string("url"), options)
    }
}
