import CareModel
import Foundation
import SystemPackage
import Testing

@testable import Catalog

/// The care file (plans, contacts, the patient) and task links as the catalog reads them (docs/care-plans.md): what
/// is kept, and every refusal naming file, place and problem.
@Suite("Care file and task links")
struct CareFileTests {
    static let task = """
        id: a
        title: A
        plan: knee
        links:
          - { title: Call, phone: { number: "(408) 555-0123", country: US } }
          - { title: Book, website: "https://example.com/book?day=1" }
          - { title: Mail, email: pt@example.org }
          - { title: Visit, address: { street: 1 Main St, city: Springfield } }
          - { title: App, app: "1234567890" }
          - { title: Text, message: { number: "020 7946 0018", country: GB } }
        steps: [{ instruction: a.i, title: Do it }]
        """

    static let care = """
        plans:
          - { id: knee, title: Knee recovery, start: enrollmentDay, end: { anchor: enrollmentDay, offset: { weeks: 6 } } }
          - { id: fixed, title: Fixed, start: "2026-03-01", end: "2026-04-01" }
        contacts:
          - id: pt
            name: { given: Maria, family: Ruiz, suffix: PT }
            title: Physical therapist
            plan: knee
            phone: [{ number: "090-1234-5678", country: JP, label: mobile }, "+14085550123"]
            messaging: [{ number: "06 1234 5678", country: IT }]
            email: [{ address: "m.ruiz+knee@clinic.example.org", label: work }]
            address: { street: 1 Main St, city: Springfield, country: United States }
          - { id: son, name: Tom Ruiz, category: friendsAndFamily }
        patient:
          name: Jane Daniels
          birthday: "1980-04-02"
          sex: female
          allergies: [Penicillin]
        """

