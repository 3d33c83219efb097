import CareModel
import ParticipantWords
import RegimenFoundation
import TerminalRunner

/// The care team and the patient record as text (`regimen contacts`, `regimen patient show`).
struct CareTeamRenderer {
    let words: Words
    let style: TextStyle

    /// The contacts, those of each plan under its title (from `planTitles`, by plan id), every way to reach each one
    /// on its own line.
    func render(_ contacts: [CareContact], planTitles: [String: String]) -> String {
        guard !contacts.isEmpty else { return words(.noContacts) }
        var out: [String] = []
        let groups = groupedByPlan(contacts)
        for (planID, members) in groups {
            var indent = ""
            if let planID {
                if !out.isEmpty { out.append("") }
                out.append(style.title(planTitles[planID] ?? planID))
                indent = "  "
            }
            for contact in members {
                out += lines(contact, indent: indent)
            }
        }
        return out.joined(separator: "\n")
    }

    /// Contacts without a plan first, then each plan's in order of first appearance.
    private func groupedByPlan(_ contacts: [CareContact]) -> [(String?, [CareContact])] {
        var order: [String?] = []
        var groups: [String?: [CareContact]] = [:]
        for contact in contacts {
            if groups[contact.planID] == nil { order.append(contact.planID) }
            groups[contact.planID, default: []].append(contact)
        }
        order.sort { ($0 == nil ? 0 : 1) < ($1 == nil ? 0 : 1) }
        return order.map { ($0, groups[$0] ?? []) }
    }

    private func lines(_ contact: CareContact, indent: String) -> [String] {
        var heading = contact.name.isEmpty ? contact.id : contact.name.formatted
        if let title = contact.title { heading += " — " + title }
        var out = [indent + heading]
        let inner = indent + "  "
        if let role = contact.role { out.append(inner + role) }
        if let organization = contact.organization { out.append(inner + organization) }
        var ways: [(String, String)] = []
        ways += contact.phoneNumbers.map { (words(.reachPhone), labelled($0)) }
        ways += contact.messagingNumbers.map { (words(.reachMessage), labelled($0)) }
        ways += contact.emailAddresses.map { (words(.reachEmail), labelled($0)) }
        if let address = contact.address { ways.append((words(.reachAddress), address.oneLine)) }
        let width = ways.map { TerminalColumns.width(of: $0.0) }.max() ?? 0
        for (kind, value) in ways { out.append(inner + TerminalColumns.padded(kind, to: width) + "  " + value) }
        return out
    }

    private func labelled(_ value: LabeledValue) -> String {
        value.label.isEmpty ? value.value : "\(value.value) (\(value.label))"
    }

    /// A task link on one line: its kind, title and target.
    func linkLine(_ link: TaskLink, title: String) -> String {
        let kind: String =
            switch link.kind {
            case .website: words(.reachWebsite)
            case .phone: words(.reachPhone)
            case .message: words(.reachMessage)
            case .email: words(.reachEmail)
            case .address: words(.reachAddress)
            case .app: words(.reachApp)
            }
        let target = link.kind == .app ? link.url : link.target
        return "\(title) (\(kind)): \(target)"
    }

    /// The patient record: name, birthday, sex and allergies, one per line.
    func render(_ patient: CarePatient) -> String {
        let sex: String? = patient.sex.map { sex in
            switch sex {
            case .female: words(.sexFemale)
            case .male: words(.sexMale)
            case .other(let value): value
            }
        }
        let rows: [(String, String)] = [
            (words(.patientName), patient.name.formatted),
            (words(.patientBirthday), patient.birthday ?? "—"),
            (words(.patientSex), sex ?? "—"),
            (
                words(.patientAllergies),
                patient.allergies.isEmpty ? words(.noneRecorded) : patient.allergies.joined(separator: ", ")
            ),
        ]
        let width = rows.map { TerminalColumns.width(of: $0.0) }.max() ?? 0
        return rows.map { TerminalColumns.padded($0.0, to: width) + "  " + $0.1 }.joined(separator: "\n")
    }
}
