import Foundation
import Testing

@testable import RegimenFoundation

/// RFC 5545 text: TEXT escaping (§3.3.11) and folding at 75 octets (§3.1), never inside a UTF-8 sequence.
@Suite("iCalendar text: escaping and folding")
struct ICalendarTextTests {
    @Test("backslash, semicolon, comma and every line break are escaped; other control characters are dropped")
    func escaping() {
        #expect(ICalendarText.escaped(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
        #expect(ICalendarText.escaped("one\ntwo\r\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ICalendarText.escaped("tab\there\u{7}bell") == "tab\there" + "bell")
        #expect(ICalendarText.escaped("Über: ok") == "Über: ok")
    }

    @Test(
        "a line of 75 octets is left whole; longer lines fold into lines of at most 75 octets, continuations starting with a space"
    )
    func foldingASCII() {
        let exact = String(repeating: "a", count: 75)
        #expect(ICalendarText.folded(exact) == exact)
        let long = String(repeating: "b", count: 200)
        let lines = ICalendarText.folded(long).components(separatedBy: "\r\n")
        #expect(lines.map(\.utf8.count) == [75, 75, 52])
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(
            lines.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == long)
    }

    @Test(
        "multibyte characters are never split: every physical line is valid UTF-8 of at most 75 octets",
        arguments: [
            "SUMMARY:" + String(repeating: "é", count: 60),
            "SUMMARY:" + String(repeating: "日本", count: 40),
            "SUMMARY:x" + String(repeating: "😀", count: 30),
            "DESCRIPTION:" + String(repeating: "aé日😀", count: 25),
        ])
    func foldingMultibyte(line: String) {
        let folded = ICalendarText.folded(line)
        let physical = folded.components(separatedBy: "\r\n")
        #expect(physical.count > 1)
        for part in physical {
            #expect(part.utf8.count <= 75, "\(part.utf8.count) octets")
            #expect(String(validating: Array(part.utf8), as: UTF8.self) != nil)
        }
        // Unfolding (RFC 5545 §3.1: remove CRLF followed by one space) gives the line back.
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
        // The split is as late as possible: a line stops short of 75 only when the next character would not fit.
        for (index, part) in physical.dropLast().enumerated() {
            let next = physical[index + 1].dropFirst().unicodeScalars.first.map { UTF8.width($0) } ?? 0
            #expect(part.utf8.count + next > 75)
        }
    }

    @Test("content lines end with CRLF and escape TEXT values")
    func contentLines() {
        var lines = ICalendarContentLines()
        lines.begin("VEVENT")
        lines.addText("SUMMARY", "Check In, morning; 1\\2")
        lines.end("VEVENT")
        #expect(lines.text == "BEGIN:VEVENT\r\nSUMMARY:Check In\\, morning\\; 1\\\\2\r\nEND:VEVENT\r\n")
    }
}
