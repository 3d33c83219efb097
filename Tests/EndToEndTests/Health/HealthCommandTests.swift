import Foundation
import Testing

/// `regimen health import` and `regimen health summary` as a participant or researcher runs them
/// (docs/health-export.md): the crafted exports' known answers, idempotent re-import, the real third-party exports,
/// a zip with route files, and the refusals — every bad file named with its place, exit 65, nothing stored.
@Suite("End to end: regimen health", .serialized)
struct HealthCommandTests {
    static let crafted = RegimenProcess.packageRoot.appendingPathComponent("Tests/Fixtures/HealthExports")
    static let shared = RegimenProcess.packageRoot.appendingPathComponent("../shared/fixtures/healthkit")
        .standardizedFileURL
    static var sharedPresent: Bool { FileManager.default.fileExists(atPath: shared.path) }

    /// The crafted exports' names (each has `.xml`, `.zone` and `.expected.csv`).
    static var craftedNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: crafted.path)) ?? [])
            .filter { $0.hasSuffix(".xml") }.map { String($0.dropLast(4)) }.sorted()
    }

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// Runs a Python 3 snippet with `arguments`; its standard output.
    static func python(_ code: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", code] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// One number from the store, by SQL.
    static func query(_ store: URL, _ sql: String) throws -> String {
        try python(
            "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])",
            [store.path, sql]
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("every crafted export's summary CSV is exactly its known answer", arguments: craftedNames)
    func craftedAnswers(name: String) throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let zone = try Self.text(Self.crafted.appendingPathComponent("\(name).zone")).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let imported = try regimen.run([
            "health", "import", Self.crafted.appendingPathComponent("\(name).xml").path, "--zone", zone,
        ])
        #expect(imported.status == 0, "\(imported.stderr)")
        let summary = try regimen.run(["health", "summary", "--format", "csv"])
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stdout == (try Self.text(Self.crafted.appendingPathComponent("\(name).expected.csv"))))
    }

    static let generator = RegimenProcess.packageRoot.appendingPathComponent("../shared/bench/make_health_export.py")
        .standardizedFileURL

    @Test(
        "a generated 30-day export (several sources, a DST change): the summary agrees line for line with an independent Python implementation of the rules",
        .enabled(
            if: FileManager.default.fileExists(atPath: generator.path),
            "skipped: ../shared/bench is absent from this checkout"))
    func generatedAgainstPython() throws {
        let generator = Self.generator
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let export = regimen.sandbox.appendingPathComponent("export.xml")
        _ = try Self.python(
            "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
            [generator.path, export.path, "--days", "30", "--seed", "3", "--end", "2026-04-05"])
        let imported = try regimen.run(["health", "import", export.path, "--zone", "Europe/Berlin"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let ours = try regimen.run(["health", "summary", "--format", "csv"]).stdout
        let checker = RegimenProcess.packageRoot.appendingPathComponent("scripts/check-health-summary.py").path
        let theirs = try Self.python(
            "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
            [checker, export.path, "Europe/Berlin"])
        #expect(ours.split(separator: "\n").count > 25)
        #expect(ours == theirs)
    }

    @Test("importing the same export again adds nothing and deletes nothing; the store stays owner-only")
    func reimport() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let file = Self.crafted.appendingPathComponent("steps-merge.xml").path
        let first = try regimen.run([
            "health", "import", file, "--zone", "Europe/Berlin", "--store", regimen.store.path,
        ])
        #expect(first.status == 0, "\(first.stderr)")
        let count = try Self.query(regimen.store, "SELECT count(*) FROM healthSample")
        let summary = try regimen.run(["health", "summary", "--format", "csv", "--store", regimen.store.path]).stdout
        let second = try regimen.run([
            "health", "import", file, "--zone", "Europe/Berlin", "--store", regimen.store.path,
        ])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("nothing changed"), "\(second.stdout)")
        #expect(try Self.query(regimen.store, "SELECT count(*) FROM healthSample") == count)
        #expect(
            try Self.query(regimen.store, "SELECT count(*) FROM healthSample WHERE deletedImport IS NOT NULL") == "0")
        #expect(
            try regimen.run(["health", "summary", "--format", "csv", "--store", regimen.store.path]).stdout == summary)
        let mode = try FileManager.default.attributesOfItem(atPath: regimen.store.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test(
        "summary: --from/--to bound the rows (empty ones included), json has nulls, a store never imported into says so"
    )
    func summaryRangesAndFormats() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let empty = try regimen.run(["health", "summary"])
        #expect(empty.status == 0 && empty.stdout.contains("regimen health import"), "\(empty)")
        let file = Self.crafted.appendingPathComponent("steps-merge.xml").path
        #expect(try regimen.run(["health", "import", file, "--zone", "Europe/Berlin"]).status == 0)
        let csv = try regimen.run([
            "health", "summary", "--from", "2026-01-13", "--to", "2026-01-16", "--format", "csv",
        ])
        #expect(
            csv.stdout == """
                date,steps,asleep_h,in_bed_h,awake_h,core_h,deep_h,rem_h
                2026-01-13,,,,,,,
                2026-01-14,600,,,,,,
                2026-01-15,707,,,,,,
                2026-01-16,,,,,,,

                """, "\(csv)")
        let json = try regimen.run([
            "health", "summary", "--from", "2026-01-14", "--to", "2026-01-14", "--format", "json",
        ])
        let rows = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 1 && rows[0]["date"] as? String == "2026-01-14" && rows[0]["steps"] as? Double == 600)
        #expect(rows[0]["asleep_h"] is NSNull)
        let backwards = try regimen.run(["health", "summary", "--from", "2026-01-14", "--to", "2026-01-12"])
        #expect(backwards.status == 64, "\(backwards)")
    }

    @Test("a read-only store is not written: the import fails naming it, exit 1, the file unchanged")
    func readOnlyStore() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let file = Self.crafted.appendingPathComponent("dst-night.xml").path
        #expect(try regimen.run(["health", "import", file, "--store", regimen.store.path]).status == 0)
        let before = try Data(contentsOf: regimen.store)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: regimen.store.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: regimen.store.path) }
        let result = try regimen.run([
            "health", "import", Self.crafted.appendingPathComponent("steps-merge.xml").path, "--store",
            regimen.store.path,
        ])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains(regimen.store.path), "\(result.stderr)")
        #expect(try Data(contentsOf: regimen.store) == before)
    }

    @Test("a truncated export is refused with its file and line, exit 65, and nothing is stored")
    func truncated() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let whole = try Data(contentsOf: Self.crafted.appendingPathComponent("dst-night.xml"))
        let cut = regimen.sandbox.appendingPathComponent("cut.xml")
        try whole.prefix(whole.count * 2 / 3).write(to: cut)
        let result = try regimen.run(["health", "import", cut.path, "--store", regimen.store.path])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("cut.xml: line "), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal"), "\(result.stderr)")
        if FileManager.default.fileExists(atPath: regimen.store.path) {
            #expect(try Self.query(regimen.store, "SELECT count(*) FROM healthImport") == "0")
            #expect(try Self.query(regimen.store, "SELECT count(*) FROM healthSample") == "0")
        }
    }

    @Test("a truncated zip is refused with its name, exit 65, and nothing is stored")
    func truncatedZip() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let zip = regimen.sandbox.appendingPathComponent("export.zip")
        _ = try Self.python(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                z.write(sys.argv[2], "apple_health_export/export.xml")
            """, [zip.path, Self.crafted.appendingPathComponent("steps-merge.xml").path])
        let whole = try Data(contentsOf: zip)
        try whole.prefix(whole.count / 2).write(to: zip)
        let result = try regimen.run(["health", "import", zip.path, "--store", regimen.store.path])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("export.zip"), "\(result.stderr)")
        if FileManager.default.fileExists(atPath: regimen.store.path) {
            #expect(try Self.query(regimen.store, "SELECT count(*) FROM healthSample") == "0")
        }
    }

    @Test("a file that is not there is exit 66; a zone that is not a zone is exit 64")
    func refusals() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let missing = try regimen.run(["health", "import", "no-such-export.zip"])
        #expect(missing.status == 66, "\(missing)")
        #expect(missing.stderr.contains("no-such-export.zip"))
        let zone = try regimen.run([
            "health", "import", Self.crafted.appendingPathComponent("dst-night.xml").path, "--zone", "Mars/Olympus",
        ])
        #expect(zone.status == 64, "\(zone)")
        #expect(zone.stderr.contains("Mars/Olympus"))
    }

    @Test(
        "the real third-party exports import whole: every top-level record stored, names decoded, again idempotent",
        .enabled(if: sharedPresent, "skipped: ../shared/fixtures/healthkit is absent from this checkout"))
    func realExports() throws {
        for name in ["tdda-export6s3sample.xml", "dogsheep-export.xml", "alxdrcirilo-export.xml"] {
            let regimen = try RegimenProcess()
            defer { regimen.cleanUp() }
            let file = Self.shared.appendingPathComponent(name)
            let result = try regimen.run([
                "health", "import", file.path, "--zone", "Europe/Amsterdam", "--store", regimen.store.path,
            ])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let records = try Self.python(
                """
                import sys, xml.etree.ElementTree as ET
                root = ET.parse(sys.argv[1]).getroot()
                print(len({(r.get('type'), r.get('sourceName'), r.get('startDate'), r.get('endDate'), r.get('value'), r.get('unit'))
                           for r in root.iter('Record')}))
                """, [file.path]
            ).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try Self.query(regimen.store, "SELECT count(*) FROM healthSample") == records, "\(name)")
            #expect(
                try Self.query(
                    regimen.store,
                    "SELECT count(*) FROM healthSampleWritten WHERE sourceName LIKE '%&amp;%' OR device LIKE '%&lt;%'")
                    == "0")
            let again = try regimen.run([
                "health", "import", file.path, "--zone", "Europe/Amsterdam", "--store", regimen.store.path,
            ])
            #expect(again.status == 0 && again.stdout.contains("nothing changed"), "\(name): \(again)")
        }
    }

    @Test(
        "a zip with a workout route's GPX file: the route's points are stored with the workout",
        .enabled(if: sharedPresent, "skipped: ../shared/fixtures/healthkit is absent from this checkout"))
    func zipWithRoutes() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let zip = regimen.sandbox.appendingPathComponent("export.zip")
        _ = try Self.python(
            """
            import os, sys, zipfile
            root = sys.argv[2]
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                for folder, _, files in os.walk(root):
                    for name in files:
                        path = os.path.join(folder, name)
                        z.write(path, os.path.relpath(path, root))
            """, [zip.path, Self.shared.appendingPathComponent("dogsheep-zip_contents").path])
        let result = try regimen.run(["health", "import", zip.path, "--store", regimen.store.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.query(regimen.store, "SELECT count(*) FROM healthWorkout") != "0")
        #expect(Int(try Self.query(regimen.store, "SELECT sum(pointCount) FROM healthRoute")) ?? 0 > 0)
        #expect(try Self.query(regimen.store, "SELECT count(*) FROM healthRoute WHERE fileMissing = 1") == "0")
    }
}
