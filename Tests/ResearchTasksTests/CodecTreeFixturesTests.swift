import Foundation
import RegimenFoundation
import Testing

@testable import ResearchTasks

/// Shared trees, clocks and paths for the codec and renderer tests.
enum CodecTrees {
    static let utc = TimeZone(identifier: "UTC")!
    static let runID = UUID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301")!

    /// 2026-11-21T08:04:10Z plus `seconds`.
    static func at(_ seconds: Double) -> Date {
        Date(timeIntervalSince1970: 1_795_248_250 + seconds)
    }

    /// The small check-in: one form step with two scale answers, 4 and 8.
    static func checkin() -> TaskResult {
        TaskResult(
            identifier: "checkin", taskRunUUID: runID, startDate: at(0), endDate: at(52),
            results: [
                StepResult(
                    identifier: "checkin.form", startDate: at(0), endDate: at(52),
                    results: [
                        .question(
                            QuestionResult(
                                identifier: "checkin.form.pain", startDate: at(20), endDate: at(20),
                                questionType: .scale, value: .scale(.integer(4)))),
                        .question(
                            QuestionResult(
                                identifier: "checkin.form.sleep", startDate: at(52), endDate: at(52),
                                questionType: .scale, value: .scale(.integer(8)))),
                    ])
            ])
    }

    /// A tree with every QuestionValue case (answered and nil), don't-know, ROM, file, consent, other,
    /// userInfo everywhere and a device.
    static func everything() -> TaskResult {
        func question(_ id: String, _ type: QuestionType, _ value: QuestionValue, dontKnow: Bool = false)
            -> ChildResult
        {
            .question(
                QuestionResult(
                    identifier: id, startDate: at(10), endDate: at(11), questionType: type, value: value,
                    isDontKnow: dontKnow))
        }
        let questions: [ChildResult] = [
            question("scale.int", .scale, .scale(.integer(7))),
            question("scale.dec", .scale, .scale(.decimal(4.0))),
            question("scale.cont", .scale, .scale(.decimal(3.25))),
            question("scale.nil", .scale, .scale(nil)),
            question("scale.dk", .scale, .scale(nil), dontKnow: true),
            question("choice", .multipleChoice, .choice([.string("walk"), .integer(2), .double(2.5)])),
            question("choice.empty", .singleChoice, .choice([])),
            question("choice.nil", .singleChoice, .choice(nil)),
            question("bool.true", .boolean, .boolean(true)),
            question("bool.false", .boolean, .boolean(false)),
            question("bool.nil", .boolean, .boolean(nil)),
            question("text", .text, .text("Knee \"hurt\"\nafter\ttea\u{1}; naïve 😀 \\ /")),
            question("text.nil", .text, .text(nil)),
            question("numeric", .decimal, .numeric(.decimal(72.5), unit: "kg", displayUnit: "kilograms")),
            question("numeric.int", .integer, .numeric(.integer(3), unit: nil, displayUnit: nil)),
            question("numeric.nil", .decimal, .numeric(nil, unit: "kg", displayUnit: nil)),
            question("numeric.dk", .integer, .numeric(nil, unit: nil, displayUnit: nil), dontKnow: true),
            question("time", .timeOfDay, .timeOfDay(TimeOfDay(hour: 7, minute: 5))),
            question("time.nil", .timeOfDay, .timeOfDay(nil)),
            question("interval", .timeInterval, .timeInterval(5400)),
            question("interval.frac", .timeInterval, .timeInterval(0.1)),
            question("interval.nil", .timeInterval, .timeInterval(nil)),
            question("date", .date, .date(at(-86_400), calendar: "gregorian", timeZoneSeconds: 3600)),
            question("date.nil", .dateAndTime, .date(nil, calendar: "gregorian", timeZoneSeconds: -25_200)),
        ]
        let info: JSONObject = [
            "orientation": .string("portrait"), "guessed": .bool(false),
            "readings": .array([.integer(1), .double(1.5)]),
            "nested": .object(["big": .integer(Int.max), "neg": .double(-0.001)]),
        ]
        let other = OtherResult(
            className: "ORKTappingIntervalResult", identifier: "tapping",
            json: [
                "_class": .string("ORKTappingIntervalResult"), "identifier": .string("tapping"),
                "startDate": .string("2026-11-21T08:06:00+0000"), "stepViewSize": .string("{375, 667}"),
                "samples": .array([.object(["timestamp": .double(0.25), "location": .string("{10, 20}")])]),
            ])
        return TaskResult(
            identifier: "everything", taskRunUUID: runID, startDate: at(0), endDate: at(600),
            results: [
                StepResult(identifier: "intro", startDate: at(0), endDate: at(5)),
                StepResult(
                    identifier: "form", startDate: at(5), endDate: at(60), results: questions,
                    isPreviousResult: true,
                    enabledAssistiveTechnology: "UIAccessibilityNotificationVoiceOverIdentifier",
                    userInfo: ["loop": .integer(1)]),
                StepResult(
                    identifier: "knee.range.of.motion", startDate: at(60), endDate: at(90),
                    results: [
                        .rangeOfMotion(
                            RangeOfMotionResult(
                                identifier: "knee.range.of.motion", startDate: at(60), endDate: at(90), start: 12.5,
                                finish: 80, minimum: 10.25, maximum: 95.5, range: 85.25, userInfo: info)),
                        .file(
                            FileResult(
                                identifier: "motion", startDate: at(60), endDate: at(90),
                                contentType: "application/json", fileName: "motion-3F2504E0.json")),
                        .file(FileResult(identifier: "bare.file", startDate: at(60), endDate: at(90))),
                    ]),
                StepResult(
                    identifier: "consent", startDate: at(90), endDate: at(100),
                    results: [
                        .consentSignature(
                            ConsentSignatureResult(
                                identifier: "participant", startDate: at(95), endDate: at(95), consented: true)),
                        .consentSignature(
                            ConsentSignatureResult(
                                identifier: "witness", startDate: at(96), endDate: at(96), consented: false,
                                userInfo: [:])),
                    ]),
                StepResult(identifier: "tapping", startDate: at(100), endDate: at(600), results: [.other(other)]),
            ],
            device: DeviceInfo(product: "x86_64", osVersion: "12", osBuild: nil, platform: "Linux"),
            userInfo: ["app": .string("regimen"), "version": .integer(1)])
    }

