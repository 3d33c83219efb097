import Foundation
import RegimenFoundation
import Testing

@testable import ResearchTasks

@Suite("ResultTreeRenderer: readable trees for `regimen result show`")
struct ResultTreeRendererTests {
    @Test("The check-in renders as the task, its time span, and one aligned row per scale answer")
    func checkin() {
        let expected = """
            checkin  (ORKTaskResult)  run 3F2504E0-4F89-41D3-9A0C-0305E82C3301
            2026-11-21 08:04:10 → 08:05:02 UTC
            └─ checkin.form  (step, 08:04:10 → 08:05:02)
               ├─ checkin.form.pain   scale   4
               └─ checkin.form.sleep  scale   8
            """
        #expect(ResultTreeRenderer.render(CodecTrees.checkin(), timeZone: CodecTrees.utc) == expected)
    }

    @Test("Identifiers in Japanese, with combining marks or emoji: the kind column starts at one terminal column")
    func wideIdentifiers() throws {
        let identifiers = ["痛みの強さ", "e\u{301}tude", "睡眠 😴", "pain"]
        let tree = TaskResult(
            identifier: "checkin", taskRunUUID: CodecTrees.runID, startDate: CodecTrees.at(0),
            endDate: CodecTrees.at(9),
            results: [
                StepResult(
                    identifier: "form", startDate: CodecTrees.at(0), endDate: CodecTrees.at(9),
                    results: identifiers.map { identifier in
                        .question(
                            QuestionResult(
                                identifier: identifier, startDate: CodecTrees.at(5), endDate: CodecTrees.at(5),
                                questionType: .scale, value: .scale(.integer(3))))
                    })
            ])
        let rows = ResultTreeRenderer.render(tree, timeZone: CodecTrees.utc).split(separator: "\n").suffix(4)
        try #require(rows.count == identifiers.count)
        let kindColumns = try rows.map { row in
            let kind = try #require(row.range(of: "scale"), "\(row)")
            return TerminalColumns.width(of: row[..<kind.lowerBound])
        }
        // "   ├─ " (6 columns) + the widest identifier (10 columns) + two spaces.
        #expect(kindColumns == [18, 18, 18, 18], "\(rows)")
    }

