import CareModel
import Foundation
import RegimenFoundation
import Testing

@testable import StudyDatabase

/// `regimen study export --format spss|stata|sas|r` through the built executable (docs/analysis-exports.md): each
/// file read back by an independent reader — pyreadstat for `.sav`, `.dta` and `.xpt`, R for the generated `.R`
/// scripts — equal to the CSV export beside it, on the reading scenario and on a study of hostile labels and names.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct AnalysisExportTests {
    static let now = "2026-10-28T12:00:00Z"

    /// Whether `python3` has pyreadstat (`pip install pyreadstat`).
    static let hasPyreadstat = succeeds("python3", "-c", "import pyreadstat")
    /// Whether `Rscript` is installed (Debian's r-base-core).
    static let hasR = succeeds("Rscript", "--version")

    static func succeeds(_ arguments: String...) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// A seeded study (the reading scenario, or the hostile one) and an empty folder to export into.
    static func withStudy(hostile: Bool, _ body: (DatabaseURL, URL) async throws -> Void) async throws {
        if hostile {
            try await StudyExportTests.withSeededFolder(seeding: { try await HostileScenario.seed($0) }, body)
        } else {
            try await StudyExportTests.withSeededFolder(body)
        }
    }

    /// Exports in `format` to `folder/out` and checks the folder's files, modes and manifest; returns the folder.
    static func export(_ format: String, _ url: DatabaseURL, _ folder: URL, extra: [String]) throws -> URL {
        let run = try BuiltRegimen.run(
            ["study", "export", "--out", "out", "--format", format], url: url, now: now, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let out = folder.appendingPathComponent("out")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        let csvExport = [
            "adherence.csv", "dictionary.csv", "manifest.json", "outcomes-long.csv", "outcomes-wide.csv",
            "participants.csv", "revisions.json",
        ]
        #expect(names == (csvExport + extra + ["variables.csv"]).sorted())
        for name in names {
            let mode =
                try FileManager.default.attributesOfItem(
                    atPath: out.appendingPathComponent(name).path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(name)")
        }
        let manifest = try JSONParser.parse(
            bytes: Array(try Data(contentsOf: out.appendingPathComponent("manifest.json"))))
        guard case .object(let fields) = manifest, case .array(let files)? = fields["files"] else {
            Issue.record("manifest without files")
            return out
        }
        let listed = files.compactMap { file -> String? in
            if case .object(let entry) = file, case .string(let name)? = entry["name"] { name } else { nil }
        }
        #expect(listed.sorted() == names.filter { $0 != "manifest.json" })
        return out
    }

    /// Runs `scripts/NAME arguments…` with `interpreter` and expects success.
    static func check(_ interpreter: String, _ script: String, _ arguments: [String], url: DatabaseURL, in folder: URL)
        throws
    {
        let path = BuiltRegimen.packageRoot.appendingPathComponent("scripts/\(script)").path
        let run = try BuiltRegimen.run(
            [interpreter, path] + arguments, url: url, now: now, in: folder,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(run.status == 0, "\(script) \(arguments.joined(separator: " ")): \(run.stderr)")
    }

    @Test(
        "spss, stata and sas files read back by pyreadstat equal the CSV export: values, labels, value labels, missing",
        .enabled(if: hasPyreadstat, "needs python3 with pyreadstat: pip install pyreadstat"),
        arguments: [("spss", "sav"), ("stata", "dta"), ("sas", "xpt")])
    func statisticalFiles(format: String, fileExtension: String) async throws {
        for hostile in [false, true] {
            try await Self.withStudy(hostile: hostile) { url, folder in
                let sas = format == "sas" ? ["analysis-long.sas", "analysis-wide.sas"] : []
                let out = try Self.export(
                    format, url, folder,
                    extra: ["analysis-long.\(fileExtension)", "analysis-wide.\(fileExtension)"] + sas)
                try Self.check("python3", "check-analysis-export.py", [out.path, fileExtension], url: url, in: folder)
                if format == "sas" {
                    try Self.check("python3", "check-sas-program.py", [out.path], url: url, in: folder)
                }
            }
        }
    }

    @Test(
        "sas: the program's formats and labels of the hostile study — quotes doubled, one line, names valid, cut at 256"
    )
    func sasProgramOfHostileTexts() async throws {
        try await Self.withStudy(hostile: true) { url, folder in
            let out = try Self.export(
                "sas", url, folder,
                extra: ["analysis-long.xpt", "analysis-wide.xpt", "analysis-long.sas", "analysis-wide.sas"])
            let program = try String(contentsOf: out.appendingPathComponent("analysis-wide.sas"), encoding: .utf8)
            let lines = program.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // The question `Pain "now", 'really'?` + line break + tab: single quotes doubled, on one line.
            #expect(lines.contains { $0.hasSuffix("= 'Pain \"now\", ''really''? Second line end'") }, "\(program)")
            // Its choices as a numeric format, the German label's quotes kept, the 2,000-character one cut to 256 bytes.
            #expect(lines.contains("        0 = 'Kein \"Schmerz\", gar keiner'"))
            #expect(lines.contains("        2 = '\(String(repeating: "ä", count: 128))';"))
            // A multiple choice stored as text (answered twice in one event): its codes as a `$` format.
            #expect(lines.contains("    value $multi_f") && lines.contains("        '2' = 'Two';"))
            // Names shortened and made unique end in `_f`, never a digit; the missing reasons share one format.
            let formats = lines.filter { $0.hasPrefix("    value ") }.map { String($0.dropFirst(10)) }
            #expect(formats.allSatisfy { $0.count <= 32 && $0.hasSuffix("_f") }, "\(formats)")
            #expect(formats.filter { $0.hasSuffix("_mr_f") }.count == 1, "\(formats)")
            #expect(!program.contains("\t") && !program.contains("\r"))
            if Self.hasPyreadstat {
                try Self.check("python3", "check-sas-program.py", [out.path], url: url, in: folder)
            }
        }
    }

    @Test(
        "r: the generated scripts read their CSVs in base R with the stated types, factor levels and labels",
        .enabled(if: hasR, "needs Rscript: scripts/install-deps r-base-core"))
    func rScripts() async throws {
        for hostile in [false, true] {
            try await Self.withStudy(hostile: hostile) { url, folder in
                let out = try Self.export(
                    "r", url, folder,
                    extra: ["analysis-long.R", "analysis-long.csv", "analysis-wide.R", "analysis-wide.csv"])
                try Self.check("Rscript", "check-analysis-export.R", [out.path], url: url, in: folder)
                let script = try String(contentsOf: out.appendingPathComponent("analysis-wide.R"), encoding: .utf8)
                #expect(script.utf8.allSatisfy { $0 < 0x80 }, "the R script is ASCII")
            }
        }
    }

    @Test("the reading scenario's wide file: value labels from choices, missing reasons, units in labels")
    func wideVariables() async throws {
        try await Self.withStudy(hostile: false) { url, folder in
            let out = try Self.export(
                "sas", url, folder,
                extra: ["analysis-long.xpt", "analysis-wide.xpt", "analysis-long.sas", "analysis-wide.sas"])
            let text = try String(contentsOf: out.appendingPathComponent("variables.csv"), encoding: .utf8)
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.first == "file,variable,column,storage,label,value_labels")
            #expect(
                lines.contains(
                    "analysis-wide.xpt,checkin_pain,checkin.pain,number,How much pain?,\"0, None | 1, Some\""))
            #expect(lines.contains("analysis-wide.xpt,sleep,sleep,number,Hours slept [h],"))
            #expect(
                lines.contains(
                    "analysis-wide.xpt,sleep_mr,sleep (missing reason),number,Why sleep is missing,"
                        + "\"1, missed | 2, not answered (skipped or not asked)\""))
            #expect(
                lines.contains(
                    "analysis-long.xpt,value_number,value_number,number,"
                        + "\"Value as a number (yes 1, no 0; empty for text and dates)\","))
        }
    }

    @Test("a text longer than SAS transport keeps is refused naming the file and variable (exit 65), no folder left")
    func textTooLongForSAS() async throws {
        let longText = String(repeating: "é", count: 1_100)
        try await StudyExportTests.withSeededFolder(seeding: { try await HostileScenario.seed($0, longText: longText) })
        {
            url, folder in
            let run = try BuiltRegimen.run(
                ["study", "export", "--out", "out", "--format", "sas"], url: url, now: Self.now, in: folder)
            #expect(run.status == 65)
            #expect(run.stderr.contains("analysis-long.xpt: a value of value has 2200 bytes, more than the 200"))
            #expect(!run.stderr.contains("éé"), "no answer in the message")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            let spss = try BuiltRegimen.run(
                ["study", "export", "--out", "out", "--format", "spss"], url: url, now: Self.now, in: folder)
            #expect(spss.status == 0, "\(spss.stderr)")
            if Self.hasPyreadstat {
                // SPSS keeps the 2,200-byte text whole (a very long string, in 255-byte segments).
                let out = folder.appendingPathComponent("out").path
                try Self.check("python3", "check-analysis-export.py", [out, "sav"], url: url, in: folder)
            }
        }
    }

    @Test(
        "stata: texts of 5,000 and 100,000 bytes (Japanese) are written as strL and read back exactly",
        .enabled(if: hasPyreadstat, "needs python3 with pyreadstat: pip install pyreadstat"),
        arguments: [5_000, 100_000])
    func stataLongStrings(bytes: Int) async throws {
        // Japanese characters are 3 bytes in UTF-8; ASCII digits make up the rest.
        let japanese = String(repeating: "日本語の長い回答", count: bytes / 24 + 1).prefix(bytes / 3)
        let longText = japanese + String(repeating: "7", count: bytes - japanese.utf8.count)
        #expect(longText.utf8.count == bytes)
        try await StudyExportTests.withSeededFolder(
            seeding: { try await HostileScenario.seed($0, longText: String(longText)) }
        ) { url, folder in
            let out = try Self.export("stata", url, folder, extra: ["analysis-long.dta", "analysis-wide.dta"])
            // Every value equal to the CSV export's, the long text included (in the long and the wide file).
            try Self.check("python3", "check-analysis-export.py", [out.path, "dta"], url: url, in: folder)
            let dta = try Data(contentsOf: out.appendingPathComponent("analysis-wide.dta"))
            #expect(dta.range(of: Data("<strls>GSO".utf8)) != nil, "the text is a strL")
            #expect(dta.range(of: Data(longText.utf8)) != nil)
        }
    }
}

