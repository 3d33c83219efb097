import Foundation
import Testing

@testable import RegimenCommands

/// The names of kept runs and journals (docs/finish-later.md, "What is kept, and where"): one name per task and event,
/// so that tasks sharing a results folder never take each other's files.
@Suite("Kept run and journal file names")
struct EventRunFileNameTests {
    private let folder = URL(fileURLWithPath: "/results", isDirectory: true)
    private let start = Date(timeIntervalSince1970: 1_795_593_600)  // 2026-11-25T08:00:00Z

    @Test(
        "a plain task identifier is written as it is, with the event's start in UTC; a task without a schedule has none"
    )
    func plainNames() {
        let name = EventRunFileName(prefix: "unfinished")
        #expect(
            name.url(in: folder, task: "checkin", eventStart: start).lastPathComponent
                == "unfinished-checkin-20261125T080000Z.jsonl")
        #expect(name.url(in: folder, task: "checkin", eventStart: nil).lastPathComponent == "unfinished-checkin.jsonl")
        #expect(name.legacyURL(in: folder, eventStart: start).lastPathComponent == "unfinished-20261125T080000Z.jsonl")
        #expect(
            name.matches("unfinished-checkin-20261125T080000Z.jsonl")
                && name.matches("unfinished-20261125T080000Z.jsonl"))
        #expect(!name.matches("checkin-20261125-080400-5BEC4C88.json"), "a result file is no kept run")
    }

    @Test("identifiers that result file names would write alike get names of their own")
    func distinctNames() {
        let groups = [
            ["check in", "check_in", "check/in"], ["日記", "睡眠", "__"],
            [String(repeating: "a", count: 100) + "x", String(repeating: "a", count: 100) + "y"],
        ]
        for group in groups {
            let parts = group.map(EventRunFileName.namePart)
            #expect(Set(parts).count == group.count, "\(group) → \(parts)")
            #expect(parts.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") })
        }
        #expect(
            EventRunFileName.namePart("check in") == EventRunFileName.namePart("check in"),
            "the same task, the same name")
    }
}
