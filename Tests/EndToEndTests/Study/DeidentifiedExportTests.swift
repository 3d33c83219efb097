import Foundation
import Testing

/// `--deidentify` on `study export` (CSV and REDCap), `study outcomes` and `study dictionary`
/// (docs/deidentified-exports.md): no label, real date, free text, zone or sync id survives anywhere in the bytes
/// written; study days, times of day and intervals equal the identified export's; a participant has the same code in
/// two exports of a study and another code in another study.
@Suite(.enabled(if: StudyServer.isAvailable, "no test server: run through scripts/test or scripts/with-postgres"))
struct DeidentifiedExportTests {
    /// What must never appear: labels, zones and offsets, the free text, and every real date (events 2026-03-25 to
    /// 2026-03-31, enrollment, the date answered); dates only move back, by 7 days or more, so no moved date can be one.
    static var forbidden: [String] {
        DiaryStudy.labels.map(\.0) + ["Europe/Berlin", "Asia/Kathmandu", "+01:00", "+02:00", "+05:45"]
            + ["zebra", "Ана", "痛い", "quoted", DiaryStudy.started]
            + (25...31).map { "2026-03-\($0)" } + ["2026-04-01"]
    }

    /// Every file of `folder`, by name.
    static func files(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    static func text(_ folder: URL, _ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Days since 1970 and second of the day of a local time `2026-03-26T09:00:00…` (its offset ignored).
    static func civil(_ text: String) throws -> (day: Int, second: Int) {
        let parts = text.prefix(19).split(whereSeparator: { "-T: ".contains($0) }).compactMap { Int($0) }
        try #require(parts.count == 6, "\(text)")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let date = try #require(calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])))
        return (Int(date.timeIntervalSince1970 / 86_400), parts[3] * 3600 + parts[4] * 60 + parts[5])
    }

    @Test func nothingIdentifyingSurvivesAndDaysTimesAndIntervalsAreKept() throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            try DiaryStudy.make(&scenario, study: "knee", answers: true)
            let identified = scenario.sandbox.appendingPathComponent("identified")
            let first = scenario.sandbox.appendingPathComponent("deidentified-1")
            let second = scenario.sandbox.appendingPathComponent("deidentified-2")
            let redcap = scenario.sandbox.appendingPathComponent("deidentified-redcap")
            try scenario.expect(["study", "export", "--out", identified.path, "--study", "knee"], status: 0)
            for folder in [first, second] {
                try scenario.expect(
                    ["study", "export", "--deidentify", "--out", folder.path, "--study", "knee"], status: 0)
            }
            try scenario.expect(
                ["study", "export", "--format", "redcap", "--deidentify", "--out", redcap.path, "--study", "knee"],
                status: 0)
            var outputs = try Self.files(first).merging(try Self.files(redcap)) { $0 + $1 }
            for arguments in [
                ["outcomes", "--long"], ["outcomes", "--wide"], ["outcomes", "--long", "--format", "json"],
                ["adherence"], ["adherence", "--by", "week"],
            ] {
                let run = try scenario.expect(["study"] + arguments + ["--deidentify", "--study", "knee"], status: 0)
                outputs[arguments.joined(separator: " ")] = Data(run.stdout.utf8)
            }

            // The identified export holds every forbidden text (so the search below can find them).
            let all = try Self.files(identified).values.reduce(Data(), +)
            for text in Self.forbidden where text != "+02:00" && text != "2026-04-01" {
                #expect(all.range(of: Data(text.utf8)) != nil, "the identified export lacks \(text)")
            }
            // The de-identified outputs hold none, nor a sync id (a UUID).
            for (name, bytes) in outputs {
                for text in Self.forbidden {
                    #expect(bytes.range(of: Data(text.utf8)) == nil, "\(name) holds \(text)")
                }
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(
                    text.firstMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/) == nil,
                    "\(name)")
            }
            #expect(outputs["deidentification.json"] != nil && outputs["revisions.json"] == nil)
            // `study adherence --deidentify` writes the export's adherence.csv (the same codes and moved days).
            #expect(outputs["adherence"] == outputs["adherence.csv"])
            // The free-text variable is in the identified dictionary only.
            #expect(CSVRows.parse(try Self.text(identified, "dictionary.csv")).contains { $0.first == "note" })
            #expect(!CSVRows.parse(try Self.text(first, "dictionary.csv")).contains { $0.first == "note" })

            // The same codes, the same bytes, in a second export.
            for name in ["participants.csv", "outcomes-wide.csv", "outcomes-long.csv", "adherence.csv"] {
                #expect(try Self.files(first)[name] == Self.files(second)[name], "\(name) differs between exports")
            }

            // Each participant's rows: the same study days and times of day, every date moved by one whole number of
            // weeks back (so intervals and weekdays are kept); the participant is matched by their rows' events.
            let real = CSVRows.records(try Self.text(identified, "outcomes-wide.csv"))
            let coded = CSVRows.records(try Self.text(first, "outcomes-wide.csv"))
            #expect(real.count == coded.count && coded.allSatisfy { $0["note"] == nil && $0["event_start_utc"] == "" })
            let realPeople = Dictionary(grouping: real) { $0["participant"] ?? "" }
            let codedPeople = Dictionary(grouping: coded) { $0["participant"] ?? "" }
            #expect(codedPeople.keys.allSatisfy { $0.wholeMatch(of: /[0-9a-f]{16}/) != nil }, "\(codedPeople.keys)")
            func events(_ rows: [[String: String]]) -> [String] {
                rows.map {
                    [$0["task"], $0["occurrence"], $0["study_day"], $0["status"], $0["pain"]].map { $0 ?? "" }.joined(
                        separator: "/")
                }
            }
            let realParticipants = CSVRows.records(try Self.text(identified, "participants.csv"))
            let codedParticipants = CSVRows.records(try Self.text(first, "participants.csv"))
            var datesAnswered = 0
            for (label, rows) in realPeople {
                let code = try #require(codedPeople.first { events($0.value) == events(rows) }?.key, "\(label)")
                let moved = try #require(codedPeople[code])
                var shifts: Set<Int> = []
                for (realRow, movedRow) in zip(rows, moved) {
                    let (realDay, realSecond) = try Self.civil(realRow["event_start_local"] ?? "")
                    let (movedDay, movedSecond) = try Self.civil(movedRow["event_start_local"] ?? "")
                    #expect(realSecond == movedSecond, "the time of day moved")
                    shifts.insert(movedDay - realDay)
                    if let started = realRow["started"], !started.isEmpty {
                        datesAnswered += 1
                        shifts.insert(try Self.civil(movedRow["started"] ?? "").day - Self.civil(started).day)
                    }
                }
                let enrolled = try #require(realParticipants.first { $0["participant"] == label }?["enrolled_local"])
                let movedEnrolled = try #require(
                    codedParticipants.first { $0["participant"] == code }?["enrolled_local"])
                shifts.insert(try Self.civil(movedEnrolled).day - Self.civil(enrolled).day)
                #expect(shifts.count == 1, "\(label): one shift for every date, not \(shifts)")
                let shift = try #require(shifts.first)
                #expect(shift < 0 && shift % 7 == 0 && shift >= -364, "\(shift)")
            }
            #expect(datesAnswered == 1, "the date answered moved with its participant's events")

            // Another study of the same labels gives other codes.
            try DiaryStudy.make(&scenario, study: "hip", answers: false)
            let other = scenario.sandbox.appendingPathComponent("hip-deidentified")
            try scenario.expect(["study", "export", "--deidentify", "--out", other.path, "--study", "hip"], status: 0)
            let otherCodes = Set(
                CSVRows.records(try Self.text(other, "participants.csv")).compactMap { $0["participant"] })
            let codes = Set(codedParticipants.compactMap { $0["participant"] })
            #expect(otherCodes.count == 2 && codes.count == 2 && otherCodes.isDisjoint(with: codes))
        }
    }
}
