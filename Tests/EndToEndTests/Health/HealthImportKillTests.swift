import Foundation
import Testing

/// An import killed while it writes leaves the store as it was before it (docs/health-export.md, "How the store
/// keeps an export": one transaction): the earlier import's data, nothing of the killed one, and the next command
/// reads the store normally.
@Suite("End to end: a Health import killed mid-write", .serialized)
struct HealthImportKillTests {
    /// An export of `count` ten-minute step records from one Watch, written with the export's offset.
    static func export(records count: Int) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2026-07-01 09:00:00 +0200"/>

            """
        text.reserveCapacity(count * 220)
        let start = 1_735_689_600  // 2025-01-01T00:00:00Z
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 7200)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        for index in 0..<count {
            let from = Date(timeIntervalSince1970: TimeInterval(start + index * 600))
            let to = from.addingTimeInterval(600)
            text +=
                #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna’s Apple Watch" unit="count" startDate="\#(formatter.string(from: from)) +0200" endDate="\#(formatter.string(from: to)) +0200" value="\#(index % 900)"/>"#
            text += "\n"
        }
        return text + "</HealthData>\n"
    }

    static func count(_ store: URL, _ sql: String) throws -> String {
        try HealthCommandTests.query(store, sql)
    }

    @Test("SIGKILL while the import writes: the store keeps the earlier import whole and nothing of the killed one")
    func killedImport() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let small = HealthCommandTests.crafted.appendingPathComponent("dst-night.xml").path
        #expect(try regimen.run(["health", "import", small, "--store", regimen.store.path]).status == 0)
        let before = try Self.count(regimen.store, "SELECT count(*) FROM healthSample")
        let big = regimen.sandbox.appendingPathComponent("big.xml")
        try Self.export(records: 150_000).write(to: big, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = RegimenProcess.executable
        process.arguments = ["health", "import", big.path, "--store", regimen.store.path]
        var environment = ProcessInfo.processInfo.environment
        environment["REGIMEN_HOME"] = regimen.home.path
        environment["TZ"] = "UTC"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Killed once its transaction has written to the log, before it can finish.
        let wal = regimen.store.path + "-wal"
        let deadline = Date().addingTimeInterval(60)
        func walSize() -> Int { ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int) ?? 0 }
        while process.isRunning && walSize() < 1_000_000 && Date() < deadline { usleep(20_000) }
        let wasWriting = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(wasWriting, "the import finished before it could be killed; a bigger export is needed")

        let summary = try regimen.run(["health", "summary", "--format", "csv", "--store", regimen.store.path])
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(
            summary.stdout
                == (try String(
                    contentsOf: HealthCommandTests.crafted.appendingPathComponent("dst-night.expected.csv"),
                    encoding: .utf8)))
        #expect(try Self.count(regimen.store, "SELECT count(*) FROM healthImport") == "1")
        #expect(try Self.count(regimen.store, "SELECT count(*) FROM healthSample") == before)
        // And the same import run to the end afterwards stores it whole.
        let again = try regimen.run(["health", "import", big.path, "--store", regimen.store.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            try Self.count(
                regimen.store,
                "SELECT count(*) FROM healthSampleWritten WHERE type = 'HKQuantityTypeIdentifierStepCount'") == "150000"
        )
    }
}
