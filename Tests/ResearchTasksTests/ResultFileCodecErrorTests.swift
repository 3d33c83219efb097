import Foundation
import RegimenFoundation
import Testing

@testable import ResearchTasks

@Suite("ResultFileCodec errors: precise, with the path, never the answer")
struct ResultFileCodecErrorTests {
    private let uuid = "3F2504E0-4F89-41D3-9A0C-0305E82C3301"

    /// A task with step `s` holding a valid scale result and then `child`.
    private func withSecondChild(_ child: String) -> Data {
        Data(
            """
            {"_class":"ORKTaskResult","identifier":"t","taskRunUUID":"\(uuid)",
             "startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:05:02Z",
             "results":[{"_class":"ORKStepResult","identifier":"s","isPreviousResult":false,
               "startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:05:02Z","results":[
                 {"_class":"ORKScaleQuestionResult","identifier":"a","questionType":1,"scaleAnswer":4,
                  "startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"},
                 \(child)]}]}
            """.utf8)
    }

    private func decodeError(_ data: Data) -> ResultFileError? {
        do {
            _ = try ResultFileCodec.decode(data)
            return nil
        } catch {
            return error
        }
    }

    private func decodeError(_ text: String) -> ResultFileError? {
        decodeError(Data(text.utf8))
    }

    @Test("Truncated JSON is invalidJSON at the end of the text, with line and column")
    func truncated() throws {
        let full = ResultFileCodec.encode(CodecTrees.checkin(), timeZone: CodecTrees.utc)
        let cut = full.prefix(40)  // `{\n  "_class": "ORKTaskResult",\n  "endDat`: 9 characters on line 3
        let error = try #require(decodeError(Data(cut)))
        #expect(error == .invalidJSON(JSONSyntaxError(problem: .unexpectedEnd, line: 3, column: 10)))
        #expect(error.description == "not valid JSON: unexpected end of text at line 3, column 10")
    }

    @Test("Every proper prefix of a result file fails as invalidJSON; none crashes")
    func everyPrefix() {
        let full = ResultFileCodec.encode(CodecTrees.checkin(), timeZone: CodecTrees.utc)
        for length in 0..<(full.count - 1) {
            guard case .invalidJSON? = decodeError(Data(full.prefix(length))) else {
                Issue.record("prefix of \(length) bytes did not fail as invalid JSON")
                return
            }
        }
        #expect(decodeError(Data(full.dropLast())) == nil)  // only the trailing newline missing
    }

