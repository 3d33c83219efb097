import Foundation
import RegimenFoundation
import Testing

@testable import ResearchTasks

/// Result files the project wrote by hand to docs/researchkit-results.md, "Encoding rules" and
/// "Result classes and their keys". They cover what ResearchKit's own sample files cover
/// (docs/test-fixtures.md, "Coverage of each shared-file test"), so a clone without ../shared tests the same behavior.
@Suite("Result files written by the project: one per result class, and a blank task")
struct ProjectResultFileTests {
    /// 2025-02-28T17:45:00-0700, the instant every date of the two files holds.
    private static let when = Date(timeIntervalSince1970: 1_740_789_900)

    private static func everything() throws -> StepResult {
        let result = try ResultFileCodec.decode(CodecTrees.ownFixture("every-result-class.json"))
        return try #require(result.results.first)
    }

    @Test(
        "A task result with an empty identifier, empty userInfo and no results decodes; its key sets survive a re-encode"
    )
    func blankTask() throws {
        let data = try CodecTrees.ownFixture("blank-task.json")
        let result = try ResultFileCodec.decode(data)
        #expect(result.identifier == "")
        #expect(result.userInfo == [:])
        #expect(result.results.isEmpty)
        #expect(result.taskRunUUID == UUID(uuidString: "5B0E8C7A-2D4F-4E61-9A3B-7C1D2E3F4A5B"))
        #expect(
            result.removingSources().device
                == DeviceInfo(product: "iPhone15,2", osVersion: "18.1", osBuild: "22B83", platform: "iOS"))
        #expect(result.startDate == Self.when && result.endDate == Self.when)
        let original = try JSONParser.parse(data)
        let again = try JSONParser.parse(ResultFileCodec.encode(result, timeZone: CodecTrees.utc))
        #expect(ResearchKitFiles.same(again, original))
        guard case .object(let top) = again, case .object(let device)? = top["device"] else {
            Issue.record("not objects")
            return
        }
        #expect(
            Set(top.keys) == [
                "_class", "device", "endDate", "identifier", "results", "startDate", "taskRunUUID", "userInfo",
            ])
        #expect(Set(device.keys) == ["_class", "osBuild", "osVersion", "platform", "product"])
    }

    @Test(
        "Question results are read as ResearchKit reads them: 123 is true, 2.1 don't-know, empty choices, date with calendar and zone, units, time of day"
    )
    func questionResults() throws {
        let step = try Self.everything()
        func question(_ identifier: String) throws -> QuestionResult {
            let result = try #require(step.questionResult(forIdentifier: identifier))
            #expect(result.startDate == Self.when && result.endDate == Self.when, "\(identifier)")
            return result
        }
        #expect(try question("walked").value == .boolean(true))
        #expect(try question("walked").userInfo == [:])
        #expect(try question("walked").questionType == .boolean)
        let unsure = try question("unsure")
        #expect(unsure.isDontKnow && unsure.value == .boolean(nil))
        #expect(try question("relief").value == .choice([]))
        #expect(try question("onset").value == .date(Self.when, calendar: "gregorian", timeZoneSeconds: 3600))
        #expect(try question("duration").value == .numeric(.integer(6), unit: "weeks", displayUnit: "Wochen"))
        #expect(try question("woke").value == .timeOfDay(TimeOfDay(hour: 7, minute: 5)))
    }

    @Test(
        "File, consent (signature kept), range-of-motion results are modeled; location, signature and tapping results are kept whole"
    )
    func otherResults() throws {
        let step = try Self.everything()
        #expect(step.enabledAssistiveTechnology == "" && step.isPreviousResult == false)
        let children = step.results.map(CodecTrees.withoutSource)
        #expect(
            children.contains(
                .file(
                    FileResult(
                        identifier: "deviceMotion", startDate: Self.when, endDate: Self.when,
                        contentType: "application/json",
                        fileName: "deviceMotion_5B0E8C7A_2D4F_4E61_9A3B_7C1D2E3F4A5B-20250228174500.json", userInfo: nil
                    ))))
        #expect(
            children.contains(
                .consentSignature(
                    ConsentSignatureResult(
                        identifier: "consent", startDate: Self.when, endDate: Self.when, consented: true,
                        signature: ConsentSignature(
                            identifier: "participant", givenName: "Ada", familyName: "Lovelace", signatureDate: nil),
                        userInfo: nil)
                )))
        #expect(
            children.contains(
                .rangeOfMotion(
                    RangeOfMotionResult(
                        identifier: "knee.range.of.motion", startDate: Self.when, endDate: Self.when,
                        start: 3, finish: 2.5, minimum: 1.5, maximum: 84, range: 82.5, userInfo: nil))))
        let file = try JSONParser.parse(CodecTrees.ownFixture("every-result-class.json"))
        let written = try #require(file.member("results")?.arrayValue?.first?.member("results")?.arrayValue)
        for identifier in ["where", "signature", "tapping"] {
            let object = try #require(written.first { $0.member("identifier") == .string(identifier) })
            guard case .other(let other)? = step.results.first(where: { $0.identifier == identifier }) else {
                Issue.record("\(identifier) should be kept whole")
                continue
            }
            #expect(JSONValue.object(other.json) == object, "\(identifier)")
        }
        // The consent's signature object is not modeled but is written back as it was.
        let again = try JSONParser.parse(
            ResultFileCodec.encode(
                ResultFileCodec.decode(CodecTrees.ownFixture("every-result-class.json")), timeZone: CodecTrees.utc))
        let consent = again.member("results")?.arrayValue?.first?.member("results")?.arrayValue?.first {
            $0.member("identifier") == .string("consent")
        }
        #expect(consent?.member("signature")?.member("givenName") == .string("Ada"))
    }

    @Test("Every result of the file, alone in a step of a task, round-trips to itself in UTC and Pacific/Chatham")
    func eachResultRoundTrips() throws {
        let file = try JSONParser.parse(CodecTrees.ownFixture("every-result-class.json"))
        let children = try #require(file.member("results")?.arrayValue?.first?.member("results")?.arrayValue)
        #expect(children.count == 12)
        for child in children {
            let document = Data(
                """
                {"_class":"ORKTaskResult","identifier":"t","startDate":"2025-02-28T17:45:00-0700","endDate":"2025-02-28T17:45:00-0700",
                 "results":[{"_class":"ORKStepResult","identifier":"s","startDate":"2025-02-28T17:45:00-0700",
                   "endDate":"2025-02-28T17:45:00-0700","results":[\(JSONWriter.prettyText(child))]}]}
                """.utf8)
            for zone in ["UTC", "Pacific/Chatham"] {
                let again = try ResearchKitFiles.roundTrip(document, timeZone: try #require(TimeZone(identifier: zone)))
                #expect(
                    ResearchKitFiles.same(again, try JSONParser.parse(document)),
                    "\(child.member("identifier").debugDescription) in \(zone)")
            }
        }
    }
}