    @Test("Every child kind renders: skipped, don't know, each answer type, ROM, files, consent, other classes")
    func everything() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let expected = #"""
            everything  (ORKTaskResult)  run 3F2504E0-4F89-41D3-9A0C-0305E82C3301
            2026-11-21 09:04:10 → 09:14:10 Europe/Berlin (+0100)
            device  x86_64  Linux 12
            ├─ intro  (step, 09:04:10 → 09:04:15)
            ├─ form  (previous step, 09:04:15 → 09:05:10)
            │  ├─ scale.int      scale      7
            │  ├─ scale.dec      scale      4.0
            │  ├─ scale.cont     scale      3.25
            │  ├─ scale.nil      scale      —  (skipped)
            │  ├─ scale.dk       scale      don't know
            │  ├─ choice         choice     walk, 2, 2.5
            │  ├─ choice.empty   choice     (none)
            │  ├─ choice.nil     choice     —  (skipped)
            │  ├─ bool.true      boolean    yes
            │  ├─ bool.false     boolean    no
            │  ├─ bool.nil       boolean    —  (skipped)
            │  ├─ text           text       "Knee \"hurt\"\nafter\ttea\u0001; naïve 😀 \\ /"
            │  ├─ text.nil       text       —  (skipped)
            │  ├─ numeric        numeric    72.5 kilograms
            │  ├─ numeric.int    numeric    3
            │  ├─ numeric.nil    numeric    —  (skipped)
            │  ├─ numeric.dk     numeric    don't know
            │  ├─ time           time       07:05
            │  ├─ time.nil       time       —  (skipped)
            │  ├─ interval       interval   5400 s (1h 30m)
            │  ├─ interval.frac  interval   0.1 s
            │  ├─ interval.nil   interval   —  (skipped)
            │  ├─ date           date       2026-11-20 09:04:10 +0100
            │  └─ date.nil       date       —  (skipped)
            ├─ knee.range.of.motion  (step, 09:05:10 → 09:05:40)
            │  ├─ knee.range.of.motion  range of motion   start 12.5°  finish 80°  min 10.3°  max 95.5°  range 85.3°
            │  ├─ motion                file              motion-3F2504E0.json  (application/json)
            │  └─ bare.file             file              —
            ├─ consent  (step, 09:05:40 → 09:05:50)
            │  ├─ participant  consent   consented
            │  └─ witness      consent   declined
            └─ tapping  (step, 09:05:50 → 09:14:10)
               └─ tapping  ORKTappingIntervalResult   (kept verbatim)
            """#
        #expect(ResultTreeRenderer.render(CodecTrees.everything(), timeZone: berlin) == expected)
    }

    @Test(
        "A don't-know answer that also carries a value shows both; a date answer without its zone uses the view's zone")
    func dontKnowWithValueAndZonelessDate() {
        var tree = CodecTrees.checkin()
        tree.results[0].results = [
            .question(
                QuestionResult(
                    identifier: "a", startDate: CodecTrees.at(1), endDate: CodecTrees.at(1), questionType: .scale,
                    value: .scale(.integer(2)), isDontKnow: true)),
            .question(
                QuestionResult(
                    identifier: "b", startDate: CodecTrees.at(1), endDate: CodecTrees.at(1), questionType: .date,
                    value: .date(CodecTrees.at(0), calendar: nil, timeZoneSeconds: nil))),
        ]
        let lines = ResultTreeRenderer.render(tree, timeZone: CodecTrees.utc).split(separator: "\n")
        #expect(lines[3] == "   ├─ a  scale   2  (don't know)")
        #expect(lines[4] == "   └─ b  date    2026-11-21 08:04:10 +0000")
    }

    @Test("Spans crossing midnight show full dates; fixed-offset zones are labeled UTC±hhmm")
    func multiDayAndOffsetLabel() throws {
        var tree = CodecTrees.checkin()
        tree.endDate = CodecTrees.at(20 * 3600)
        tree.results[0].endDate = CodecTrees.at(20 * 3600)
        let zone = try #require(TimeZone(secondsFromGMT: 19_800))
        let lines = ResultTreeRenderer.render(tree, timeZone: zone).split(separator: "\n")
        #expect(lines[1] == "2026-11-21 13:34:10 → 2026-11-22 09:34:10 UTC+0530")
        #expect(lines[2] == "└─ checkin.form  (step, 13:34:10 → 2026-11-22 09:34:10)")
    }

    @Test("Text from a file cannot emit terminal escape sequences; an empty identifier is named")
    func terminalSafety() {
        var tree = CodecTrees.checkin()
        tree.identifier = ""
        tree.results[0].identifier = "evil\u{1B}[2J"
        tree.results[0].results = [
            .file(
                FileResult(
                    identifier: "f\u{9B}x", startDate: CodecTrees.at(0), endDate: CodecTrees.at(0),
                    contentType: "a\u{7}", fileName: "n\r.json"))
        ]
        let text = ResultTreeRenderer.render(tree, timeZone: CodecTrees.utc)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        #expect(text.hasPrefix("(no identifier)  (ORKTaskResult)"))
        #expect(text.contains(#"evil\u{1B}[2J  (step"#))
        #expect(text.contains(#"f\u{9B}x  file   n\u{D}.json  (a\u{7})"#))
    }

    @Test("Results directly under the task that are not step results are listed as kept; a derived run UUID is marked")
    func keptTaskLevelResults() throws {
        let tree = try ResultFileCodec.decode(CodecTrees.ownFixture("researchkit-shapes/everything-unmodeled.json"))
        let text = ResultTreeRenderer.render(tree, timeZone: CodecTrees.utc)
        #expect(text.hasPrefix("odd  (ORKPageResult)  run 8B1F0D2E-3C4A-4B5D-9E6F-7A8B9C0D1E2F\n"))
        #expect(text.contains("├─ page  (ORKPageResult, kept verbatim)"))
        #expect(text.hasSuffix("└─ loose  (ORKTextQuestionResult, kept verbatim)"))
        #expect(!text.contains("derived"))
        let watch = try ResultFileCodec.decode(CodecTrees.ownFixture("researchkit-shapes/watch-without-run-uuid.json"))
        #expect(
            ResultTreeRenderer.render(watch, timeZone: CodecTrees.utc).hasPrefix(
                "checkin  (ORKTaskResult)  run \(watch.taskRunUUID.uuidString.uppercased()) (derived from the file's content)"
            ))
    }

    @Test("A phone file's unmodeled question class shows by name, and its ROM numbers are rounded to 0.1°")
    func phoneFile() throws {
        let tree = try ResultFileCodec.decode(CodecTrees.ownFixture("pain-survey-phone.json"))
        let text = ResultTreeRenderer.render(tree, timeZone: CodecTrees.utc)
        #expect(text.contains("│  └─ where           ORKLocationQuestionResult   (kept verbatim)"))
        #expect(text.contains("range of motion   start 12°  finish 80.5°  min 9.8°  max 95.5°  range 85.8°"))
        #expect(text.contains("device  iPhone16,1  iOS 17.4.1  (21E236)"))
        #expect(text.hasSuffix("└─ conclusion  (step, 09:02:05 → 09:02:10)"))
    }
}
