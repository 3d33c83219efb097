import ResearchTasks

extension Step {
    /// The step's FHIR linkId: its `linkId:` (the original one, kept by import), else its id.
    var fhirLinkId: String { linkId ?? identifier }
}

extension FormItem {
    /// The item's FHIR linkId: its `linkId:` (the original one, kept by import), else its id.
    var fhirLinkId: String { linkId ?? identifier }
}

extension FormGroup {
    /// The group's FHIR linkId: its `linkId:` (the original one, kept by import), else its id.
    var fhirLinkId: String { linkId ?? identifier }
}

extension OrderedTask {
    /// The FHIR linkId of each question step and form item that has a `linkId:`, by result identifier (what
    /// conditions name).
    var fhirLinkIds: [String: String] {
        var linkIds: [String: String] = [:]
        for step in steps {
            switch step.content {
            case .question: if let linkId = step.linkId { linkIds[step.identifier] = linkId }
            case .form(let form):
                for item in form.items { if let linkId = item.linkId { linkIds[item.identifier] = linkId } }
            default: break
            }
        }
        return linkIds
    }
}
