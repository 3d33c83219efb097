import Foundation
import RegimenFoundation
import Testing

@testable import ResearchTasks

@Suite("ResultFileCodec decoding (docs/researchkit-results.md)")
struct ResultFileCodecDecodeTests {
    private let utc = CodecTrees.utc

    /// A one-step document whose single child is `child` (a JSON object text).
    private func document(child: String, taskExtras: String = "") -> Data {
        Data(
            """
            {"_class":"ORKTaskResult","identifier":"t","taskRunUUID":"3F2504E0-4F89-41D3-9A0C-0305E82C3301",
             "startDate":"2026-11-21T08:04:10+0000","endDate":"2026-11-21T08:05:02+0000"\(taskExtras),
             "results":[{"_class":"ORKStepResult","identifier":"s","isPreviousResult":false,
               "startDate":"2026-11-21T08:04:10+0000","endDate":"2026-11-21T08:05:02+0000","results":[\(child)]}]}
            """.utf8)
    }

    private func onlyChild(_ child: String) throws -> ChildResult {
        let result = try ResultFileCodec.decode(document(child: child))
        return try #require(result.results.first?.results.first)
    }

    private func question(_ body: String, className: String) throws -> QuestionResult {
        let child = try onlyChild(
            """
            {"_class":"\(className)","identifier":"q","startDate":"2026-11-21T08:04:20+0000",
             "endDate":"2026-11-21T08:04:20+0000"\(body)}
            """)
        guard case .question(let result) = child else {
            Issue.record("expected a question result, got \(child)")
            throw CancellationError()
        }
        return result
    }

    @Test(
        "A tree with every QuestionValue case, nil answers, don't-know, ROM, file, consent, other, userInfo and device round-trips"
    )
    func roundTripEverything() throws {
        let tree = CodecTrees.everything()
        let data = ResultFileCodec.encode(tree, timeZone: utc)
        let decoded = try ResultFileCodec.decode(data)
        #expect(decoded.removingSources() == tree)
        #expect(ResultFileCodec.encode(decoded, timeZone: utc) == data)
        let kolkata = try #require(TimeZone(identifier: "Asia/Kolkata"))
        #expect(try ResultFileCodec.decode(ResultFileCodec.encode(tree, timeZone: kolkata)).removingSources() == tree)
    }

    @Test("Our own check-in file decodes to its tree and re-encodes byte for byte")
    func ownFileByteIdentical() throws {
        let data = try CodecTrees.ownFixture("checkin-utc.json")
        let tree = try ResultFileCodec.decode(data)
        #expect(tree.removingSources() == CodecTrees.checkin())
        #expect(ResultFileCodec.encode(tree, timeZone: utc) == data)
    }

    @Test("An explicit null and nested values in userInfo round-trip; `true` stays a boolean and `1` an integer")
    func userInfoValues() throws {
        var tree = CodecTrees.checkin()
        tree.userInfo = [
            "none": .null, "yes": .bool(true), "one": .integer(1), "onePointZero": .double(1.0),
            "list": .array([.bool(false), .integer(0), .string("0")]), "empty": .object([:]),
        ]
        let decoded = try ResultFileCodec.decode(ResultFileCodec.encode(tree, timeZone: utc))
        #expect(decoded.userInfo == tree.userInfo)
        #expect(decoded.userInfo?["yes"] == .bool(true))
        #expect(decoded.userInfo?["one"] == .integer(1))
        #expect(decoded.userInfo?["onePointZero"] == .double(1.0))
    }

