extension SurveyDecoder {
    /// The step kinds that may carry `linkId:`.
    static let linkIdKinds = ["instruction", "question", "form"]

    /// Where a FHIR linkId comes from: an explicit `linkId:` key, or the id of an element that has none.
    struct LinkIdSite: Sendable {
        /// The linkId.
        var value: String
        /// Whether it was written as `linkId:` (only those are reported when they clash).
        var isExplicit: Bool
        /// The path of the key that holds it.
        var path: SurveyPath
        /// Its line.
        var line: Int
    }

    /// Reads the optional `linkId:` of a step, form item or group (a non-empty string) and records the element's
    /// linkId (`linkId:`, else the id under `idKey`) for the survey-wide uniqueness check.
    func linkId(_ reader: MapReader, idKey: String, identifier: String?) -> String? {
        let linkId = reader.has("linkId") ? reader.string("linkId", nonEmpty: true) : nil
        if let linkId {
            let line = reader.node("linkId")?.line ?? reader.line
            linkIdSites.append(LinkIdSite(value: linkId, isExplicit: true, path: reader.path.key("linkId"), line: line))
        } else if !reader.has("linkId"), let identifier {
            let line = reader.node(idKey)?.line ?? reader.line
            linkIdSites.append(
                LinkIdSite(value: identifier, isExplicit: false, path: reader.path.key(idKey), line: line))
        }
        return linkId
    }

    /// Reports each `linkId:` that another element of the survey also uses, as its `linkId:` or, having none, as
    /// its id (FHIR export writes `linkId ?? id`, and linkIds are unique in a Questionnaire); always at the `linkId:`.
    func checkUniqueLinkIds() {
        var ids: [String: SurveyPath] = [:]
        for site in linkIdSites where !site.isExplicit && ids[site.value] == nil { ids[site.value] = site.path }
        var linkIds: [String: SurveyPath] = [:]
        for site in linkIdSites where site.isExplicit {
            if let earlier = linkIds[site.value] {
                sink.report(
                    site.path, "duplicate linkId \"\(site.value)\" (already the linkId at \(earlier))", line: site.line)
            } else if let id = ids[site.value] {
                sink.report(site.path, "duplicate linkId \"\(site.value)\" (already the id at \(id))", line: site.line)
            } else {
                linkIds[site.value] = site.path
            }
        }
    }
}