/// A study of hostile labels and names: quotes, line breaks, 2,000 characters, non-Latin scripts, kinds that collide
/// after shortening or ignoring case, reserved words, a multiple choice answered twice in one event.
enum HostileScenario {
    static let longLabel = String(repeating: "Long label, \"quoted\"; ", count: 100).prefix(2_000)

    static let task = PublishedTask(
        id: "hostile", title: "Hostile", digest: "h1", impactsAdherence: true, scheduleSummary: "daily at 08:00",
        variables: [
            PublishedVariable(
                kind: "q.\"quoted\"", type: "integer", label: "Pain \"now\", 'really'?\nSecond line\tend",
                choices: [
                    .init(value: "0", text: "Kein \"Schmerz\", gar keiner"), .init(value: "1", text: "日本語のラベル"),
                    .init(value: "2", text: String(repeating: "ä", count: 2_000)),
                ]),
            PublishedVariable(
                kind: "a_very_long_question_identifier_number_one", type: "double", label: String(longLabel),
                units: "kg/m²"),
            PublishedVariable(
                kind: "a_very_long_question_identifier_number_two", type: "double", label: "हिन्दी में प्रश्न"),
            PublishedVariable(kind: "Pain-Now", type: "integer", label: "Русский вопрос — «ёлка»"),
            PublishedVariable(kind: "pain_now", type: "integer", label: "سؤال بالعربية"),
            PublishedVariable(kind: "if", type: "text", label: "A text answer\r\nover two lines"),
            PublishedVariable(kind: "2nd", type: "text"),
            PublishedVariable(
                kind: "multi", type: "integer", label: "Pick several",
                choices: [.init(value: "1", text: "One"), .init(value: "2", text: "Two")]),
        ])

