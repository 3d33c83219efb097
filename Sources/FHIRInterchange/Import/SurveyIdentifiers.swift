/// The survey ids given to linkIds: the linkId itself where the survey format allows it, else a close spelling
/// (docs/fhir-import.md, "Ids"), unique in the task; a changed one keeps the original as `linkId:`.
struct SurveyIdentifiers {
    /// The id of each linkId assigned so far.
    private(set) var byLinkId: [String: String] = [:]
    /// Every id given out.
    private var used: Set<String> = []

    /// `raw` with what a survey id cannot hold replaced: leading `/` dropped, other `/` written `.`, white space `-`.
    static func sanitized(_ raw: String) -> String {
        var text = Substring(raw)
        while text.first == "/" { text = text.dropFirst() }
        let mapped = String(
            text.map { character -> Character in
                if character == "/" { return "." }
                return character.isWhitespace || character.isNewline ? "-" : character
            })
        return mapped.isEmpty ? "item" : mapped
    }

    /// The id for `linkId` (when it differs, the step or item keeps `linkId` under `linkId:`).
    mutating func assign(_ linkId: String) -> String {
        if let known = byLinkId[linkId] { return known }
        let base = Self.sanitized(linkId)
        var candidate = base
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(counter)"
            counter += 1
        }
        used.insert(candidate)
        byLinkId[linkId] = candidate
        return candidate
    }
}
