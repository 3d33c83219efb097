import Foundation
import Testing

/// Care plans, the care team and the patient through the built `regimen` (docs/care-plans.md): the feed across plan
/// and task versions, vCards read back by Python's vobject, and every FHIR resource checked by fhir.resources.
@Suite("End to end: care plans, contacts and the patient", .serialized)
struct CarePlanCommandTests {
    /// Two plans, the knee plan ending ten days after enrollment, and a contact of each kind.
    static let care = """
        language: en
        plans:
          - id: knee
            title: { en: Knee recovery, ja: 膝の回復 }
            start: enrollmentDay
            end: { anchor: enrollmentDay, offset: { days: 10 } }
          - { id: sleep, title: Better sleep }
        patient:
          name: { given: Jane, family: Daniels, prefix: Ms. }
          birthday: "1980-04-02"
          sex: female
          allergies: [Penicillin, Peanuts]
        contacts:
          - id: pt
            name: { given: "María José", family: "Núñez; Ruiz, Jr.", prefix: Dr., suffix: PT }
            title: { en: "Physical therapist, knee", ja: 理学療法士 }
            role: "Plans your exercises; checks \\\\ your range\\nof motion. 膝の運動を計画し、可動域を確認します。膝の運動を計画し"
            organization: "Recover, Inc."
            plan: knee
            phone: [{ number: "(408) 555-0123", country: US, label: work }, { number: "090-1234-5678", country: JP, label: mobile }]
            messaging: ["+14085550124"]
            email: [{ address: therapist@example.com, label: work }, "m.ruiz+knee@clinic.example.org"]
            address: { street: "100 Main Street, Suite 5", city: Cupertino, state: CA, postalCode: "95014", country: United States }
          - { id: son, name: Tom, category: friendsAndFamily, title: Son, plan: sleep }
        """

    static func task(_ id: String, _ title: String, plan: String, at time: String, links: String = "") -> String {
        """
        id: \(id)
        title: \(title)
        plan: \(plan)
        schedule: [{ daily: { at: "\(time)" } }]
        \(links)
        steps: [{ instruction: \(id).i, title: Do it }]
        """
    }

