import Foundation
import RegimenFoundation
import Testing

@testable import ResearchTasks

@Suite(
    "ResultFileCodec encoding (docs/researchkit-results.md, \"Encoding rules\" and \"Result classes and their keys\")")
struct ResultFileCodecEncodeTests {
    private let utc = CodecTrees.utc

    @Test(
        "A check-in form with two scale answers encodes to exactly the serializer's shape (docs/researchkit-results.md, \"Encoding rules\" and \"Result classes and their keys\")"
    )
    func checkinExactText() {
        let expected = """
            {
              "_class": "ORKTaskResult",
              "endDate": "2026-11-21T08:05:02+0000",
              "identifier": "checkin",
              "results": [
                {
                  "_class": "ORKStepResult",
                  "endDate": "2026-11-21T08:05:02+0000",
                  "identifier": "checkin.form",
                  "isPreviousResult": false,
                  "results": [
                    {
                      "_class": "ORKScaleQuestionResult",
                      "endDate": "2026-11-21T08:04:30+0000",
                      "identifier": "checkin.form.pain",
                      "questionType": 1,
                      "scaleAnswer": 4,
                      "startDate": "2026-11-21T08:04:30+0000"
                    },
                    {
                      "_class": "ORKScaleQuestionResult",
                      "endDate": "2026-11-21T08:05:02+0000",
                      "identifier": "checkin.form.sleep",
                      "questionType": 1,
                      "scaleAnswer": 8,
                      "startDate": "2026-11-21T08:05:02+0000"
                    }
                  ],
                  "startDate": "2026-11-21T08:04:10+0000"
                }
              ],
              "startDate": "2026-11-21T08:04:10+0000",
              "taskRunUUID": "3F2504E0-4F89-41D3-9A0C-0305E82C3301"
            }

            """
        let text = ResultFileCodec.encodedText(CodecTrees.checkin(), timeZone: utc)
        #expect(text == expected)
        #expect(ResultFileCodec.encode(CodecTrees.checkin(), timeZone: utc) == Data(expected.utf8))
    }