    @Test(
        "ResearchKit's own ORKTaskResult sample decodes (docs/test-fixtures.md, \"Third-party files outside the repository\"): empty identifier, empty userInfo, empty device strings",
        .enabled(
            if: FileManager.default.fileExists(atPath: CodecTrees.researchKitSample.path),
            "skipped: ../shared/fixtures/researchkit/ORKTaskResult.json is absent (a clone without shared/)"))
    func researchKitSample() throws {
        let data = try Data(contentsOf: CodecTrees.researchKitSample)
        let result = try ResultFileCodec.decode(data)
        #expect(result.identifier == "")
        #expect(result.userInfo == [:])
        #expect(result.results.isEmpty)
        #expect(result.taskRunUUID == UUID(uuidString: "FDFCC3EC-01B6-43E7-8200-9B93E2744BB8"))
        #expect(result.removingSources().device == DeviceInfo(product: "", osVersion: "", osBuild: "", platform: ""))
        // 2019-05-27T00:35:06-0700 is 07:35:06 UTC.
        #expect(result.startDate == Date(timeIntervalSince1970: 1_558_942_506))
        #expect(result.endDate == result.startDate)
        // Re-serializing gives the same key sets (SOURCE.md), top level and device.
        let original = try CodecTrees.parsed(data)
        let again = try CodecTrees.parsed(ResultFileCodec.encode(result, timeZone: utc))
        guard case .object(let originalTop) = original, case .object(let againTop) = again,
            case .object(let originalDevice)? = originalTop["device"],
            case .object(let againDevice)? = againTop["device"]
        else {
            Issue.record("not objects")
            return
        }
        #expect(Set(originalTop.keys) == Set(againTop.keys))
        #expect(Set(originalDevice.keys) == Set(againDevice.keys))
        // Each date keeps its own offset (issue 12), whatever zone it is written in.
        #expect(again.member("startDate") == .string("2019-05-27T00:35:06-0700"))
    }

