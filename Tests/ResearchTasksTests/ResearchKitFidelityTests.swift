import Foundation
import RegimenFoundation
import Testing

@testable import ResearchTasks

/// Files from ResearchKit apps: read as ResearchKit reads them, written back without loss
/// (docs/researchkit-results.md).
enum ResearchKitFiles {
    /// `../shared/fixtures/researchkit` beside the package root (never copied into the repository).
    static let sharedFolder = CodecTrees.packageRoot()
        .appendingPathComponent("../shared/fixtures/researchkit").standardizedFileURL

    static var sharedPresent: Bool { FileManager.default.fileExists(atPath: sharedFolder.path) }

    /// Every `.json` file of the shared folder and its `samples/` folder.
    static func sharedFiles() throws -> [URL] {
        let top = try FileManager.default.contentsOfDirectory(at: sharedFolder, includingPropertiesForKeys: nil)
        let samples = try FileManager.default.contentsOfDirectory(
            at: sharedFolder.appendingPathComponent("samples"), includingPropertiesForKeys: nil)
        return (top + samples).filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    /// Shared files whose root is a task result (`ORKTaskResult` or its subclass `ORKPageResult`).
    static func sharedTaskResults() throws -> [URL] {
        try sharedFiles().filter { url in
            guard let root = try? JSONParser.parse(Data(contentsOf: url)),
                case .string(let name)? = root.member("_class")
            else { return false }
            return ["ORKTaskResult", "ORKPageResult"].contains(name)
        }
    }

    /// A shared per-class sample's JSON object.
    static func sample(_ name: String) throws -> JSONValue {
        try JSONParser.parse(Data(contentsOf: sharedFolder.appendingPathComponent("samples/\(name)")))
    }

    /// One of our own crafted files (Tests/Fixtures/ResultFiles/researchkit-shapes).
    static func crafted(_ name: String) throws -> Data {
        try CodecTrees.ownFixture("researchkit-shapes/\(name)")
    }

    /// Whether two JSON values are equal apart from number formatting (`4` equals `4.0`); key order never matters.
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.integer(let x), .double(let y)), (.double(let y), .integer(let x)): Double(x) == y
        case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            Set(x.keys) == Set(y.keys) && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        default: a == b
        }
    }

    /// `data` decoded and written back in `timeZone`, parsed again.
    static func roundTrip(_ data: Data, timeZone: TimeZone) throws -> JSONValue {
        try JSONParser.parse(ResultFileCodec.encode(ResultFileCodec.decode(data), timeZone: timeZone))
    }

    /// The child result ResearchKit's decoder makes of a per-class sample object.
    static func child(_ object: JSONValue) throws -> ChildResult {
        try ResultTreeDecoder().childResult(from: JSONObjectReader(object, path: ""))
    }
}

@Suite("ResearchKit files: every shared task result is accepted and written back equal to itself")
struct SharedResearchKitFileTests {
    @Test(
        "Every task result under ../shared/fixtures/researchkit decodes and re-encodes, in UTC and other zones, to JSON equal to the file",
        .enabled(if: ResearchKitFiles.sharedPresent, "skipped: ../shared/fixtures/researchkit is absent"))
    func sharedTaskResultsRoundTrip() throws {
        let files = try ResearchKitFiles.sharedTaskResults()
        // ORKTaskResult.json, rk-ORKTaskResult, rk-ORKPageResult, rk-all-samples-in-one-task,
        // rkwatch-serializedTask-2024.
        #expect(files.count >= 5)
        for url in files {
            let data = try Data(contentsOf: url)
            let original = try JSONParser.parse(data)
            for zone in ["UTC", "Asia/Kolkata", "America/Los_Angeles"] {
                let again = try ResearchKitFiles.roundTrip(data, timeZone: try #require(TimeZone(identifier: zone)))
                #expect(ResearchKitFiles.same(again, original), "\(url.lastPathComponent) in \(zone)")
            }
        }
    }

    @Test(
        "The watchOS export without taskRunUUID gets a content-derived UUID that is not written back",
        .enabled(if: ResearchKitFiles.sharedPresent, "skipped: ../shared/fixtures/researchkit is absent"))
    func watchExport() throws {
        let data = try Data(
            contentsOf: ResearchKitFiles.sharedFolder.appendingPathComponent("samples/rkwatch-serializedTask-2024.json")
        )
        let result = try ResultFileCodec.decode(data)
        #expect(result.taskRunUUID == ContentRunIdentifier.uuid(for: try JSONParser.parse(data)))
        #expect(try ResultFileCodec.decode(data).taskRunUUID == result.taskRunUUID)
        let step = try #require(result.results.first)
        #expect(step.results.count == 6)
        let height = try #require(step.questionResult(forIdentifier: "50f9dbfb-f78b-4615-a7d4-bfededec531b"))
        #expect(height.questionType == .height)
        #expect(height.answer == .numeric(.decimal(177.8)))
        #expect(
            step.questionResult(forIdentifier: "0feb345f-f93a-464f-98fc-381f61e7cea5")?.answer
                == .choices([.string("Man")]))
        #expect(step.isPreviousResult == false)
        let written = try JSONParser.parse(ResultFileCodec.encode(result, timeZone: CodecTrees.utc))
        #expect(written.member("taskRunUUID") == nil)
        #expect(written.member("results")?.arrayValue?.first?.member("isPreviousResult") == nil)
    }

