/// What a survey folder's care file holds (docs/care-plans.md, "The care file"): the plans, the care team, and the
/// patient record.
package struct CareFileContents: Sendable, Hashable {
    /// The plans, in file order.
    package var plans: [CarePlan]
    /// The contacts, in file order.
    package var contacts: [CareContact]
    /// The patient record, if the file has one.
    package var patient: CarePatient?

    /// Creates the contents (empty by default: a folder without a care file).
    package init(plans: [CarePlan] = [], contacts: [CareContact] = [], patient: CarePatient? = nil) {
        self.plans = plans
        self.contacts = contacts
        self.patient = patient
    }

    /// Whether there is nothing.
    package var isEmpty: Bool { plans.isEmpty && contacts.isEmpty && patient == nil }
}