    @Test("Randomly corrupted files never crash, and no error text quotes the answers in them")
    func corruptedFilesNeverLeak() {
        let original = Array(ResultFileCodec.encode(CodecTrees.everything(), timeZone: CodecTrees.utc))
        var generator = SplitMix64(seed: 0x5EED)
        var failures = 0
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: position)
                default: bytes.insert(Array(#"{}[]",:0e-.tn\"#.utf8).randomElement(using: &generator)!, at: position)
                }
            }
            guard let error = decodeError(Data(bytes)) else { continue }
            failures += 1
            for secret in ["Knee", "hurt", "walk", "kilograms", "72.5", "07:05", "portrait"] {
                #expect(!error.description.contains(secret), "\(error.description) leaks \(secret)")
            }
        }
        #expect(failures > 150)
    }

    @Test("A root that is not an object is wrongType at the top level")
    func nonObjectRoot() {
        #expect(decodeError("[]") == .wrongType(path: "", expected: .object, found: .array))
        #expect(decodeError(#""x""#) == .wrongType(path: "", expected: .object, found: .string))
        #expect(decodeError("1") == .wrongType(path: "", expected: .object, found: .integer))
        #expect(decodeError("[]")?.description == "top level: expected an object, found an array")
    }

    @Test("A wrong _class at the root is wrongClass; a no-answer marker or device of another class is kept (issue 12)")
    func wrongClass() {
        let error = decodeError(#"{"_class":"ORKStepResult","identifier":"x"}"#)
        #expect(error == .wrongClass(path: "", expected: "ORKTaskResult", found: "ORKStepResult"))
        #expect(error?.description == "top level: expected _class ORKTaskResult, found ORKStepResult")
        // A question result directly under the task is no step result: kept as written, not refused (issue 12).
        let questionUnderTask = """
            {"_class":"ORKTaskResult","identifier":"t","taskRunUUID":"\(uuid)","startDate":"2026-11-21T08:04:10Z",
             "endDate":"2026-11-21T08:04:10Z","results":[{"_class":"ORKScaleQuestionResult","identifier":"q"}]}
            """
        #expect(decodeError(questionUnderTask) == nil)
        let otherMarker = try? ResultFileCodec.decode(
            withSecondChild(
                #"{"_class":"ORKScaleQuestionResult","identifier":"b","questionType":1,"noAnswerType":{"_class":"ORKNoAnswer"},"startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
            ))
        #expect(otherMarker?.results.first?.questionResult(forIdentifier: "b")?.isDontKnow == false)
        #expect(
            decodeError(
                withSecondChild(
                    #"{"_class":"ORKScaleQuestionResult","identifier":"b","questionType":1,"noAnswerType":"dontKnow","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
                ))
                == .wrongType(path: "results[0].results[1].noAnswerType", expected: .object, found: .string))
        let otherDevice = try? ResultFileCodec.decode(
            Data(
                #"{"_class":"ORKTaskResult","identifier":"t","taskRunUUID":"\#(uuid)","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","device":{"_class":"ORKWatchDevice","product":"Watch7,1"}}"#
                    .utf8))
        #expect(otherDevice != nil && otherDevice?.device == nil)
        #expect(
            decodeError(
                #"{"_class":"ORKTaskResult","identifier":"t","taskRunUUID":"\#(uuid)","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","device":{"_class":"ORKDevice","product":7}}"#
            )
                == .wrongType(path: "device.product", expected: .string, found: .integer))
    }

    @Test(
        "A missing identifier or _class names the object's path and the key; what ResearchKit does without is accepted")
    func missingKeys() {
        let noIdentifier = decodeError(
            withSecondChild(
                #"{"_class":"ORKBooleanQuestionResult","questionType":7,"booleanAnswer":true,"startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
            ))
        #expect(noIdentifier == .missingKey(path: "results[0].results[1]", key: "identifier"))
        #expect(noIdentifier?.description == #"results[0].results[1]: missing key "identifier""#)
        #expect(
            decodeError(withSecondChild(#"{"identifier":"b"}"#))
                == .missingKey(path: "results[0].results[1]", key: "_class"))
        #expect(
            decodeError(
                withSecondChild(
                    #"{"_class":"ORKScaleQuestionResult","identifier":"b","startDate":"2026-11-21T08:04:20Z"}"#))
                == .missingKey(path: "results[0].results[1]", key: "endDate"))
        // Issue 12: no questionType, no taskRunUUID (derived), a range of motion without a full set of angles (kept
        // whole).
        #expect(
            decodeError(
                withSecondChild(
                    #"{"_class":"ORKScaleQuestionResult","identifier":"b","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
                ))
                == nil)
        #expect(
            decodeError(
                #"{"_class":"ORKTaskResult","identifier":"t","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
            )
                == nil)
        let partial = try? ResultFileCodec.decode(
            withSecondChild(
                #"{"_class":"ORKRangeOfMotionResult","identifier":"r","start":1,"finish":2,"minimum":0,"maximum":3,"startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
            ))
        guard case .other(let kept)? = partial?.results.first?.results.last else {
            Issue.record("a range of motion without range should be kept whole")
            return
        }
        #expect(kept.className == "ORKRangeOfMotionResult" && kept.identifier == "r")
    }

    @Test("A bad date names its path; the description omits the text, the debug description shows it")
    func badDate() throws {
        let error = try #require(
            decodeError(
                withSecondChild(
                    #"{"_class":"ORKTextQuestionResult","identifier":"b","questionType":8,"startDate":"21/11/2026 08:04","endDate":"2026-11-21T08:04:10Z"}"#
                )))
        #expect(error == .badDate(path: "results[0].results[1].startDate", text: "21/11/2026 08:04"))
        #expect(error.description.hasPrefix("results[0].results[1].startDate: not a date"))
        #expect(!error.description.contains("21/11/2026"))
        #expect(error.debugDescription.contains("21/11/2026 08:04"))
        let answer = try #require(
            decodeError(
                withSecondChild(
                    #"{"_class":"ORKDateQuestionResult","identifier":"dob","questionType":11,"dateAnswer":"1961-02-30T00:00:00Z","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
                )))
        #expect(answer == .badDate(path: "results[0].results[1].dateAnswer", text: "1961-02-30T00:00:00Z"))
        #expect(!answer.description.contains("1961"))
    }

    @Test("Bad time of day and UUID are precise and keep answers out of the description")
    func badValues() throws {
        let time = try #require(
            decodeError(
                withSecondChild(
                    #"{"_class":"ORKTimeOfDayQuestionResult","identifier":"b","questionType":9,"dateComponentsAnswer":"25:61","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
                )))
        #expect(time == .badTimeOfDay(path: "results[0].results[1].dateComponentsAnswer", text: "25:61"))
        #expect(!time.description.contains("25:61"))
        #expect(
            decodeError(
                #"{"_class":"ORKTaskResult","identifier":"t","taskRunUUID":"not-a-uuid","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
            )
                == .badUUID(path: "taskRunUUID", text: "not-a-uuid"))
    }

    @Test("Wrong JSON kinds name the exact member or element")
    func wrongTypes() {
        #expect(
            decodeError(
                #"{"_class":"ORKTaskResult","identifier":"t","taskRunUUID":"\#(uuid)","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","results":{}}"#
            )
                == .wrongType(path: "results", expected: .array, found: .object))
        #expect(
            decodeError(
                #"{"_class":"ORKTaskResult","identifier":"t","taskRunUUID":"\#(uuid)","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","results":[5]}"#
            )
                == .wrongType(path: "results[0]", expected: .object, found: .integer))
        #expect(
            decodeError(
                #"{"_class":"ORKTaskResult","identifier":null,"taskRunUUID":"\#(uuid)","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
            )
                == .wrongType(path: "identifier", expected: .string, found: .null))
        #expect(
            decodeError(
                #"{"_class":"ORKTaskResult","identifier":"t","taskRunUUID":"\#(uuid)","startDate":1795248250,"endDate":"2026-11-21T08:04:10Z"}"#
            )
                == .wrongType(path: "startDate", expected: .string, found: .integer))
        #expect(
            decodeError(
                withSecondChild(
                    #"{"_class":"ORKChoiceQuestionResult","identifier":"b","questionType":3,"choiceAnswers":["a",null],"startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
                ))
                == .wrongType(path: "results[0].results[1].choiceAnswers[1]", expected: .string, found: .null))
        #expect(
            decodeError(
                withSecondChild(
                    #"{"_class":"ORKDateQuestionResult","identifier":"b","questionType":11,"timeZone":3600.5,"startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}"#
                ))
                == .wrongType(path: "results[0].results[1].timeZone", expected: .integer, found: .number))
        #expect(
            decodeError(
                #"{"_class":"ORKTaskResult","identifier":"t","taskRunUUID":"\#(uuid)","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","userInfo":[]}"#
            )
                == .wrongType(path: "userInfo", expected: .object, found: .array))
    }

    @Test(
        "JSON syntax errors are reported with their problem, line and column",
        arguments: [
            ("", JSONSyntaxError(problem: .empty, line: 1, column: 1)),
            ("{} x", JSONSyntaxError(problem: .trailingContent, line: 1, column: 4)),
            ("{\n\"a\" 1}", JSONSyntaxError(problem: .unexpectedCharacter(expected: "':'"), line: 2, column: 5)),
            (
                "{\"a\":1 \"b\":2}",
                JSONSyntaxError(problem: .unexpectedCharacter(expected: "',' or '}'"), line: 1, column: 8)
            ),
            ("[1,]", JSONSyntaxError(problem: .unexpectedCharacter(expected: "a value"), line: 1, column: 4)),
            ("{\"a\":01}", JSONSyntaxError(problem: .unexpectedCharacter(expected: "',' or '}'"), line: 1, column: 7)),
            ("[1.]", JSONSyntaxError(problem: .invalidNumber, line: 1, column: 4)),
            ("[1e999]", JSONSyntaxError(problem: .numberOutOfRange, line: 1, column: 2)),
            ("[\"a\\x\"]", JSONSyntaxError(problem: .invalidEscape, line: 1, column: 5)),
            ("[\"\\ud800\"]", JSONSyntaxError(problem: .invalidUnicodeEscape, line: 1, column: 9)),
            ("[\"\\udc00\"]", JSONSyntaxError(problem: .invalidUnicodeEscape, line: 1, column: 9)),
            ("[\"a\tb\"]", JSONSyntaxError(problem: .controlCharacterInString, line: 1, column: 4)),
            ("[tru]", JSONSyntaxError(problem: .unexpectedCharacter(expected: "a value"), line: 1, column: 5)),
            ("{'a':1}", JSONSyntaxError(problem: .unexpectedCharacter(expected: "a string key"), line: 1, column: 2)),
        ])
    func syntaxErrors(text: String, expected: JSONSyntaxError) {
        #expect(decodeError(text) == .invalidJSON(expected))
    }

    @Test("Invalid UTF-8 inside a string is rejected, a BOM is skipped, escapes and surrogate pairs decode")
    func encodingEdges() throws {
        var bytes = Array(#"["a"#.utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#""]"#.utf8)
        #expect(decodeError(Data(bytes)) == .invalidJSON(JSONSyntaxError(problem: .invalidUTF8, line: 1, column: 6)))
        let parsed = try JSONParser.parse(
            Data([0xEF, 0xBB, 0xBF] + Array(#"["\u00e9\ud83d\ude00\/\b\f\u0000"]"#.utf8)))
        #expect(parsed == .array([.string("é😀/\u{8}\u{C}\u{0}")]))
    }

    @Test("Nesting is bounded: 256 levels parse, 257 fail without overflowing the stack")
    func nestingDepth() {
        let limit = JSONParser.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect((try? JSONParser.parse(Data(deepest.utf8))) != nil)
        let tooDeep = String(repeating: "[", count: 100_000)
        #expect(
            decodeError(tooDeep)
                == .invalidJSON(JSONSyntaxError(problem: .nestingTooDeep(limit: limit), line: 1, column: limit + 1)))
    }
}

@Suite("Codec fast paths read exactly what the general ones do")
struct CodecFastPathTests {
    @Test("UUIDText.parse agrees with UUID(uuidString:) on canonical, lowercase and malformed text")
    func uuidText() {
        let texts = [
            "3F2504E0-4F89-41D3-9A0C-0305E82C3301", "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
            "3F2504E0-4f89-41D3-9a0C-0305E82C3301",
            "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
            "3F2504E0-4F89-41D3-9A0C-0305E82C330",
            "3F2504E0-4F89-41D3-9A0C-0305E82C33011", "3F2504E04F8941D39A0C0305E82C3301",
            "{3F2504E0-4F89-41D3-9A0C-0305E82C3301}",
            "3F2504E0-4F89-41D3-9A0C_0305E82C3301", "3F2504E0-4F89-41D3-9A0G-0305E82C3301",
            "3F2504E0+4F89-41D3-9A0C-0305E82C3301",
            "", "not a uuid at all, but 36 chars long", "3F2504É0-4F89-41D3-9A0C-0305E82C330",
        ]
        for text in texts {
            #expect(UUIDText.parse(text) == UUID(uuidString: text), "\(text)")
        }
        #expect(UUIDText.parse(UUID().uuidString) != nil)
    }

    @Test("strings with escapes after plain text, non-ASCII text, and bad UTF-8 found on the fast path")
    func strings() throws {
        let parsed = try JSONParser.parse(
            Data(#"["plain", "plain then \"quoted\"\n", "Zürich ☕", "", "tab\there"]"#.utf8))
        #expect(
            parsed
                == .array([
                    .string("plain"), .string("plain then \"quoted\"\n"), .string("Zürich ☕"), .string(""),
                    .string("tab\there"),
                ]))
        #expect(throws: JSONSyntaxError.self) {
            try JSONParser.parse(Data([0x5B, 0x22, 0x61, 0xC3, 0x28, 0x22, 0x5D]))
        }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Data("[\"a\u{01}b\"]".utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Data("[\"never closed".utf8)) }
        do {
            _ = try JSONParser.parse(Data([0x7B, 0x0A, 0x22, 0x6B, 0xFF, 0x22, 0x3A, 0x31, 0x7D]))
            Issue.record("bad UTF-8 in a key is rejected")
        } catch {
            #expect(error.problem == .invalidUTF8)
            #expect(error.line == 2 && error.column == 4, "the error points at the closing quote, as before")
        }
    }

    @Test("whole numbers read without a string: signs, zero, 18 and 19 digits, and Int's limits")
    func integers() throws {
        let text =
            "[0, -0, 7, -42, 123456789012345678, -12345678901234567, 1234567890123456789, 9223372036854775807, "
            + "-9223372036854775808, 9223372036854775808, 1.5, 2e3]"
        let parsed = try JSONParser.parse(Data(text.utf8))
        #expect(
            parsed
                == .array([
                    .integer(0), .integer(0), .integer(7), .integer(-42), .integer(123_456_789_012_345_678),
                    .integer(-12_345_678_901_234_567), .integer(1_234_567_890_123_456_789), .integer(Int.max),
                    .integer(Int.min),
                    .double(9_223_372_036_854_775_808), .double(1.5), .double(2000),
                ]))
    }
}
