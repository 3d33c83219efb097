/// A member of the care team or a friend or relative (CareKit's `OCKContact`, docs/care-plans.md, "Contacts").
package struct CareContact: Sendable, Hashable, Codable {
    /// CareKit's `OCKContactCategory`.
    package enum Category: String, Sendable, Hashable, Codable, CaseIterable {
        /// A clinician: exported to FHIR as a Practitioner and its PractitionerRole.
        case careTeam
        /// A friend or relative: exported to FHIR as a RelatedPerson.
        case friendsAndFamily
    }

    /// The contact's id, shared by its versions.
    package var id: String
    /// The contact's name.
    package var name: PersonName
    /// A title such as "Physical therapist", in the care file's default language.
    package var title: String?
    /// What the contact does for the participant, e.g. "Guides your knee exercises".
    package var role: String?
    /// The organization the contact works for.
    package var organization: String?
    /// Care team or friends and family.
    package var category: Category
    /// Phone numbers to call, in E.164 form.
    package var phoneNumbers: [LabeledValue]
    /// Numbers to send messages to, in E.164 form.
    package var messagingNumbers: [LabeledValue]
    /// Email addresses.
    package var emailAddresses: [LabeledValue]
    /// The postal address.
    package var address: PostalAddress?
    /// The plan the contact belongs to (its id), if any.
    package var planID: String?

    /// Creates a contact.
    package init(
        id: String, name: PersonName, title: String? = nil, role: String? = nil, organization: String? = nil,
        category: Category = .careTeam, phoneNumbers: [LabeledValue] = [], messagingNumbers: [LabeledValue] = [],
        emailAddresses: [LabeledValue] = [], address: PostalAddress? = nil, planID: String? = nil
    ) {
        self.id = id
        self.name = name
        self.title = title
        self.role = role
        self.organization = organization
        self.category = category
        self.phoneNumbers = phoneNumbers
        self.messagingNumbers = messagingNumbers
        self.emailAddresses = emailAddresses
        self.address = address
        self.planID = planID
    }
}