    @Test(
        "Keys are sorted in every object of a tree with every kind of child (docs/researchkit-results.md, \"Encoding rules\" sorted keys)"
    )
    func keysSortedEverywhere() {
        let text = ResultFileCodec.encodedText(CodecTrees.everything(), timeZone: utc)
        var stack: [[String]] = []
        var objectsChecked = 0
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("\""), let end = trimmed.dropFirst().firstIndex(of: "\""),
                trimmed[end...].hasPrefix("\": ")
            {
                stack[stack.count - 1].append(String(trimmed[trimmed.index(after: trimmed.startIndex)..<end]))
            }
            if trimmed.hasSuffix("{") { stack.append([]) }
            if trimmed == "}" || trimmed == "}," {
                let keys = stack.removeLast()
                #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "keys \(keys)")
                objectsChecked += 1
            }
        }
        #expect(stack.isEmpty)
        #expect(objectsChecked > 30)
    }

    @Test(
        "nil values are omitted: no nulls anywhere, but isPreviousResult and questionType always present (rule 3 of docs/researchkit-results.md, \"Encoding rules\" and \"Result classes and their keys\")"
    )
    func noNullsButAlwaysPresentKeys() throws {
        let data = ResultFileCodec.encode(CodecTrees.everything(), timeZone: utc)
        #expect(!String(decoding: data, as: UTF8.self).contains("null"))
        let steps = try #require(try CodecTrees.parsed(data).member("results")?.arrayValue)
        #expect(steps.count == 5)
        for step in steps {
            #expect(step.member("isPreviousResult") != nil)
            #expect(step.member("results") != nil)
        }
        let form = try #require(steps[1].member("results")?.arrayValue)
        let skipped = try #require(form.first { $0.member("identifier") == .string("scale.nil") })
        #expect(skipped.member("questionType") == .integer(1))
        #expect(skipped.member("scaleAnswer") == nil)
        #expect(skipped.member("noAnswerType") == nil)
        #expect(skipped.member("userInfo") == nil)
        let numeric = try #require(form.first { $0.member("identifier") == .string("numeric.nil") })
        #expect(numeric.member("unit") == .string("kg"))
        #expect(numeric.member("displayUnit") == nil)
        #expect(steps[0].member("enabledAssistiveTechnology") == nil)
        #expect(steps[1].member("isPreviousResult") == .bool(true))
    }

    @Test(
        "Don't-know writes noAnswerType {_class: ORKDontKnowAnswer} and no typed answer (docs/researchkit-results.md, \"Result classes and their keys\")"
    )
    func dontKnowMarker() throws {
        let data = ResultFileCodec.encode(CodecTrees.everything(), timeZone: utc)
        let form = try #require(
            try CodecTrees.parsed(data).member("results")?.arrayValue?[1].member("results")?.arrayValue)
        let dontKnow = try #require(form.first { $0.member("identifier") == .string("scale.dk") })
        #expect(dontKnow.member("noAnswerType") == .object(["_class": .string("ORKDontKnowAnswer")]))
        #expect(dontKnow.member("scaleAnswer") == nil)
    }

    @Test(
        "Typed answer keys and value forms per result class (rules 4–5 of docs/researchkit-results.md, \"Encoding rules\" and \"Result classes and their keys\")"
    )
    func answerKeysPerClass() throws {
        let data = ResultFileCodec.encode(CodecTrees.everything(), timeZone: utc)
        let root = try CodecTrees.parsed(data)
        let form = try #require(root.member("results")?.arrayValue?[1].member("results")?.arrayValue)
        func item(_ id: String) -> JSONValue? { form.first { $0.member("identifier") == .string(id) } }
        #expect(item("scale.int")?.member("scaleAnswer") == .integer(7))
        #expect(item("scale.dec")?.member("scaleAnswer") == .double(4.0))
        #expect(item("choice")?.member("choiceAnswers") == .array([.string("walk"), .integer(2), .double(2.5)]))
        #expect(item("choice")?.member("_class") == .string("ORKChoiceQuestionResult"))
        #expect(item("choice")?.member("questionType") == .integer(3))
        #expect(item("choice.empty")?.member("choiceAnswers") == .array([]))
        #expect(item("bool.false")?.member("booleanAnswer") == .bool(false))
        #expect(item("numeric")?.member("numericAnswer") == .double(72.5))
        #expect(item("numeric")?.member("displayUnit") == .string("kilograms"))
        #expect(item("time")?.member("dateComponentsAnswer") == .string("07:05"))
        #expect(item("time")?.member("_class") == .string("ORKTimeOfDayQuestionResult"))
        #expect(item("interval")?.member("intervalAnswer") == .double(5400))
        #expect(item("date")?.member("dateAnswer") == .string("2026-11-20T08:04:10+0000"))
        #expect(item("date")?.member("calendar") == .string("gregorian"))
        #expect(item("date")?.member("timeZone") == .integer(3600))
        #expect(item("date.nil")?.member("timeZone") == .integer(-25_200))
        #expect(root.member("taskRunUUID") == .string("3F2504E0-4F89-41D3-9A0C-0305E82C3301"))
        #expect(
            root.member("device")
                == .object([
                    "_class": .string("ORKDevice"), "product": .string("x86_64"), "osVersion": .string("12"),
                    "platform": .string("Linux"),
                ]))
        #expect(root.member("userInfo") == .object(["app": .string("regimen"), "version": .integer(1)]))
        let rom = try #require(root.member("results")?.arrayValue?[2].member("results")?.arrayValue?[0])
        #expect(rom.member("_class") == .string("ORKRangeOfMotionResult"))
        #expect(rom.member("finish") == .double(80))
        #expect(rom.member("range") == .double(85.25))
        #expect(rom.member("userInfo")?.member("guessed") == .bool(false))
        let file = try #require(root.member("results")?.arrayValue?[2].member("results")?.arrayValue?[1])
        #expect(file.member("fileName") == .string("motion-3F2504E0.json"))
        #expect(file.member("fileURL") == nil)
        let consent = try #require(root.member("results")?.arrayValue?[3].member("results")?.arrayValue?[1])
        #expect(consent.member("consented") == .bool(false))
        #expect(consent.member("userInfo") == .object([:]))
    }

    @Test(
        "Numbers: integers as integers, doubles in shortest round-trip form keeping '.0' (rule 3 of docs/researchkit-results.md, \"Encoding rules\")"
    )
    func numberForms() {
        let text = ResultFileCodec.encodedText(CodecTrees.everything(), timeZone: utc)
        #expect(text.contains("\"scaleAnswer\": 7,"))
        #expect(text.contains("\"scaleAnswer\": 4.0,"))
        #expect(text.contains("\"scaleAnswer\": 3.25,"))
        #expect(text.contains("\"intervalAnswer\": 0.1,"))
        #expect(text.contains("\"big\": 9223372036854775807"))
        #expect(text.contains("\"neg\": -0.001"))
        #expect(text.contains("\"finish\": 80.0,"))
    }

    @Test(
        "Dates use yyyy-MM-dd'T'HH:mm:ssZ in the given zone with no fractional seconds (rule 4 of docs/researchkit-results.md, \"Encoding rules\")"
    )
    func datesInZone() throws {
        var tree = CodecTrees.checkin()
        tree.startDate = CodecTrees.at(0.875)
        let angeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let kolkata = try #require(TimeZone(identifier: "Asia/Kolkata"))
        #expect(
            ResultFileCodec.encodedText(tree, timeZone: angeles).contains("\"startDate\": \"2026-11-21T00:04:10-0800\"")
        )
        #expect(
            ResultFileCodec.encodedText(tree, timeZone: kolkata).contains("\"startDate\": \"2026-11-21T13:34:10+0530\"")
        )
        let summer = Date(timeIntervalSince1970: 1_783_000_000)  // 2026-07-02, daylight saving time
        #expect(ResultDateText.string(from: summer, timeZone: angeles).hasSuffix("-0700"))
        #expect(
            ResultDateText.string(from: Date(timeIntervalSince1970: -1), timeZone: utc) == "1969-12-31T23:59:59+0000")
        #expect(
            ResultDateText.string(from: Date(timeIntervalSince1970: 951_782_400), timeZone: utc)
                == "2000-02-29T00:00:00+0000")
    }

    @Test("Extreme and non-finite dates still give four-digit, decodable timestamps in any zone")
    func extremeDates() throws {
        let zones = try [
            utc, #require(TimeZone(identifier: "America/Los_Angeles")),
            #require(TimeZone(identifier: "Pacific/Kiritimati")),
        ]
        for zone in zones {
            for date in [
                Date.distantPast, .distantFuture, Date(timeIntervalSince1970: -1e18), Date(timeIntervalSince1970: 1e18),
                Date(timeIntervalSince1970: .nan),
            ] {
                let text = ResultDateText.string(from: date, timeZone: zone)
                #expect(text.count == 24, "\(text)")
                #expect(ResultDateText.date(from: text) != nil, "\(text)")
            }
        }
        #expect(ResultDateText.string(from: .distantPast, timeZone: utc) == "0001-01-01T00:00:00+0000")
        #expect(
            ResultDateText.string(from: Date(timeIntervalSince1970: 1e18), timeZone: utc) == "9999-12-31T23:59:59+0000")
    }

    @Test("The same tree gives byte-identical output, whatever order its dictionaries were built in")
    func deterministic() {
        var forward: JSONObject = [:]
        var backward: JSONObject = [:]
        let keys = (0..<64).map { "key\($0)" } + ["Zeta", "_under", "é", "alpha"]
        for key in keys { forward[key] = .string(key) }
        for key in keys.reversed() { backward[key] = .string(key) }
        var first = CodecTrees.everything()
        var second = CodecTrees.everything()
        first.userInfo = forward
        second.userInfo = backward
        let bytes = ResultFileCodec.encode(first, timeZone: utc)
        #expect(bytes == ResultFileCodec.encode(second, timeZone: utc))
        #expect(bytes == ResultFileCodec.encode(first, timeZone: utc))
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(bytes.dropLast().last == UInt8(ascii: "}"))
    }

    @Test("Strings are escaped correctly: Foundation's own parser reads our text answer back unchanged")
    func escapingReadableByFoundation() throws {
        let data = ResultFileCodec.encode(CodecTrees.everything(), timeZone: utc)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""textAnswer": "Knee \"hurt\"\nafter\ttea\u0001; naïve 😀 \\ /""#))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let steps = try #require(object["results"] as? [[String: Any]])
        let items = try #require(steps[1]["results"] as? [[String: Any]])
        let textItem = try #require(items.first { $0["identifier"] as? String == "text" })
        #expect(textItem["textAnswer"] as? String == "Knee \"hurt\"\nafter\ttea\u{1}; naïve 😀 \\ /")
    }

    @Test("NaN and infinite doubles have no JSON form and are omitted rather than written as invalid JSON")
    func nonFiniteOmitted() throws {
        var tree = CodecTrees.checkin()
        tree.results[0].results = [
            .question(
                QuestionResult(
                    identifier: "nan", startDate: CodecTrees.at(1), endDate: CodecTrees.at(1), questionType: .scale,
                    value: .scale(.decimal(.nan)))),
            .question(
                QuestionResult(
                    identifier: "inf", startDate: CodecTrees.at(1), endDate: CodecTrees.at(1),
                    questionType: .timeInterval, value: .timeInterval(.infinity))),
        ]
        let data = ResultFileCodec.encode(tree, timeZone: utc)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("intervalAnswer"))
        #expect(!text.contains("scaleAnswer"))
        #expect((try? JSONSerialization.jsonObject(with: data)) != nil)
    }

    @Test("An edited unmodeled result re-encodes with its new identifier and class, other members verbatim")
    func otherResultEdits() throws {
        var tree = CodecTrees.everything()
        guard case .other(var other) = tree.results[4].results[0] else {
            Issue.record("fixture changed")
            return
        }
        other.identifier = "renamed"
        tree.results[4].results[0] = .other(other)
        let root = try CodecTrees.parsed(ResultFileCodec.encode(tree, timeZone: utc))
        let encoded = try #require(root.member("results")?.arrayValue?[4].member("results")?.arrayValue?[0])
        #expect(encoded.member("identifier") == .string("renamed"))
        #expect(encoded.member("stepViewSize") == .string("{375, 667}"))
        #expect(encoded.member("_class") == .string("ORKTappingIntervalResult"))
    }
}

extension JSONValue {
    /// Member `key` of an object, else nil.
    func member(_ key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The elements of an array, else nil.
    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { items } else { nil }
    }
}
