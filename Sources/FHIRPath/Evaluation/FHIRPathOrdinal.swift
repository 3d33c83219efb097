import RegimenFoundation

/// `ordinal()` (also called `weight()`, its name from FHIR R5): the score of each chosen option in focus — the
/// `valueDecimal` of the ordinalValue (or itemWeight) extension on a Coding, or on the answer or option holding it
/// (docs/expressions.md, "Scores of chosen options"). Items without a score give nothing.
enum FHIRPathOrdinal {
    /// The extension URLs that carry a score: SDC's ordinalValue and R5's itemWeight.
    static let urls: Set<String> = [
        "http://hl7.org/fhir/StructureDefinition/ordinalValue",
        "http://hl7.org/fhir/StructureDefinition/itemWeight",
    ]

    static func scores(of items: [FHIRPathValue]) -> [FHIRPathValue] {
        var scores: [FHIRPathValue] = []
        for item in items {
            guard case .element(let element) = item else { continue }
            if let score = score(of: element) {
                scores.append(score)
            } else if let chosen = element.children(named: "value").first, case .element(let coding) = chosen,
                let score = score(of: coding)
            {
                scores.append(score)
            }
        }
        return scores
    }

    private static func score(of element: FHIRPathElement) -> FHIRPathValue? {
        for case .element(let extensionElement) in element.children(named: "extension") {
            guard case .string(let url)? = extensionElement.members["url"], urls.contains(url) else { continue }
            if let score = extensionElement.children(named: "value").first { return score }
        }
        return nil
    }
}
