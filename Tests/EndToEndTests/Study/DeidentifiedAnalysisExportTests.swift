import Foundation
import Testing

/// `study export --deidentify --format spss|stata|sas|r` (docs/deidentified-exports.md, docs/analysis-exports.md):
/// every file read back by pyreadstat (and R for the scripts) equals the de-identified CSV export beside it — the same
/// participant codes, the same moved local times, no free-text variable, the other variables named as in the
/// identified export — and no label, zone, free text, sync id or real date (the event days, the date answered, when
/// the export was written) survives anywhere in the bytes.
@Suite(.enabled(if: StudyServer.isAvailable, "no test server: run through scripts/test or scripts/with-postgres"))
struct DeidentifiedAnalysisExportTests {
    /// Whether `python3` has pyreadstat and `Rscript` is installed.
    static let hasReaders =
        run(["python3", "-c", "import pyreadstat"]).status == 0 && run(["Rscript", "--version"]).status == 0

    /// When the export is written (the scenario's clock after the ingest, 2026-04-01T00:00:00Z) as ReadStat would
    /// stamp it in each header: SAS transport `01APR26:00:00:00`, SPSS `01 Apr 26`, Stata `01 Apr 2026 00:00`.
    static let writtenStamps = ["APR26", "Apr 26", "Apr 2026"]

    /// Runs `arguments` through `/usr/bin/env`; its status and standard error.
    static func run(_ arguments: [String]) -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        guard (try? process.run()) != nil else { return (127, "could not start \(arguments[0])") }
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func script(_ name: String) -> String {
        RegimenProcess.packageRoot.appendingPathComponent("scripts/\(name)").path
    }

    @Test(
        "spss, stata, sas and r files: the de-identified CSV export's codes and moved times, nothing identifying",
        .enabled(if: hasReaders, "needs python3 with pyreadstat and Rscript"))
    func analysisFormats() throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            try DiaryStudy.make(&scenario, study: "knee", answers: true)
            let csv = scenario.sandbox.appendingPathComponent("csv")
            try scenario.expect(["study", "export", "--deidentify", "--out", csv.path, "--study", "knee"], status: 0)
            let csvFiles = try DeidentifiedExportTests.files(csv)

            // The identified SPSS file holds labels, the free text and the stamp (so the search can find them).
            let identified = scenario.sandbox.appendingPathComponent("identified-spss")
            try scenario.expect(
                ["study", "export", "--format", "spss", "--out", identified.path, "--study", "knee"], status: 0)
            let identifiedVariables = CSVRows.records(try DeidentifiedExportTests.text(identified, "variables.csv"))
            let identifiedSav = try Data(contentsOf: identified.appendingPathComponent("analysis-long.sav"))
            for text in ["p-anastasia-01", "zebra", "Apr 26"] {
                #expect(identifiedSav.range(of: Data(text.utf8)) != nil, "the identified .sav lacks \(text)")
            }

            let formats = [
                ("spss", ["analysis-long.sav", "analysis-wide.sav"]),
                ("stata", ["analysis-long.dta", "analysis-wide.dta"]),
                ("sas", ["analysis-long.xpt", "analysis-wide.xpt", "analysis-long.sas", "analysis-wide.sas"]),
                ("r", ["analysis-long.R", "analysis-long.csv", "analysis-wide.R", "analysis-wide.csv"]),
            ]
            for (format, added) in formats {
                let out = scenario.sandbox.appendingPathComponent("deidentified-\(format)")
                try scenario.expect(
                    ["study", "export", "--deidentify", "--format", format, "--out", out.path, "--study", "knee"],
                    status: 0)
                let files = try DeidentifiedExportTests.files(out)
                #expect(
                    Set(files.keys) == Set(csvFiles.keys).union(added + ["variables.csv"]),
                    "\(format): \(files.keys.sorted())")
                // The CSV files are the de-identified CSV export's, byte for byte (so the same codes and times).
                for name in ["outcomes-long.csv", "outcomes-wide.csv", "participants.csv", "dictionary.csv"] {
                    #expect(files[name] == csvFiles[name], "\(format): \(name) differs from the CSV export's")
                }
                for (name, bytes) in files {
                    for text in DeidentifiedExportTests.forbidden + Self.writtenStamps {
                        #expect(bytes.range(of: Data(text.utf8)) == nil, "\(format): \(name) holds \(text)")
                    }
                    let text = String(decoding: bytes, as: UTF8.self)
                    #expect(
                        text.firstMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/) == nil,
                        "\(format): \(name) holds a sync id")
                }
                // The free-text variable is in no file's variables.
                let variables = CSVRows.records(try DeidentifiedExportTests.text(out, "variables.csv"))
                #expect(!variables.isEmpty && !variables.contains { $0["column"] == "note" })
                #expect(!variables.contains { $0["column"] == "note (missing reason)" })
                // The other variables keep the identified export's names, in the same order.
                if format == "spss" {
                    let kept = identifiedVariables.filter { !($0["column"] ?? "").hasPrefix("note") }
                    #expect(
                        variables.map { [$0["variable"], $0["column"]] } == kept.map { [$0["variable"], $0["column"]] })
                }

                // Read back by independent readers, equal to the de-identified CSV export beside them.
                let check =
                    format == "r"
                    ? Self.run(["Rscript", Self.script("check-analysis-export.R"), out.path])
                    : Self.run(
                        [
                            "python3", Self.script("check-analysis-export.py"), out.path,
                            String(added[0].split(separator: ".").last ?? ""),
                        ])
                #expect(check.status == 0, "\(format): \(check.stderr)")
                if format == "sas" {
                    let program = Self.run(["python3", Self.script("check-sas-program.py"), out.path])
                    #expect(program.status == 0, "sas program: \(program.stderr)")
                }
            }
        }
    }
}