    static func folder(_ regimen: RegimenProcess, _ files: [String: String]) throws -> URL {
        let folder = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test("a task moved to another plan and a plan ended: the feed before and after each change")
    func plansAcrossVersions() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let link = """
            links:
              - { title: Physical Therapist Appointment, phone: { number: "(408) 555-0123", country: US } }
            """
        let surveys = try Self.folder(
            regimen,
            [
                "care.yaml": Self.care, "walk.yaml": Self.task("walk", "Walk", plan: "knee", at: "09:00", links: link),
                "bend.yaml": Self.task("bend", "Bend", plan: "knee", at: "10:00"),
                "diary.yaml": Self.task("diary", "Sleep diary", plan: "sleep", at: "20:00"),
            ])
        func feed(_ now: String, date: String? = nil, language: String? = nil) throws -> String {
            regimen.now = now
            let run = try regimen.run(
                ["today", "--surveys", surveys.path, "--store", regimen.store.path]
                    + (date.map { ["--date", $0] } ?? []),
                environment: language.map { ["REGIMEN_LANGUAGE": $0] } ?? [:])
            #expect(run.status == 0, "\(run.stderr)")
            return run.stdout
        }
        // Enrolled on 1 March: the knee plan runs to 10 March.
        #expect(
            try feed("2026-03-01T08:00:00Z") == """
                Sunday 1 March 2026
                  Knee recovery
                    ○ Walk         due 09:00
                        ↗ Physical Therapist Appointment (phone): +14085550123
                    ○ Bend         due 10:00
                  Better sleep
                    ○ Sleep diary  due 20:00
                  Adherence ○ 0%  (0 of 3 done)

                """)
        // The walk moves to the sleep plan on 5 March: a new task version from that day.
        try Self.task("walk", "Walk", plan: "sleep", at: "09:00", links: link).write(
            to: surveys.appendingPathComponent("walk.yaml"), atomically: true, encoding: .utf8)
        #expect(
            try feed("2026-03-05T08:00:00Z") == """
                Thursday 5 March 2026
                  Better sleep
                    ○ Walk         due 09:00
                        ↗ Physical Therapist Appointment (phone): +14085550123
                    ○ Sleep diary  due 20:00
                  Knee recovery
                    ○ Bend         due 10:00
                  Adherence ○ 0%  (0 of 3 done)

                """)
        // The day before the move still shows the old version, in its old plan.
        let before = try feed("2026-03-05T08:00:00Z", date: "2026-03-04")
        #expect(before.contains("  Knee recovery\n    ✗ Walk "), "\(before)")
        // After 10 March the knee plan has ended; its task stays, under the plan marked ended.
        let ended = try feed("2026-03-12T08:00:00Z")
        #expect(ended.contains("  Knee recovery (ended 2026-03-10)\n    ○ Bend "), "\(ended)")
        let lastDay = try feed("2026-03-12T08:00:00Z", date: "2026-03-10")
        #expect(lastDay.contains("  Knee recovery\n") && !lastDay.contains("ended"), "\(lastDay)")
        // In Japanese, the plan's title as the care file translates it.
        #expect(try feed("2026-03-12T08:00:00Z", language: "ja").contains("膝の回復（2026-03-10 に終了）"))
        // The plans' own versions: the sleep plan renamed keeps its old title on days before.
        try Self.care.replacingOccurrences(of: "Better sleep", with: "Sleep well").write(
            to: surveys.appendingPathComponent("care.yaml"), atomically: true, encoding: .utf8)
        #expect(try feed("2026-03-13T08:00:00Z").contains("  Sleep well\n"))
        #expect(try feed("2026-03-13T08:00:00Z", date: "2026-03-12").contains("  Better sleep\n"))
    }

    @Test("contacts --vcard read back by vobject with every field, escaped and folded; a contact with few fields")
    func vCards() throws {
        let python = try #require(RegimenProcess.python, "python3 is needed to read the vCards back")
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try Self.folder(
            regimen,
            ["care.yaml": Self.care, "walk.yaml": Self.task("walk", "Walk", plan: "knee", at: "09:00")])
        let cards = try regimen.run(["contacts", "--vcard", "--surveys", surveys.path, "--store", regimen.store.path])
        #expect(cards.status == 0, "\(cards.stderr)")
        let file = regimen.sandbox.appendingPathComponent("team.vcf")
        try cards.stdout.write(to: file, atomically: true, encoding: .utf8)
        let script = RegimenProcess.packageRoot.appendingPathComponent("scripts/check-vcard.py")
        let read = try regimen.run([script.path, file.path], program: python)
        #expect(read.status == 0, "check-vcard.py: \(read.stderr)")
        let parsed = try read.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        try #require(parsed.count == 2)
        let full = parsed[0]
        #expect(full["fn"] as? String == "Dr. María José Núñez; Ruiz, Jr. PT")
        #expect(full["n"] as? [String] == ["Núñez; Ruiz, Jr.", "María José", "", "Dr.", "PT"])
        #expect(full["title"] as? String == "Physical therapist, knee")
        #expect(
            full["role"] as? String
                == "Plans your exercises; checks \\ your range\nof motion. 膝の運動を計画し、可動域を確認します。膝の運動を計画し")
        #expect(full["org"] as? String == "Recover, Inc.")
        #expect(
            (full["tel"] as? [[Any]])?.map { "\($0[0]) \(($0[1] as? [String] ?? []).joined(separator: ","))" } == [
                "tel:+14085550123 voice,work", "tel:+819012345678 cell,voice", "tel:+14085550124 text",
            ])
        #expect(
            (full["email"] as? [[Any]])?.map { "\($0[0])" } == [
                "therapist@example.com", "m.ruiz+knee@clinic.example.org",
            ])
        #expect(
            full["adr"] as? [String] == [
                "", "", "100 Main Street, Suite 5", "Cupertino", "CA", "95014", "United States",
            ])
        // Only what the contact has: no N parts but the given name, no telephone, email or address.
        let sparse = parsed[1]
        #expect(sparse["fn"] as? String == "Tom" && sparse["title"] as? String == "Son")
        #expect(sparse["n"] as? [String] == ["", "Tom", "", "", ""])
        #expect((sparse["tel"] as? [Any])?.isEmpty == true && sparse["adr"] == nil && sparse["role"] == nil)
        // The role's line is long enough to be folded, between characters (check-vcard.py checks every line's octets).
        #expect(cards.stdout.contains("\r\n "))
        // One plan's contacts, by its title; an unknown plan is a usage error naming the plans.
        let knee = try regimen.run([
            "contacts", "Knee recovery", "--surveys", surveys.path, "--store", regimen.store.path,
        ])
        #expect(
            knee.status == 0 && knee.stdout.contains("phone    +14085550123 (work)") && !knee.stdout.contains("Tom"))
        let unknown = try regimen.run(["contacts", "hip", "--surveys", surveys.path, "--store", regimen.store.path])
        #expect(
            unknown.status == 64 && unknown.stderr.contains("no plan 'hip' (plans: knee, sleep)"), "\(unknown.stderr)")
    }

    @Test("patient, plans and contacts as FHIR R4: Patient, CarePlan activities naming the exported Questionnaires")
    func fhir() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try Self.folder(
            regimen,
            [
                "care.yaml": Self.care, "walk.yaml": Self.task("walk", "Walk", plan: "knee", at: "09:00"),
                "diary.yaml": Self.task("diary", "Sleep diary", plan: "sleep", at: "20:00"),
            ])
        let options = ["--surveys", surveys.path, "--store", regimen.store.path]
        let patient = try regimen.run(["patient", "show", "--format", "fhir"] + options)
        let plans = try regimen.run(["plans", "--format", "fhir"] + options)
        let contacts = try regimen.run(["contacts", "--format", "fhir"] + options)
        let questionnaire = try regimen.run(["survey", "export", "walk", "--surveys", surveys.path])
        for run in [patient, plans, contacts, questionnaire] { #expect(run.status == 0, "\(run.stderr)") }
        var files: [URL] = []
        for (name, run) in [("patient", patient), ("plans", plans), ("contacts", contacts)] {
            files.append(try FHIRChecker.save(run.stdout, as: "\(name).json", in: regimen))
        }
        try FHIRChecker.check(files, runner: regimen)
        let resource = try FHIRChecker.object(patient.stdout)
        #expect(resource["gender"] as? String == "female" && resource["birthDate"] as? String == "1980-04-02")
        #expect((resource["name"] as? [[String: Any]])?.first?["family"] as? String == "Daniels")
        let bundle = try FHIRChecker.object(plans.stdout)
        let resources = (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
        #expect(
            resources.map { $0["resourceType"] as? String ?? "" } == [
                "CarePlan", "CarePlan", "Practitioner", "PractitionerRole", "RelatedPerson", "Patient",
            ])
        let knee = resources[0]
        #expect(knee["title"] as? String == "Knee recovery" && knee["status"] as? String == "active")
        #expect(knee["period"] as? [String: String] == ["start": "2026-11-21", "end": "2026-11-30"])
        let exported = try FHIRChecker.object(questionnaire.stdout)
        let canonical = "\(exported["url"] as? String ?? "")|\(exported["version"] as? String ?? "")"
        let activity = (knee["activity"] as? [[String: Any]])?.first?["detail"] as? [String: Any]
        #expect(activity?["instantiatesCanonical"] as? [String] == [canonical])
        #expect((knee["subject"] as? [String: String])?["reference"] == "Patient/patient")
        let team = try FHIRChecker.object(contacts.stdout)
        #expect((team["entry"] as? [Any])?.count == 3)
    }

    @Test("the default study: the knee recovery plan, the therapist and the appointment link beside the check-in")
    func defaultStudy() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let today = try regimen.run(["today", "--store", regimen.store.path])
        #expect(today.status == 0, "\(today.stderr)")
        #expect(today.stdout.contains("↗ Physical Therapist Appointment (phone): +14085550123"), "\(today.stdout)")
        let contacts = try regimen.run(["contacts", "kneeRecovery", "--store", regimen.store.path])
        #expect(contacts.stdout.hasPrefix("Knee recovery, weeks 1–6\n  Maria Ruiz PT — Physical therapist\n"))
        let plans = try regimen.run(["plans", "--store", regimen.store.path])
        #expect(plans.stdout.contains("  checkin  Check In\n  rangeOfMotionCheck  Range Of Motion"), "\(plans.stdout)")
    }
}
