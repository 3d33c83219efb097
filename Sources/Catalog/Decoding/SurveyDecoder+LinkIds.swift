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
            linkIdSites.append(LinkIdSite(value: identifier, isExplicit: false, path: reader.path.key(idKey), line: line))
        }
        return linkId
    }

    /// Reports each `linkId:` that another element of the survey also uses, as its `linkId:` or, having none, as
    /// its id (FHIR export writes `linkId ?? id`, and linkIds are unique in a Questionnaire).
    func checkUniqueLinkIds() {
        var first: [String: LinkIdSite] = [:]
        for site in linkIdSites {
            if let earlier = first[site.value] {
                guard site.isExplicit || earlier.isExplicit else { continue }
                let what = earlier.isExplicit ? "linkId" : "id"
                sink.report(site.path, "duplicate linkId \"\(site.value)\" (already the \(what) at \(earlier.path))", line: site.line)
            } else {
                first[site.value] = site
            }
        }
    }
}