    /// Publishes the task, enrolls one participant in Kolkata and answers two of their three events (the text
    /// answer `longText` when given).
    static func seed(_ seed: StudySeed, longText: String? = nil) async throws {
        try await seed.publish(revision: 1, tasks: [task], at: ReadingScenario.date("2026-10-20T10:00:00Z"))
        let participant = try await seed.enroll(
            "kolkata-1", zone: "Asia/Kolkata", at: ReadingScenario.date("2026-10-25T02:00:00Z"))
        let version = try ReadingScenario.daily("hostile", hour: 8, from: "2026-10-25", participant)
        try await seed.addVersion(version, of: participant, revision: 1)
        let created = ReadingScenario.date("2026-10-25T03:00:00Z")
        func value(_ value: OutcomeValue.Value, _ kind: String, units: String? = nil) -> OutcomeValue {
            OutcomeValue(value, kind: kind, units: units, createdDate: created)
        }
        try await seed.addOutcome(
            version, occurrence: 0, of: participant,
            values: [
                value(.integer(1), "q.\"quoted\""),
                value(.double(22.5), "a_very_long_question_identifier_number_one", units: "kg/m²"),
                value(.double(-0.125), "a_very_long_question_identifier_number_two"), value(.integer(3), "Pain-Now"),
                value(.text(longText ?? "Он сказал \"да\",\nпотом ушёл; 日本"), "if"),
                value(.integer(1), "multi"), value(.integer(2), "multi"),
            ], created: created)
        try await seed.addOutcome(
            version, occurrence: 2, of: participant,
            values: [value(.integer(2), "q.\"quoted\""), value(.integer(7), "pain_now")],
            created: created)
    }
}
