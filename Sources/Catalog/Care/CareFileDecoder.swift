import CareModel
import Foundation

/// Decodes a care file's document (docs/care-plans.md, "The care file"), reporting every problem to its sink.
struct CareFileDecoder {
    let sink: ProblemSink
    let calendar: Calendar

    /// What the document holds (best effort when problems were reported).
    struct Decoded {
        var plans: [CarePlanSpec] = []
        var contacts: [CareContact] = []
        var patient: CarePatient?
        /// The line of each contact's `plan:`, by contact index, for the check against the plans.
        var contactPlanLines: [Int: Int] = [:]
    }

    /// Decodes the document's root.
    func decode(_ root: SurveyNode) -> Decoded? {
        guard let file = MapReader(root, at: .root, kind: "careFile", sink: sink) else { return nil }
        if !file.has("plans") && !file.has("contacts") && !file.has("patient") {
            sink.report(.root, "a care file holds plans, contacts or a patient (none is given)", line: root.line)
        }
        var decoded = Decoded()
        var seen: [String: SurveyPath] = [:]
        for (node, path) in file.list("plans") ?? [] {
            guard let plan = plan(node, at: path) else { continue }
            if let first = seen[plan.id] {
                sink.report(
                    path.key("id"), "duplicate plan id \"\(plan.id)\" (already used at \(first))", line: node.line)
                continue
            }
            seen[plan.id] = path
            decoded.plans.append(plan)
        }
        var contactIDs: [String: SurveyPath] = [:]
        for (node, path) in file.list("contacts") ?? [] {
            guard let contact = contact(node, at: path) else { continue }
            if let first = contactIDs[contact.id] {
                sink.report(
                    path.key("id"), "duplicate contact id \"\(contact.id)\" (already used at \(first))", line: node.line
                )
                continue
            }
            contactIDs[contact.id] = path
            if let planID = contact.planID, seen[planID] == nil {
                sink.report(
                    path.key("plan"), "unknown plan \"\(planID)\" (plans: \(known(seen.keys)))",
                    line: node.entries?.first { $0.key == "plan" }?.value.line ?? node.line)
            }
            decoded.contacts.append(contact)
        }
        decoded.patient = file.node("patient").flatMap { patient($0, at: .root.key("patient")) }
        return decoded
    }

    private func known(_ ids: some Sequence<String>) -> String {
        let sorted = ids.sorted()
        return sorted.isEmpty ? "none" : sorted.joined(separator: ", ")
    }

    private func plan(_ node: SurveyNode, at path: SurveyPath) -> CarePlanSpec? {
        guard let map = MapReader(node, at: path, kind: "carePlan", sink: sink) else { return nil }
        let id = map.string("id", required: true, nonEmpty: true)
        let title = map.string("title", required: true, nonEmpty: true)
        let start = map.node("start").flatMap { date($0, at: path.key("start")) }
        let end = map.node("end").flatMap { date($0, at: path.key("end")) }
        if case .date(let from)? = start, case .date(let to)? = end, to <= from {
            map.report("end", "must be after the plan's start")
        }
        guard let id, let title else { return nil }
        return CarePlanSpec(id: id, title: title, start: start, end: end)
    }

    /// A date ("2026-03-01"), or a moment relative to enrollment as in a schedule.
    private func date(_ node: SurveyNode, at path: SurveyPath) -> PlanDate? {
        if let text = node.string, text.first?.isNumber == true {
            guard let date = DateText.date(text, calendar: calendar) else {
                sink.report(path, "\"\(text)\" is not a date (YYYY-MM-DD)", line: node.line)
                return nil
            }
            return .date(date)
        }
        return SurveyDecoder(sink: sink, calendar: calendar).anchor(node, at: path).map { .anchor($0) }
    }

    private func contact(_ node: SurveyNode, at path: SurveyPath) -> CareContact? {
        guard let map = MapReader(node, at: path, kind: "contact", sink: sink) else { return nil }
        let reader = ContactInfoReader(sink: sink)
        let id = map.string("id", required: true, nonEmpty: true)
        let name = map.required("name").flatMap { reader.personName($0, at: path.key("name")) }
        let category = map.choice("category", CareContact.Category.allCases) ?? .careTeam
        var contact = CareContact(
            id: id ?? "", name: name ?? PersonName(), title: map.string("title", nonEmpty: true),
            role: map.string("role", nonEmpty: true), organization: map.string("organization", nonEmpty: true),
            category: category, planID: map.string("plan", nonEmpty: true))
        contact.phoneNumbers = (map.list("phone") ?? []).compactMap { reader.phone($0, at: $1) }
        contact.messagingNumbers = (map.list("messaging") ?? []).compactMap { reader.phone($0, at: $1) }
        contact.emailAddresses = (map.list("email") ?? []).compactMap { reader.email($0, at: $1) }
        contact.address = map.node("address").flatMap { reader.postalAddress($0, at: path.key("address")) }
        guard id != nil, name != nil else { return nil }
        return contact
    }

    private func patient(_ node: SurveyNode, at path: SurveyPath) -> CarePatient? {
        guard let map = MapReader(node, at: path, kind: "patient", sink: sink) else { return nil }
        let reader = ContactInfoReader(sink: sink)
        let id = map.string("id", nonEmpty: true) ?? "patient"
        let name = map.required("name").flatMap { reader.personName($0, at: path.key("name")) }
        var birthday: String?
        if let text = map.string("birthday") {
            if DateText.date(text, calendar: calendar) != nil, text.count == 10 {
                birthday = text
            } else {
                // The birthday is the patient's: the message does not repeat it.
                map.report("birthday", "is not a date (YYYY-MM-DD)")
            }
        }
        let sex = map.string("sex", nonEmpty: true).map(CarePatient.Sex.init(text:))
        let allergies = map.stringList("allergies") ?? []
        guard let name else { return nil }
        return CarePatient(id: id, name: name, birthday: birthday, sex: sex, allergies: allergies)
    }
}