    @Test(
        "The ORKPageResult sample is a task result root and keeps its class",
        .enabled(if: ResearchKitFiles.sharedPresent, "skipped: ../shared/fixtures/researchkit is absent"))
    func pageResultRoot() throws {
        let data = try Data(
            contentsOf: ResearchKitFiles.sharedFolder.appendingPathComponent("samples/rk-ORKPageResult.json"))
        let result = try ResultFileCodec.decode(data)
        #expect(result.taskRunUUID == UUID(uuidString: "637A93BE-FE56-4397-8D6B-D42378A6C977"))
        #expect(
            try JSONParser.parse(ResultFileCodec.encode(result, timeZone: CodecTrees.utc)).member("_class")
                == .string("ORKPageResult"))
    }
}

@Suite("ResearchKit per-class samples are read as ResearchKit reads them")
struct ResearchKitSampleReadingTests {
    private static let when = Date(timeIntervalSince1970: 1_558_942_506)  // 2019-05-27T00:35:06-0700

    @Test(
        "Question samples: booleanAnswer 123 is true, 2.1 don't-know, empty choices, date with calendar and zone, numeric with units, time of day",
        .enabled(if: ResearchKitFiles.sharedPresent, "skipped: ../shared/fixtures/researchkit is absent"))
    func questionSamples() throws {
        func question(_ name: String) throws -> QuestionResult {
            guard case .question(let result) = try ResearchKitFiles.child(ResearchKitFiles.sample(name)) else {
                Issue.record("\(name) is not read as a question result")
                throw CancellationError()
            }
            #expect(result.startDate == Self.when && result.endDate == Self.when, "\(name)")
            #expect(result.questionType == QuestionType.none, "\(name)")
            return result
        }
        #expect(try question("rk-ORKBooleanQuestionResult.json").value == .boolean(true))
        let dontKnow = try question("rk-DontKnowBooleanResult.json")
        #expect(dontKnow.isDontKnow && dontKnow.value == .boolean(nil))
        #expect(try question("rk-ORKChoiceQuestionResult.json").value == .choice([]))
        #expect(
            try question("rk-ORKDateQuestionResult.json").value
                == .date(Self.when, calendar: "gregorian", timeZoneSeconds: 3600))
        #expect(
            try question("rk-ORKNumericQuestionResult.json").value
                == .numeric(.integer(123), unit: "weeks", displayUnit: "semanas"))
        #expect(try question("rk-ORKTimeOfDayQuestionResult.json").value == .timeOfDay(TimeOfDay(hour: 0, minute: 0)))
        #expect(try question("rk-ORKTimeOfDayQuestionResult.json").userInfo == [:])
    }

    @Test(
        "Other samples: file, consent (signature kept), range of motion, and unmodeled classes kept whole",
        .enabled(if: ResearchKitFiles.sharedPresent, "skipped: ../shared/fixtures/researchkit is absent"))
    func otherSamples() throws {
        #expect(
            try CodecTrees.withoutSource(ResearchKitFiles.child(ResearchKitFiles.sample("rk-ORKFileResult.json")))
                == .file(
                    FileResult(
                        identifier: "", startDate: Self.when, endDate: Self.when, contentType: "", fileName: "",
                        userInfo: [:])))
        #expect(
            try CodecTrees.withoutSource(
                ResearchKitFiles.child(ResearchKitFiles.sample("rk-ORKConsentSignatureResult.json")))
                == .consentSignature(
                    ConsentSignatureResult(
                        identifier: "", startDate: Self.when, endDate: Self.when, consented: false,
                        signature: ConsentSignature(
                            identifier: "1357B9FF-7D21-4880-B390-B3DBB252B876", givenName: nil, familyName: nil,
                            signatureDate: nil),
                        userInfo: [:])))
        #expect(
            try CodecTrees.withoutSource(
                ResearchKitFiles.child(ResearchKitFiles.sample("rk-ORKRangeOfMotionResult.json")))
                == .rangeOfMotion(
                    RangeOfMotionResult(
                        identifier: "", startDate: Self.when, endDate: Self.when, start: 0, finish: 0, minimum: 0,
                        maximum: 0, range: 0, userInfo: [:])))
        for name in [
            "rk-ORKLocationQuestionResult.json", "rk-ORKSignatureResult.json", "rk-ORKTappingIntervalResult.json",
        ] {
            let object = try ResearchKitFiles.sample(name)
            guard case .other(let other) = try ResearchKitFiles.child(object) else {
                Issue.record("\(name) should be kept whole")
                continue
            }
            #expect(JSONValue.object(other.json) == object, "\(name)")
        }
        let step = try ResultTreeDecoder().stepResult(
            from: JSONObjectReader(ResearchKitFiles.sample("rk-ORKStepResult.json"), path: ""))
        #expect(step.enabledAssistiveTechnology == "" && step.isPreviousResult == false && step.results.isEmpty)
    }

    @Test(
        "Every per-class sample wrapped in a step of a task round-trips to itself",
        .enabled(if: ResearchKitFiles.sharedPresent, "skipped: ../shared/fixtures/researchkit is absent"))
    func samplesRoundTripInsideATask() throws {
        let roots = try ResearchKitFiles.sharedTaskResults()
        let samples = try ResearchKitFiles.sharedFiles().filter { !roots.contains($0) }
        #expect(samples.count >= 13)
        for url in samples {
            let child = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let document = Data(
                """
                {"_class":"ORKTaskResult","identifier":"t","startDate":"2019-05-27T00:35:06-0700","endDate":"2019-05-27T00:35:06-0700",
                 "results":[{"_class":"ORKStepResult","identifier":"s","startDate":"2019-05-27T00:35:06-0700",
                   "endDate":"2019-05-27T00:35:06-0700","results":[\(child)]}]}
                """.utf8)
            let again = try ResearchKitFiles.roundTrip(document, timeZone: CodecTrees.utc)
            #expect(ResearchKitFiles.same(again, try JSONParser.parse(document)), "\(url.lastPathComponent)")
        }
    }
}