    /// The package root, from this file's path (Tests/ResearchTasksTests/…).
    static func packageRoot(_ filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// ResearchKit's sample (docs/test-fixtures.md, "Third-party files outside the repository"), read from `../shared`
    /// beside the package root.
    static let researchKitSample = packageRoot()
        .appendingPathComponent("../shared/fixtures/researchkit/ORKTaskResult.json").standardizedFileURL

    /// Data of a fixture under Tests/Fixtures/ResultFiles.
    static func ownFixture(_ name: String) throws -> Data {
        try Data(contentsOf: packageRoot().appendingPathComponent("Tests/Fixtures/ResultFiles/\(name)"))
    }

    /// The decoded JSON of encoded bytes (through the project's parser).
    static func parsed(_ data: Data) throws -> JSONValue {
        try JSONParser.parse(data)
    }

    /// `child` without the JSON object it was read from, to compare with one built in code.
    static func withoutSource(_ child: ChildResult) -> ChildResult {
        let tree = TaskResult(
            identifier: "", taskRunUUID: runID, startDate: at(0), endDate: at(0),
            results: [StepResult(identifier: "", startDate: at(0), endDate: at(0), results: [child])])
        return tree.removingSources().results[0].results[0]
    }

    /// A fresh temporary directory path (not created).
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("regimen-codec-\(UUID().uuidString)")
    }
}

@Suite("Codec test fixtures")
struct CodecTreeFixturesTests {
    @Test("The fixed start instant is 2026-11-21T08:04:10Z")
    func fixedInstant() {
        #expect(ResultDateText.string(from: CodecTrees.at(0), timeZone: CodecTrees.utc) == "2026-11-21T08:04:10+0000")
    }
}
