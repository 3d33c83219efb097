package import CareModel
package import Catalog
package import Foundation
package import RegimenFoundation

/// The patient record, care plans and contacts as FHIR R4 resources (docs/care-plans.md, "FHIR").
///
/// - Patient: as CareKitFHIR's `OCKR4PatientCoder` maps `OCKPatient` — id, one HumanName (family, given, prefix,
///   suffix), gender (female, male, other; unknown for a sex written "unknown") and birthDate. Allergies are not
///   carried, as the coder carries none (FHIR records them as AllergyIntolerance resources).
/// - CarePlan: the plan's title and period, status active, completed once ended or draft before it starts, intent
///   plan, and one activity per task whose `detail.instantiatesCanonical` is the task's exported Questionnaire
///   (`QuestionnaireCanonical`, the same `url|version` `survey export` writes).
/// - Contacts: CareKitFHIR maps no `OCKContact`; a care-team contact becomes a Practitioner with its PractitionerRole
///   (title as the role's code text, organization as a display reference), a friends-and-family contact a
///   RelatedPerson of the patient (title as the relationship's text).
package enum CareFHIRExport {
    /// The Patient resource of a patient record.
    package static func patient(_ patient: CarePatient) -> JSONValue {
        var resource = FHIRElement([
            "resourceType": .string("Patient"), "id": .string(identifier(patient.id)),
            "name": [humanName(patient.name)].json,
            "birthDate": patient.birthday.map(JSONValue.string),
        ])
        if let sex = patient.sex {
            let gender: String =
                switch sex {
                case .female: "female"
                case .male: "male"
                case .other(let value): value == "unknown" ? "unknown" : "other"
                }
            resource["gender"] = .string(gender)
        }
        return resource.json ?? .null
    }

    /// One task of a plan, for its activity: its title and the survey it is exported as.
    package struct PlannedTask: Sendable {
        /// The task's title.
        package var title: String
        /// The survey's catalog entry (its Questionnaire's canonical URL and version).
        package var entry: CatalogEntry

        /// Creates a planned task.
        package init(title: String, entry: CatalogEntry) {
            self.title = title
            self.entry = entry
        }
    }

    /// The CarePlan of a plan at `now`, its activities the tasks; the subject is the patient when there is a record.
    package static func carePlan(
        _ plan: CarePlan, tasks: [PlannedTask], contacts: [CareContact], patient: CarePatient?, now: Date,
        timeZone: TimeZone
    ) -> JSONValue {
        let status =
            plan.hasEnded(by: now) ? "completed" : (plan.start.map { $0 > now } ?? false) ? "draft" : "active"
        var period = FHIRElement()
        period["start"] = plan.start.map { .string(day($0, timeZone: timeZone)) }
        // The plan's end is exclusive; a FHIR period's end is the last day it covers.
        period["end"] = plan.end.map { .string(day($0.addingTimeInterval(-1), timeZone: timeZone)) }
        let activities = tasks.map { task in
            FHIRElement([
                "detail": FHIRElement([
                    "kind": .string("Task"),
                    "instantiatesCanonical": .array([.string(QuestionnaireCanonical(entry: task.entry).reference)]),
                    "status": .string(status == "completed" ? "completed" : "scheduled"),
                    "description": .string(task.title),
                ]).json
            ])
        }
        let contributors = contacts.map { contact in
            FHIRElement([
                "reference": .string(
                    contact.category == .careTeam
                        ? "Practitioner/\(identifier(contact.id))" : "RelatedPerson/\(identifier(contact.id))"),
                "display": .string(contact.name.formatted),
            ])
        }
        return FHIRElement([
            "resourceType": .string("CarePlan"), "id": .string(identifier(plan.id)), "status": .string(status),
            "intent": .string("plan"), "title": .string(plan.title), "subject": subject(patient).json,
            "period": period.json, "contributor": contributors.json, "activity": activities.json,
        ]).json ?? .null
    }

    /// A contact's resources: a Practitioner and its PractitionerRole, or a RelatedPerson of the patient.
    package static func contact(_ contact: CareContact, patient: CarePatient?) -> [JSONValue] {
        let id = identifier(contact.id)
        let telecom = self.telecom(contact)
        let address = contact.address.map { [postalAddress($0)].json } ?? nil
        switch contact.category {
        case .careTeam:
            let practitioner = FHIRElement([
                "resourceType": .string("Practitioner"), "id": .string(id), "name": [humanName(contact.name)].json,
                "telecom": telecom.json, "address": address,
            ])
            let role = FHIRElement([
                "resourceType": .string("PractitionerRole"), "id": .string(identifier(contact.id + "-role")),
                "practitioner": FHIRElement([
                    "reference": .string("Practitioner/\(id)"), "display": .string(contact.name.formatted),
                ]).json,
                "organization": contact.organization.map { FHIRElement(["display": .string($0)]).json } ?? nil,
                "code": contact.title.map { [FHIRElement(["text": .string($0)])].json } ?? nil,
                "telecom": telecom.json,
            ])
            return [practitioner.json, role.json].compactMap { $0 }
        case .friendsAndFamily:
            return [
                FHIRElement([
                    "resourceType": .string("RelatedPerson"), "id": .string(id), "patient": subject(patient).json,
                    "relationship": contact.title.map { [FHIRElement(["text": .string($0)])].json } ?? nil,
                    "name": [humanName(contact.name)].json, "telecom": telecom.json, "address": address,
                ]).json
            ].compactMap { $0 }
        }
    }

    /// A Bundle (type collection) of resources.
    package static func bundle(_ resources: [JSONValue]) -> JSONValue {
        FHIRElement([
            "resourceType": .string("Bundle"), "type": .string("collection"),
            "entry": resources.map { FHIRElement(["resource": $0]) }.json,
        ]).json ?? .null
    }

    /// A FHIR id for a record id: kept when valid, else its letters, digits, `-` and `.` (at most 64).
    static func identifier(_ id: String) -> String {
        if FHIRIdentifier.isValid(id) { return id }
        let kept = String(
            id.unicodeScalars.filter {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".")
            }
            .prefix(64).map(Character.init))
        return kept.isEmpty ? "record" : kept
    }

    private static func subject(_ patient: CarePatient?) -> FHIRElement {
        guard let patient else { return FHIRElement(["display": .string("the participant")]) }
        return FHIRElement([
            "reference": .string("Patient/\(identifier(patient.id))"), "display": .string(patient.name.formatted),
        ])
    }

    private static func humanName(_ name: PersonName) -> FHIRElement {
        FHIRElement([
            "family": name.family.map(JSONValue.string),
            "given": name.given.map { .array([.string($0)]) },
            "prefix": name.prefix.map { .array([.string($0)]) },
            "suffix": name.suffix.map { .array([.string($0)]) },
            "text": .string(name.formatted),
        ])
    }

    private static func telecom(_ contact: CareContact) -> [FHIRElement] {
        func point(_ system: String, _ value: LabeledValue) -> FHIRElement {
            let use = ["work", "home", "mobile"].first { value.label.lowercased() == $0 }
            return FHIRElement([
                "system": .string(system), "value": .string(value.value), "use": use.map(JSONValue.string),
            ])
        }
        return contact.phoneNumbers.map { point("phone", $0) } + contact.messagingNumbers.map { point("sms", $0) }
            + contact.emailAddresses.map { point("email", $0) }
    }

    private static func postalAddress(_ address: PostalAddress) -> FHIRElement {
        FHIRElement([
            "line": address.street.map { street in
                .array(street.split(separator: "\n").map { .string(String($0)) })
            },
            "city": address.city.map(JSONValue.string), "state": address.state.map(JSONValue.string),
            "postalCode": address.postalCode.map(JSONValue.string), "country": address.country.map(JSONValue.string),
            "text": .string(address.oneLine),
        ])
    }

    private static func day(_ date: Date, timeZone: TimeZone) -> String {
        FHIRDateText.date(date, offsetMinutes: timeZone.secondsFromGMT(for: date) / 60)
    }
}