@Suite("ResearchKit shapes (our crafted files): read as ResearchKit reads them, written back equal")
struct ResearchKitShapeTests {
    private let utc = CodecTrees.utc

    @Test("Every crafted file round-trips to JSON equal to itself, in UTC and in Pacific/Chatham")
    func craftedRoundTrip() throws {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: CodecTrees.packageRoot().appendingPathComponent("Tests/Fixtures/ResultFiles/researchkit-shapes")
                .path
        )
        .filter { $0.hasSuffix(".json") }
        #expect(names.count == 5)
        for name in names {
            let data = try ResearchKitFiles.crafted(name)
            for zone in ["UTC", "Pacific/Chatham"] {
                let again = try ResearchKitFiles.roundTrip(data, timeZone: try #require(TimeZone(identifier: zone)))
                #expect(ResearchKitFiles.same(again, try JSONParser.parse(data)), "\(name) in \(zone)")
            }
        }
    }

    @Test("booleanAnswer as a number is true when non-zero; booleans inside choiceAnswers; BOOL flags as numbers")
    func booleansAsNumbers() throws {
        let result = try ResultFileCodec.decode(ResearchKitFiles.crafted("booleans-as-numbers.json"))
        let step = try #require(result.results.first)
        let answers = ["zero", "one", "many", "negative", "half", "real"].map {
            step.questionResult(forIdentifier: $0)?.answer
        }
        #expect(
            answers == [
                .boolean(false), .boolean(true), .boolean(true), .boolean(true), .boolean(true), .boolean(false),
            ])
        #expect(
            step.questionResult(forIdentifier: "mixed")?.answer
                == .choices([.boolean(true), .boolean(false), .string("walk"), .integer(3), .double(2.5)]))
        #expect(step.isPreviousResult == false)
        guard case .consentSignature(let consent)? = step.results.last else {
            Issue.record("expected the consent result last")
            return
        }
        #expect(consent.consented)
        // Written back as written: 123 stays 123, not true.
        let written = try JSONParser.parse(ResultFileCodec.encode(result, timeZone: utc))
        let children = written.member("results")?.arrayValue?.first?.member("results")?.arrayValue
        #expect(children?[2].member("booleanAnswer") == .integer(123))
        #expect(
            children?[6].member("choiceAnswers")
                == .array([.bool(true), .bool(false), .string("walk"), .integer(3), .double(2.5)]))
    }

    @Test(
        "A missing taskRunUUID becomes a UUID derived from the content: stable across layout, different for other content"
    )
    func derivedRunUUID() throws {
        let data = try ResearchKitFiles.crafted("watch-without-run-uuid.json")
        let first = try ResultFileCodec.decode(data)
        #expect(first.taskRunUUID.uuidString.uppercased() == first.taskRunUUID.uuidString)
        // Version 8 (name-based, SHA-256) and the RFC variant.
        let bytes = first.taskRunUUID.uuid
        #expect(bytes.6 >> 4 == 8 && bytes.8 >> 6 == 2)
        // The same content pretty-printed with sorted keys gives the same UUID.
        let pretty = Data(JSONWriter.prettyText(try JSONParser.parse(data)).utf8)
        #expect(pretty != data)
        #expect(try ResultFileCodec.decode(pretty).taskRunUUID == first.taskRunUUID)
        // Another answer gives another UUID.
        let changed = Data(
            String(decoding: data, as: UTF8.self).replacingOccurrences(
                of: "\"scaleAnswer\":6", with: "\"scaleAnswer\":5"
            ).utf8)
        #expect(try ResultFileCodec.decode(changed).taskRunUUID != first.taskRunUUID)
        // An explicit null counts as missing (the serializer never writes nulls).
        let withNull = Data(
            String(decoding: data, as: UTF8.self).replacingOccurrences(
                of: "{\"_class\":\"ORKTaskResult\",", with: "{\"_class\":\"ORKTaskResult\",\"taskRunUUID\":null,"
            ).utf8)
        #expect(try ResultFileCodec.decode(withNull).taskRunUUID != first.taskRunUUID)
    }

    @Test("Range of motion of ResearchKit 1.x/2.0 (flexed, extended) maps to start, finish, minimum, maximum, range")
    func rangeOfMotionVersions() throws {
        let result = try ResultFileCodec.decode(ResearchKitFiles.crafted("range-of-motion-versions.json"))
        guard case .rangeOfMotion(let legacy)? = result.results.first?.results.first,
            case .rangeOfMotion(let current)? = result.results.last?.results.first
        else {
            Issue.record("both steps should hold a range-of-motion result")
            return
        }
        #expect(
            [legacy.start, legacy.finish, legacy.minimum, legacy.maximum, legacy.range] == [95.5, 12, 12, 95.5, 83.5])
        #expect(
            [current.start, current.finish, current.minimum, current.maximum, current.range] == [
                4.25, 6, 2, 150.5, 148.5,
            ])
        // The legacy one is written back with flexed/extended only.
        let written = try JSONParser.parse(ResultFileCodec.encode(result, timeZone: utc))
        let legacyObject = try #require(
            written.member("results")?.arrayValue?.first?.member("results")?.arrayValue?.first)
        #expect(legacyObject.member("range") == nil && legacyObject.member("flexed") == .double(95.5))
    }

    @Test("Results not directly under a step, unknown question types, classes and keys are kept; known values are read")
    func unmodeledKept() throws {
        let result = try ResultFileCodec.decode(ResearchKitFiles.crafted("everything-unmodeled.json"))
        #expect(result.identifier == "odd")
        #expect(result.results.map(\.identifier) == ["survey", "done"])
        #expect(result.device?.researchKitVersion == "3.0.1" && result.device?.researchKitBundleVersion == "42")
        #expect(result.startDate == Date(timeIntervalSince1970: 1_699_147_800.25))
        let survey = result.results[0]
        let future = try #require(survey.questionResult(forIdentifier: "future"))
        #expect(future.questionType == nil && future.answer == .scale(.integer(3)))
        #expect(survey.questionResult(forIdentifier: "untyped")?.questionType == nil)
        #expect(survey.questionResult(forIdentifier: "unsure")?.isDontKnow == true)
        #expect(survey.questionResult(forIdentifier: "notes")?.value == .text(nil))
        #expect(survey.results.map(\.identifier).count == 11)
        if case .other(let nested) = survey.results[5] {
            #expect(nested.className == "ORKStepResult")
        } else {
            Issue.record("a step result inside a step result is kept whole")
        }
        let written = try JSONParser.parse(ResultFileCodec.encode(result, timeZone: utc))
        #expect(
            written.member("results")?.arrayValue?.map { $0.member("identifier") } == [
                .string("page"), .string("loose"), .string("survey"), .string("done"),
            ])
        #expect(written.member("startDate") == .string("2023-11-05T01:30:00.250Z"))
        #expect(written.member("device")?.member("chip") == .string("A16"))
        #expect(written.member("outputDirectory") == .null)
    }

    @Test(
        "Later versions: a device or no-answer marker of an unknown class is kept; whole numbers written as 1.0 are whole"
    )
    func laterVersions() throws {
        let result = try ResultFileCodec.decode(ResearchKitFiles.crafted("later-versions.json"))
        #expect(result.device == nil)
        let step = try #require(result.results.first)
        let declined = try #require(step.questionResult(forIdentifier: "declined"))
        #expect(declined.isDontKnow == false && declined.answer == nil && declined.questionType == .scale)
        #expect(
            step.questionResult(forIdentifier: "born")?.value
                == .date(
                    ResultDateText.date(from: "1990-07-01T03:30:00Z"), calendar: "gregorian", timeZoneSeconds: -12_600))
        #expect(step.questionResult(forIdentifier: "nap")?.answer == .timeInterval(1500))
        guard case .other(let ladder) = step.results[2] else {
            Issue.record("ORKSESQuestionResult is not modeled and should be kept whole")
            return
        }
        #expect(ladder.json["rungPicked"] == .integer(4))
        let written = try JSONParser.parse(ResultFileCodec.encode(result, timeZone: utc))
        #expect(written.member("device")?.member("_class") == .string("ORKFutureDevice"))
    }

    @Test("A value changed after reading is written from the model; everything else stays as the file had it")
    func changedValueWins() throws {
        var result = try ResultFileCodec.decode(ResearchKitFiles.crafted("everything-unmodeled.json"))
        guard case .question(var future) = result.results[0].results[0] else {
            Issue.record("expected a question result")
            return
        }
        future.value = .scale(.integer(5))
        future.questionType = .scale
        result.results[0].results[0] = .question(future)
        result.endDate = result.startDate
        let written = try JSONParser.parse(ResultFileCodec.encode(result, timeZone: utc))
        let object = try #require(written.member("results")?.arrayValue?[2].member("results")?.arrayValue?[0])
        #expect(object.member("scaleAnswer") == .integer(5) && object.member("questionType") == .integer(1))
        #expect(object.member("extra") != nil && object.member("answer") == .integer(3))
        #expect(object.member("startDate") == .string("2023-11-05T01:32:00Z"))
        #expect(written.member("endDate") == .string("2023-11-05T01:30:00+0000"))
        #expect(written.member("startDate") == .string("2023-11-05T01:30:00.250Z"))
    }

    @Test(
        "Only what cannot be a result is rejected, with the JSON path",
        arguments: [
            (
                #"{"_class":"ORKStepResult","identifier":"s","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#,
                "top level: expected _class ORKTaskResult, found ORKStepResult"
            ),
            (
                #"{"_class":"ORKBooleanQuestionResult","booleanAnswer":1}"#,
                "top level: expected _class ORKTaskResult, found ORKBooleanQuestionResult"
            ),
            (#"{"identifier":"t"}"#, "top level: missing key \"_class\""),
            (
                #"{"_class":"ORKTaskResult","identifier":7,"startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#,
                "identifier: expected a string, found an integer"
            ),
            (
                #"{"_class":"ORKTaskResult","identifier":"t","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","taskRunUUID":12}"#,
                "taskRunUUID: expected a string, found an integer"
            ),
            (
                #"{"_class":"ORKTaskResult","identifier":"t","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","results":[3]}"#,
                "results[0]: expected an object, found an integer"
            ),
            (
                #"{"_class":"ORKTaskResult","identifier":"t","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","results":[{"_class":"ORKStepResult","identifier":"s","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","results":[{"_class":"ORKBooleanQuestionResult","identifier":"b","booleanAnswer":"yes","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}]}]}"#,
                "results[0].results[0].booleanAnswer: expected a boolean, found a string"
            ),
            (
                #"{"_class":"ORKTaskResult","identifier":"t","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","results":[{"_class":"ORKStepResult","identifier":"s","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","results":[{"_class":"ORKChoiceQuestionResult","identifier":"c","choiceAnswers":["a",{"x":1}],"startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}]}]}"#,
                "results[0].results[0].choiceAnswers[1]: expected a string, found an object"
            ),
            (
                #"{"_class":"ORKTaskResult","identifier":"t","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","results":[{"_class":"ORKStepResult","identifier":"s","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","results":[{"_class":"ORKRangeOfMotionResult","identifier":"r","flexed":"90","extended":1,"startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}]}]}"#,
                "results[0].results[0].flexed: expected a number, found a string"
            ),
            ("{\"_class\":", "not valid JSON: unexpected end of text at line 1, column 11"),
        ])
    func rejected(text: String, message: String) {
        #expect(throws: ResultFileError.self) { try ResultFileCodec.decode(Data(text.utf8)) }
        do {
            _ = try ResultFileCodec.decode(Data(text.utf8))
        } catch {
            #expect(error.description == message)
        }
    }
}

