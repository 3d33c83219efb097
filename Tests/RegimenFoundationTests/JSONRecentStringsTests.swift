import Testing

@testable import RegimenFoundation

/// A parse hands out the same `String` for a long value written again (`JSONRecentStrings`), which must never make two
/// different values one: every value comes back with exactly its own text.
@Suite("JSON parse: long string values written again are shared, never confused")
struct JSONRecentStringsTests {
    @Test("repeated, near-identical, escaped, short and more-than-remembered values each come back as written")
    func valuesKeepTheirText() throws {
        let date = "2026-11-21T08:04:10+0000"
        let nearly = "2026-11-21T08:04:11+0000"  // same length, one byte apart
        let sameLength = "ORKScaleQuestionResultX"
        let escapedTwin = "2026-11-21T08:04:10\\u002B0000"  // the same text as `date`, written with an escape
        let five = (1...5).map { "a long value number \($0) of its kind" }
        let values =
            [date, nearly, date, sameLength, "short", "short", escapedTwin] + five + five.reversed() + [nearly]
        let document = "[" + values.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let parsed = try JSONParser.parse(bytes: Array(document.utf8))
        guard case .array(let items) = parsed else {
            Issue.record("not an array: \(parsed)")
            return
        }
        let texts = items.map { item -> String? in if case .string(let text) = item { text } else { nil } }
        let expected = values.map { $0 == escapedTwin ? date : $0 }
        #expect(texts.map { $0.map { Array($0.utf8) } } == expected.map { Array($0.utf8) })
    }
}
