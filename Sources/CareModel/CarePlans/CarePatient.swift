/// The participant's patient record (CareKit's `OCKPatient`): one per store.
package struct CarePatient: Sendable, Hashable, Codable {
    /// CareKit's `OCKBiologicalSex`: female, male, or another value as written.
    package enum Sex: Sendable, Hashable, Codable {
        case female
        case male
        case other(String)

        /// The text a care file writes and the store keeps: "female", "male", or the other value.
        package var text: String {
            switch self {
            case .female: "female"
            case .male: "male"
            case .other(let value): value
            }
        }

        /// The sex a text names ("female" and "male", else other).
        package init(text: String) {
            switch text {
            case "female": self = .female
            case "male": self = .male
            default: self = .other(text)
            }
        }

        package init(from decoder: any Decoder) throws {
            self.init(text: try decoder.singleValueContainer().decode(String.self))
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }

    /// The record's id (FHIR `Patient.id`).
    package var id: String
    /// The patient's name.
    package var name: PersonName
    /// The birthday as a calendar day, "YYYY-MM-DD" (a day, not an instant: it has no time zone).
    package var birthday: String?
    /// The sex CareKit records.
    package var sex: Sex?
    /// Allergies, as written.
    package var allergies: [String]

    /// Creates a patient record.
    package init(
        id: String, name: PersonName, birthday: String? = nil, sex: Sex? = nil, allergies: [String] = []
    ) {
        self.id = id
        self.name = name
        self.birthday = birthday
        self.sex = sex
        self.allergies = allergies
    }
}