@Suite(
    "Regimen's writer follows ResearchKit's for date answers (docs/researchkit-results.md, \"Date answers in the files Regimen writes\")"
)
struct RegimenDateAnswerWriterTests {
    @Test(
        "An answered date question records the Gregorian calendar and the zone's offset at the answer; a skipped one neither"
    )
    func dateAnswerZone() throws {
        let zurich = try #require(TimeZone(identifier: "Europe/Zurich"))
        let format = AnswerFormat.date(DateFormat(style: .date))
        let winter = CodecTrees.at(0)  // 2026-11-21: CET, +3600
        let summer = CodecTrees.at(-150 * 86_400)  // late June 2026: CEST, +7200
        let answered = QuestionResult.make(
            "d", format: format, answer: .date(winter), start: winter, end: winter, timeZone: zurich)
        #expect(answered.value == .date(winter, calendar: "gregorian", timeZoneSeconds: 3600))
        let inSummer = QuestionResult.make(
            "d", format: format, answer: .date(winter), start: summer, end: summer, timeZone: zurich)
        #expect(inSummer.value == .date(winter, calendar: "gregorian", timeZoneSeconds: 7200))
        let skipped = QuestionResult.make(
            "d", format: format, answer: nil, start: winter, end: winter, timeZone: zurich)
        #expect(skipped.value == .date(nil, calendar: nil, timeZoneSeconds: nil))
        let tree = TaskResult(
            identifier: "t", taskRunUUID: CodecTrees.runID, startDate: winter, endDate: winter,
            results: [
                StepResult(
                    identifier: "s", startDate: winter, endDate: winter,
                    results: [.question(answered), .question(skipped)])
            ])
        let children = try JSONParser.parse(ResultFileCodec.encode(tree, timeZone: zurich))
            .member("results")?.arrayValue?.first?.member("results")?.arrayValue
        #expect(
            children?[0].member("timeZone") == .integer(3600) && children?[0].member("calendar") == .string("gregorian")
        )
        #expect(children?[1].member("timeZone") == nil && children?[1].member("calendar") == nil)
    }
}