    @Test("a valid care file and task links are read: numbers in E.164, plans dated, contacts and patient kept")
    func readsEverything() throws {
        let folder = try CatalogFixture.folder(["a.yaml": Self.task, "care.yaml": Self.care])
        let catalog = try Catalog.load(directory: FilePath(folder.path), calendar: CatalogFixture.utc)
        #expect(catalog.entries.map(\.taskIdentifier) == ["a"])
        let entry = catalog.entries[0]
        #expect(entry.care.planID == "knee")
        #expect(
            entry.care.links.map { "\($0.kind.rawValue) \($0.target)" } == [
                "phone +14085550123", "website https://example.com/book?day=1", "email pt@example.org",
                "address 1 Main St, Springfield", "app 1234567890", "message +442079460018",
            ])
        let care = try #require(catalog.care)
        #expect(care.plans.map(\.id) == ["knee", "fixed"])
        let enrollment = CatalogFixture.date(2026, 3, 4, 9, 30)
        let knee = care.plans[0].plan(enrollment: enrollment, calendar: CatalogFixture.utc)
        #expect(knee.start == CatalogFixture.date(2026, 3, 4) && knee.end == CatalogFixture.date(2026, 4, 15))
        #expect(
            care.plans[1].plan(enrollment: enrollment, calendar: CatalogFixture.utc).end
                == CatalogFixture.date(2026, 4, 1))
        let pt = care.contacts[0]
        #expect(
            pt.phoneNumbers == [
                LabeledValue(label: "mobile", value: "+819012345678"), LabeledValue(label: "", value: "+14085550123"),
            ])
        // Italy keeps the leading 0 of its fixed numbers.
        #expect(pt.messagingNumbers.map(\.value) == ["+390612345678"])
        #expect(pt.emailAddresses.map(\.value) == ["m.ruiz+knee@clinic.example.org"])
        #expect(
            care.contacts[1].name == PersonName(given: "Tom", family: "Ruiz")
                && care.contacts[1].category == .friendsAndFamily)
        #expect(
            care.patient
                == CarePatient(
                    id: "patient", name: PersonName(given: "Jane", family: "Daniels"), birthday: "1980-04-02",
                    sex: .female, allergies: ["Penicillin"]))
    }

    @Test("validate's refusals: phones, emails, links and plans, each naming file and place")
    func refusals() throws {
        let task = """
            id: a
            title: A
            plan: shoulder
            links:
              - { title: Site, website: "http://example.com" }
              - { title: Both, phone: "+14085550123", email: a@example.org }
              - { title: None }
              - { title: App, app: "id12" }
              - { title: Who, website: "https://user:pw@example.com/" }
            steps: [{ instruction: a.i, title: Do it }]
            """
        let care = """
            plans:
              - { id: knee, title: Knee }
              - { id: knee, title: Knee again }
              - { id: late, title: Late, start: "2026-03-02", end: "2026-03-01" }
            contacts:
              - id: pt
                name: Maria
                plan: hip
                phone: ["4085550123", { number: "(408) 555-012", country: US }, { number: "12345", country: XX }, "+1 408 555 0123", { number: "555-CALL", country: US }]
                email: ["maria@", "maria@example", "a..b@example.org", "two@@example.org"]
            patient: { name: Jane Daniels, birthday: "1980-13-45" }
            """
        let problems = CatalogFixture.problems(try CatalogFixture.folder(["a.yaml": task, "care.yaml": care]))
        #expect(
            problems.map(\.description) == [
                #"surveys/a.yaml: links[0].website: "http://example.com" is not an https link (only https links are shown; http is not)"#,
                "surveys/a.yaml: links[1]: a link has one of website, phone, message, email, address, app, not several",
                "surveys/a.yaml: links[2]: a link needs one of website, phone, message, email, address, app",
                #"surveys/a.yaml: links[3].app: "id12" is not an App Store id (digits, e.g. 1234567890)"#,
                "surveys/a.yaml: links[4].website: the link holds a user name or password (never put them in a link)",
                #"surveys/a.yaml: plan: unknown plan "shoulder" (the care file's plans: knee, late)"#,
                #"surveys/care.yaml: plans[1].id: duplicate plan id "knee" (already used at plans[0])"#,
                "surveys/care.yaml: plans[2].end: must be after the plan's start",
                #"surveys/care.yaml: contacts[0].phone[0]: "4085550123" is not an E.164 number ("+" and 7 to 15 digits, e.g. +14155550123); write it as { number: …, country: US } to give it as written in its country"#,
                #"surveys/care.yaml: contacts[0].phone[1].number: "(408) 555-012" is not a US number (an area code and 7 digits)"#,
                #"surveys/care.yaml: contacts[0].phone[2].number: unknown country "XX" (an ISO 3166 code such as US, GB, JP, CN; for another country write the number in E.164)"#,
                #"surveys/care.yaml: contacts[0].phone[3]: "+1 408 555 0123" is not an E.164 number ("+" and 7 to 15 digits, e.g. +14155550123); write it as { number: …, country: US } to give it as written in its country"#,
                #"surveys/care.yaml: contacts[0].phone[4].number: "555-CALL" holds characters a phone number does not (digits, spaces, - . ( ) /)"#,
                #"surveys/care.yaml: contacts[0].email[0]: "maria@" is not an email address (the domain after "@", e.g. example.org)"#,
                #"surveys/care.yaml: contacts[0].email[1]: "maria@example" is not an email address (the domain after "@", e.g. example.org)"#,
                #"surveys/care.yaml: contacts[0].email[2]: "a..b@example.org" is not an email address (the part before "@")"#,
                #"surveys/care.yaml: contacts[0].email[3]: "two@@example.org" is not an email address (one "@" between a name and a domain)"#,
                #"surveys/care.yaml: contacts[0].plan: unknown plan "hip" (plans: knee, late)"#,
                // The patient's birthday is not repeated.
                "surveys/care.yaml: patient.birthday: is not a date (YYYY-MM-DD)",
            ], "\(problems.map(\.description).joined(separator: "\n"))")
        #expect(problems.allSatisfy { $0.line != nil })
    }

    @Test("a task naming a plan in a folder without a care file loads in no plan; a second care file is refused")
    func withoutCareFile() throws {
        let folder = try CatalogFixture.folder(["a.yaml": Self.task])
        let catalog = try Catalog.load(directory: FilePath(folder.path), calendar: CatalogFixture.utc)
        #expect(catalog.care == nil)
        #expect(catalog.undefinedPlans.map { "\($0.task) \($0.plan)" } == ["a knee"])
        let two = CatalogFixture.problems(
            try CatalogFixture.folder(
                ["a.yaml": Self.task, "care.yaml": Self.care, "care.yml": Self.care], named: "two"))
        #expect(two.map(\.description) == ["two: more than one care file (care.yaml, care.yml): keep one"])
    }
}