    @Test("A phone-style file (compact, unsorted, -0700, lowercase UUID, extra keys) decodes to the expected tree")
    func phoneStyleFixture() throws {
        let result = try ResultFileCodec.decode(CodecTrees.ownFixture("pain-survey-phone.json"))
        #expect(result.identifier == "pain.survey")
        #expect(result.taskRunUUID == UUID(uuidString: "FDFCC3EC-01B6-43E7-8200-9B93E2744BB8"))
        #expect(result.startDate == ResultDateText.date(from: "2026-03-01T09:00:00Z"))
        #expect(result.device?.product == "iPhone16,1")
        #expect(result.results.map(\.identifier) == ["intro", "pain.form", "knee.range.of.motion", "conclusion"])
        let form = result.results[1]
        #expect(form.questionResult(forIdentifier: "pain.level")?.value == .scale(.integer(7)))
        #expect(form.questionResult(forIdentifier: "pain.yesterday")?.value == .scale(nil))
        #expect(form.questionResult(forIdentifier: "pain.yesterday")?.isDontKnow == false)
        #expect(form.questionResult(forIdentifier: "pain.unsure")?.isDontKnow == true)
        #expect(form.questionResult(forIdentifier: "pain.today")?.answer == .boolean(true))
        #expect(form.questionResult(forIdentifier: "pain.today")?.questionType == .boolean)
        #expect(
            form.questionResult(forIdentifier: "relief")?.answer
                == .choices([.string("walk"), .string("rest"), .integer(3)]))
        #expect(form.questionResult(forIdentifier: "pain.notes")?.value == .text(nil))
        guard case .other(let location) = form.results[6] else {
            Issue.record("ORKLocationQuestionResult should be kept as other")
            return
        }
        #expect(location.className == "ORKLocationQuestionResult")
        #expect(location.identifier == "where")
        #expect(location.json["locationAnswer"]?.member("userInput") == .string("Zurich"))
        guard case .rangeOfMotion(let rom) = result.results[2].results.first else {
            Issue.record("expected a range-of-motion result")
            return
        }
        #expect([rom.start, rom.finish, rom.minimum, rom.maximum, rom.range] == [12, 80.5, 9.75, 95.5, 85.75])
        // Ours re-reads identically.
        #expect(try ResultFileCodec.decode(ResultFileCodec.encode(result, timeZone: utc)) == result)
    }

    @Test(
        "Dates decode to the right instant with any offset, Z, ±HH:mm and fractional seconds (rule 4 of docs/researchkit-results.md, \"Encoding rules\")",
        arguments: [
            ("2026-11-21T08:04:10+0000", 0.0),
            ("2026-11-21T01:04:10-0700", 0.0),
            ("2026-11-21T13:34:10+0530", 0.0),
            ("2026-11-21T13:34:10+05:30", 0.0),
            ("2026-11-21T09:04:10+01", 0.0),
            ("2026-11-21T08:04:10Z", 0.0),
            ("2026-11-21T08:04:10.250Z", 0.25),
            ("2026-11-21T01:04:10.5-0700", 0.5),
            ("2026-11-20T22:04:10-1000", 0.0),
        ])
    func datesWithOffsets(text: String, fraction: Double) throws {
        let date = try #require(ResultDateText.date(from: text))
        #expect(date == CodecTrees.at(fraction))
        let tree = try ResultFileCodec.decode(
            Data(
                """
                {"_class":"ORKTaskResult","identifier":"t","taskRunUUID":"3F2504E0-4F89-41D3-9A0C-0305E82C3301",
                 "startDate":"\(text)","endDate":"\(text)"}
                """.utf8))
        #expect(tree.startDate == CodecTrees.at(fraction))
    }

    @Test(
        "Malformed or impossible dates are rejected",
        arguments: [
            "2026-11-21 08:04:10+0000", "2026-11-21T08:04:10", "2026-02-29T08:04:10Z", "2026-13-01T00:00:00Z",
            "2026-11-21T24:00:00Z", "2026-11-21T08:60:00Z", "2026-11-21T08:04:10+2400", "2026-11-21T08:04:10.Z",
            "2026-11-21T08:04:10+00000", "26-11-21T08:04:10Z", "", "0000-01-01T00:00:00Z",
        ])
    func badDates(text: String) {
        #expect(ResultDateText.date(from: text) == nil)
    }

    @Test(
        "Scale and numeric answers keep integer vs decimal (docs/researchkit-results.md, \"Result classes and their keys\") and choice answers take strings and numbers"
    )
    func numberKinds() throws {
        #expect(
            try question(#","questionType":1,"scaleAnswer":4"#, className: "ORKScaleQuestionResult").value
                == .scale(.integer(4)))
        #expect(
            try question(#","questionType":1,"scaleAnswer":4.0"#, className: "ORKScaleQuestionResult").value
                == .scale(.decimal(4)))
        #expect(
            try question(#","questionType":1,"scaleAnswer":4.5e0"#, className: "ORKScaleQuestionResult").value
                == .scale(.decimal(4.5)))
        #expect(
            try question(#","questionType":5,"numericAnswer":-2,"unit":"kg""#, className: "ORKNumericQuestionResult")
                .value
                == .numeric(.integer(-2), unit: "kg", displayUnit: nil))
        #expect(
            try question(#","questionType":2,"choiceAnswers":["a",1,1.5]"#, className: "ORKChoiceQuestionResult").value
                == .choice([.string("a"), .integer(1), .double(1.5)]))
        #expect(
            try question(#","questionType":12,"intervalAnswer":600"#, className: "ORKTimeIntervalQuestionResult").value
                == .timeInterval(600))
        #expect(
            try question(#","questionType":9,"dateComponentsAnswer":"7:05""#, className: "ORKTimeOfDayQuestionResult")
                .value
                == .timeOfDay(TimeOfDay(hour: 7, minute: 5)))
        #expect(
            try question(
                #","questionType":11,"dateAnswer":"2026-11-20T00:00:00-0800","calendar":"gregorian","timeZone":-28800"#,
                className: "ORKDateQuestionResult"
            ).value
                == .date(
                    ResultDateText.date(from: "2026-11-20T08:00:00Z"), calendar: "gregorian", timeZoneSeconds: -28_800))
    }

    @Test(
        "booleanAnswer reads true/false and, as ResearchKit does, numbers (non-zero is true); true is not a scale number"
    )
    func boolVersusNumber() throws {
        #expect(
            try question(#","questionType":7,"booleanAnswer":true"#, className: "ORKBooleanQuestionResult").value
                == .boolean(true))
        #expect(
            try question(#","questionType":7,"booleanAnswer":false"#, className: "ORKBooleanQuestionResult").value
                == .boolean(false))
        #expect(
            try question(#","questionType":7,"booleanAnswer":1"#, className: "ORKBooleanQuestionResult").value
                == .boolean(true))
        #expect(
            try question(#","questionType":7,"booleanAnswer":0"#, className: "ORKBooleanQuestionResult").value
                == .boolean(false))
        #expect(
            throws: ResultFileError.wrongType(
                path: "results[0].results[0].booleanAnswer", expected: .boolean, found: .string)
        ) {
            try ResultFileCodec.decode(
                document(
                    child:
                        #"{"_class":"ORKBooleanQuestionResult","identifier":"q","questionType":7,"booleanAnswer":"1","startDate":"2026-11-21T08:04:20Z","endDate":"2026-11-21T08:04:20Z"}"#
                ))
        }
        #expect(
            throws: ResultFileError.wrongType(
                path: "results[0].results[0].scaleAnswer", expected: .number, found: .boolean)
        ) {
            try ResultFileCodec.decode(
                document(
                    child:
                        #"{"_class":"ORKScaleQuestionResult","identifier":"q","questionType":1,"scaleAnswer":true,"startDate":"2026-11-21T08:04:20Z","endDate":"2026-11-21T08:04:20Z"}"#
                ))
        }
        #expect(
            throws: ResultFileError.wrongType(path: "results[0].isPreviousResult", expected: .boolean, found: .array)
        ) {
            try ResultFileCodec.decode(
                Data(
                    #"{"_class":"ORKTaskResult","identifier":"t","taskRunUUID":"3F2504E0-4F89-41D3-9A0C-0305E82C3301","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","results":[{"_class":"ORKStepResult","identifier":"s","isPreviousResult":[],"startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}]}"#
                        .utf8))
        }
    }

    @Test(
        "noAnswerType {_class: ORKDontKnowAnswer} sets isDontKnow (docs/researchkit-results.md, \"Result classes and their keys\")"
    )
    func dontKnow() throws {
        let result = try question(
            #","questionType":6,"noAnswerType":{"_class":"ORKDontKnowAnswer"}"#, className: "ORKNumericQuestionResult")
        #expect(result.isDontKnow)
        #expect(result.answer == nil)
    }

    @Test("Unknown keys on known classes are ignored; missing isPreviousResult/results default to false/[]")
    func unknownKeysAndDefaults() throws {
        let result = try question(
            #","questionType":1,"scaleAnswer":3,"answer":3,"futureKey":{"x":[1]}"#, className: "ORKScaleQuestionResult")
        #expect(result.value == .scale(.integer(3)))
        let tree = try ResultFileCodec.decode(
            Data(
                #"{"_class":"ORKTaskResult","identifier":"t","taskRunUUID":"3F2504E0-4F89-41D3-9A0C-0305E82C3301","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","results":[{"_class":"ORKStepResult","identifier":"s","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}]}"#
                    .utf8))
        #expect(tree.results.first?.isPreviousResult == false)
        #expect(tree.results.first?.results == [])
    }

    @Test("An unknown child class becomes .other keeping the whole object, and re-encodes to the same object")
    func unknownChildKept() throws {
        let objectText =
            #"{"_class":"ORKReactionTimeResult","identifier":"rt","timestamp":12.5,"fileResult":{"_class":"ORKFileResult","identifier":"f","contentType":"application/json"},"flags":[true,1,null],"startDate":"2019-05-27T00:35:06-0700","endDate":"2019-05-27T00:35:06-0700"}"#
        let child = try onlyChild(objectText)
        guard case .other(let other) = child else {
            Issue.record("expected .other")
            return
        }
        #expect(other.className == "ORKReactionTimeResult")
        #expect(other.identifier == "rt")
        let original = try CodecTrees.parsed(Data(objectText.utf8))
        #expect(JSONValue.object(other.json) == original)
        let tree = try ResultFileCodec.decode(document(child: objectText))
        let encoded = try CodecTrees.parsed(ResultFileCodec.encode(tree, timeZone: utc))
        #expect(encoded.member("results")?.arrayValue?[0].member("results")?.arrayValue?[0] == original)
        // Its dates stay exactly as written (not rewritten into the encoding zone).
        #expect(
            String(decoding: ResultFileCodec.encode(tree, timeZone: utc), as: UTF8.self).contains(
                "2019-05-27T00:35:06-0700"))
    }

    @Test(
        "ORKFileResult, ORKConsentSignatureResult and ORKRangeOfMotionResult decode their fields (docs/researchkit-results.md, \"Result classes and their keys\")"
    )
    func otherKnownClasses() throws {
        #expect(
            try CodecTrees.withoutSource(
                onlyChild(
                    #"{"_class":"ORKFileResult","identifier":"f","contentType":"application/json","fileName":"m.json","fileURL":"file:///x","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:11Z"}"#
                ))
                == .file(
                    FileResult(
                        identifier: "f", startDate: CodecTrees.at(0), endDate: CodecTrees.at(1),
                        contentType: "application/json", fileName: "m.json")))
        #expect(
            try CodecTrees.withoutSource(
                onlyChild(
                    #"{"_class":"ORKConsentSignatureResult","identifier":"c","consented":true,"signature":{"_class":"ORKConsentSignature"},"startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
                ))
                == .consentSignature(
                    ConsentSignatureResult(
                        identifier: "c", startDate: CodecTrees.at(0), endDate: CodecTrees.at(0), consented: true,
                        signature: ConsentSignature(identifier: "", givenName: nil, familyName: nil, signatureDate: nil)
                    )))
        #expect(
            try CodecTrees.withoutSource(
                onlyChild(
                    #"{"_class":"ORKRangeOfMotionResult","identifier":"r","start":1,"finish":2.5,"minimum":-3,"maximum":4,"range":7,"startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
                ))
                == .rangeOfMotion(
                    RangeOfMotionResult(
                        identifier: "r", startDate: CodecTrees.at(0), endDate: CodecTrees.at(0), start: 1, finish: 2.5,
                        minimum: -3, maximum: 4, range: 7)))
    }

    @Test(
        "each node gets its own dates when texts repeat and alternate from node to node (the decoder remembers the last one it read)"
    )
    func repeatedAndAlternatingDates() throws {
        let texts = ["2026-11-21T08:04:10+0000", "2026-11-21T08:05:02+0000", "2026-11-21T09:06:03+0100"]
        let questions = [(0, 1), (1, 0), (0, 2), (2, 2)].enumerated().map { index, pair in
            """
            {"_class":"ORKScaleQuestionResult","identifier":"q\(index)","startDate":"\(texts[pair.0])",
             "endDate":"\(texts[pair.1])","questionType":1,"scaleAnswer":\(index)}
            """
        }
        let result = try ResultFileCodec.decode(document(child: questions.joined(separator: ",")))
        let dates = try #require(result.results.first).results.map { child -> [Date] in
            guard case .question(let question) = child else { return [] }
            return [question.startDate, question.endDate]
        }
        let instant = { (text: String) in try #require(ResultDateText.date(from: text)) }
        #expect(
            try dates == [
                [instant(texts[0]), instant(texts[1])], [instant(texts[1]), instant(texts[0])],
                [instant(texts[0]), instant(texts[2])], [instant(texts[2]), instant(texts[2])],
            ])
        #expect(Set(try texts.map(instant)).count == 3)
    }
}
