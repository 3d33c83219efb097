import Foundation
import HealthData
import SystemPackage
import Testing
import ZIPFoundation

@testable import HealthExport

/// A zip's GPX files parsed ahead on worker threads (docs/health-export.md, "Reading an export", "Route files ahead"):
/// whatever order the export names them in, the items are exactly those of reading every file in turn on the
/// reader's own thread, errors included.
struct HealthRoutePrefetchTests {
    /// Route file `number` has `number + 1` points, all at latitude `number`, a second apart.
    static func gpx(_ number: Int) -> String {
        let points = (0...number).map { second in
            "<trkpt lon=\"2.\(second)\" lat=\"\(number)\"><time>2025-09-16T15:44:\(String(format: "%02d", second))Z</time></trkpt>"
        }
        return "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n" + points.joined(separator: "\n")
            + "\n</trkseg></trk></gpx>\n"
    }

    /// An export whose workouts name the route files `references`, in that order.
    static func document(_ references: [String]) -> String {
        let workouts = references.enumerated().map { index, name in
            """
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="Watch" startDate="2025-09-\(String(format: "%02d", index % 28 + 1)) 17:44:00 +0100" endDate="2025-09-\(String(format: "%02d", index % 28 + 1)) 18:15:00 +0100">
              <WorkoutRoute sourceName="Watch">
               <FileReference path="/workout-routes/\(name)"/>
              </WorkoutRoute>
             </Workout>
            """
        }
        return
            "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n <ExportDate value=\"2026-07-01 07:41:07 +0200\"/>\n"
            + workouts.joined(separator: "\n") + "\n</HealthData>\n"
    }

    /// A zip of the export naming `references` and the route files `files` (name, content), in zip order.
    static func zip(_ references: [String], files: [(String, String)], in folder: URL) throws -> URL {
        try HealthExportFiles.zip(
            [("apple_health_export/export.xml", Array(document(references).utf8))]
                + files.map { ("apple_health_export/workout-routes/\($0.0)", Array($0.1.utf8)) },
            in: folder)
    }

    /// The routes of every workout, read with `workers` route workers.
    static func routes(_ url: URL, workers: Int) throws -> [HealthWorkoutRoute] {
        var routes: [HealthWorkoutRoute] = []
        try HealthExportReader(path: FilePath(url.path), routeWorkers: workers).read { item in
            if case .workout(let workout) = item { routes += workout.routes }
        }
        return routes
    }

    static let twelveFiles = (0..<12).map { ("route_\($0).gpx", gpx($0)) }

    @Test("Routes named in zip order: each workout gets its own file's points, the same with 0, 1, 2 and 4 workers")
    func inOrder() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Self.zip(Self.twelveFiles.map(\.0), files: Self.twelveFiles, in: folder)
        let alone = try Self.routes(url, workers: 0)
        #expect(alone.map(\.points.count) == Array(1...12))
        #expect(alone.map { $0.points.first?.latitude } == (0..<12).map { Double($0) })
        for workers in [1, 2, 4] {
            #expect(try Self.routes(url, workers: workers) == alone, "\(workers) workers")
        }
    }

    @Test("Files asked for in zip order are each parsed once, by a worker or by the asker, never by both")
    func eachFileParsedOnce() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Self.zip(Self.twelveFiles.map(\.0), files: Self.twelveFiles, in: folder)
        let archive = try Archive(url: url, accessMode: .read)
        let members = archive.filter { $0.path.hasSuffix(".gpx") }
        #expect(members.count == 12)
        for workers in [1, 2, 4] {
            let prefetch = HealthRoutePrefetch(zipPath: url.path, members: members, workers: workers)
            var parsedByAsker = 0
            for (number, member) in members.enumerated() {
                guard let parsed = prefetch.take(member.path) else {
                    parsedByAsker += 1
                    continue
                }
                #expect(try parsed.get().count == number + 1, "file \(number) through \(workers) workers")
            }
            prefetch.stop()
            #expect(parsedByAsker + prefetch.filesParsedByWorkers == 12, "\(workers) workers")
        }
    }

    @Test(
        "Routes named out of order, some twice, some never, one absent from the zip: the same routes as reading each file in turn"
    )
    func outOfOrder() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let references =
            [5, 0, 1, 1, 9, 3, 11, 10, 2].map { "route_\($0).gpx" } + ["route_missing.gpx", "route_4.gpx"]
        let url = try Self.zip(references, files: Self.twelveFiles, in: folder)
        let alone = try Self.routes(url, workers: 0)
        #expect(alone.map(\.points.count) == [6, 1, 2, 2, 10, 4, 12, 11, 3, 0, 5])
        #expect(alone[9].fileMissing)
        #expect(try Self.routes(url, workers: 2) == alone)
    }

    @Test(
        "A damaged route file that a workout names stops the reading with the error naming that file and line, as without workers; one that no workout names is never an error"
    )
    func damagedFile() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files = Self.twelveFiles
        files[3].1 = "<?xml version=\"1.0\"?>\n<gpx>\n<trk><trkpt lat=\"1\"></trk></gpx>\n"
        let named = try Self.zip(files.map(\.0), files: files, in: folder)
        func error(_ workers: Int) -> HealthExportError? {
            do {
                _ = try Self.routes(named, workers: workers)
                return nil
            } catch {
                return error as? HealthExportError
            }
        }
        let alone = try #require(error(0))
        #expect(alone.file == named.path + "/apple_health_export/workout-routes/route_3.gpx")
        #expect(alone.line == 3)
        #expect(error(2) == alone)

        let otherFolder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: otherFolder) }
        let unnamed = try Self.zip(files.map(\.0).filter { $0 != "route_3.gpx" }, files: files, in: otherFolder)
        #expect(try Self.routes(unnamed, workers: 2).count == 11)
    }

    @Test(
        "The consumer stopping at the first workout ends the reading with its own error at once, the workers stopped with it"
    )
    func consumerStops() throws {
        struct Enough: Error {}
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Self.zip(Self.twelveFiles.map(\.0), files: Self.twelveFiles, in: folder)
        var workouts = 0
        #expect(throws: Enough.self) {
            try HealthExportReader(path: FilePath(url.path), routeWorkers: 2).read { item in
                if case .workout = item {
                    workouts += 1
                    throw Enough()
                }
            }
        }
        #expect(workouts == 1)
        // Reading again right away works: nothing is left holding the zip or waiting.
        #expect(try Self.routes(url, workers: 2).count == 12)
    }
}
