import Foundation
import HealthData
import HealthExport
import Testing

/// A 30-day export from ../shared/bench/make_health_export.py, counted against a plain count of its start tags.
struct GeneratedExportTests {
    @Test(
        "A generated 30-day export: as many items of each kind as the file has top-level start tags; a zip of it gives the same items with its GPX points",
        .enabled(
            if: HealthExportFiles.generatorPresent,
            "skipped: python3 or ../shared/bench/make_health_export.py is absent"))
    func thirtyDays() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = folder.appendingPathComponent("export.xml")
        let zip = folder.appendingPathComponent("export.zip")
        for output in [xml, zip] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: HealthExportFiles.python3!)
            process.arguments = [HealthExportFiles.generator.path, "--days", "30", output.path]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0)
        }
        let text = try String(contentsOf: xml, encoding: .utf8)
        func count(_ needle: String) -> Int { text.components(separatedBy: needle).count - 1 }
        let items = try HealthExportFiles.items(xml)
        let correlations = items.compactMap(\.correlation)
        let members = correlations.reduce(0) { $0 + $1.members.count }
        #expect(items.compactMap(\.sample).count + members == count("<Record "))
        #expect(correlations.count == count("<Correlation "))
        #expect(items.compactMap(\.workout).count == count("<Workout "))
        #expect(items.compactMap(\.summary).count == count("<ActivitySummary "))
        var metadata = 0
        for item in items {
            switch item {
            case .sample(let sample): metadata += sample.metadata.count
            case .correlation(let correlation):
                metadata += correlation.metadata.count
                for member in correlation.members { metadata += member.metadata.count }
            case .workout(let workout):
                metadata += workout.metadata.count
                for event in workout.events { metadata += event.metadata.count }
                for activity in workout.activities {
                    metadata += activity.metadata.count
                    for event in activity.events { metadata += event.metadata.count }
                }
                for route in workout.routes { metadata += route.metadata.count }
            default: break
            }
        }
        #expect(metadata == count("<MetadataEntry "))
        #expect(items.compactMap(\.sample).reduce(0) { $0 + $1.beats.count } == count("<InstantaneousBeatsPerMinute "))
        let routes = items.compactMap(\.workout).flatMap(\.routes)
        #expect(routes.count == count("<WorkoutRoute "))
        #expect(routes.allSatisfy { $0.fileMissing && $0.points.isEmpty })

        let zipped = try HealthExportFiles.items(zip)
        let zippedRoutes = zipped.compactMap(\.workout).flatMap(\.routes)
        #expect(zipped.count == items.count)
        #expect(zippedRoutes.allSatisfy { !$0.fileMissing && !$0.points.isEmpty })
        var gpxPoints = 0
        let routeFolder = folder.appendingPathComponent("routes")
        let unzip = Process()
        unzip.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        unzip.arguments = ["-q", zip.path, "apple_health_export/workout-routes/*", "-d", routeFolder.path]
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip") {
            try unzip.run()
            unzip.waitUntilExit()
            let gpxFolder = routeFolder.appendingPathComponent("apple_health_export/workout-routes")
            for file in try FileManager.default.contentsOfDirectory(atPath: gpxFolder.path) {
                let gpx = try String(contentsOf: gpxFolder.appendingPathComponent(file), encoding: .utf8)
                gpxPoints += gpx.components(separatedBy: "<trkpt ").count - 1
            }
            #expect(zippedRoutes.reduce(0) { $0 + $1.points.count } == gpxPoints)
        }
    }
}
