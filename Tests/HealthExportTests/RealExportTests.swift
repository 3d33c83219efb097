import Foundation
import HealthData
import HealthExport
import SystemPackage
import Testing
import ZIPFoundation

/// Real exports from ../shared/fixtures/healthkit read item by item (docs/health-export.md, "The export").
struct RealExportTests {
    static let skip: Comment = "skipped: ../shared/fixtures/healthkit is absent"

    @Test(
        "tdda (export version 3): the header, 15 records, 1 workout with v1 totals, 2 summaries; a step record's fields",
        .enabled(if: HealthExportFiles.sharedPresent, skip))
    func tdda() throws {
        let items = try HealthExportFiles.items(
            HealthExportFiles.sharedFolder.appendingPathComponent("tdda-export6s3sample.xml"))
        let header = try #require(items.first?.header)
        #expect(header.locale == "en_GB")
        #expect(header.exportVersion == 3)
        #expect(header.exportDate == HealthDate(seconds: utc(2016, 4, 15, 6, 27, 26), offsetMinutes: 60))
        #expect(items.compactMap(\.sample).count == 15)
        #expect(items.compactMap(\.workout).count == 1)
        #expect(items.compactMap(\.summary).count == 2)
        #expect(items.filter { if case .me = $0 { true } else { false } }.count == 1)
        let step = try #require(items.compactMap(\.sample).first)
        #expect(step.type == "HKQuantityTypeIdentifierStepCount")
        #expect(step.source.name == "Health")
        #expect(step.unit == "count")
        let workout = try #require(items.compactMap(\.workout).first)
        #expect(workout.attributes.contains { $0.name == "totalDistance" })
    }

    @Test(
        "dogsheep: decoded device and metadata text, an inline route of 2 Locations, summaries as written",
        .enabled(if: HealthExportFiles.sharedPresent, skip))
    func dogsheep() throws {
        let items = try HealthExportFiles.items(
            HealthExportFiles.sharedFolder.appendingPathComponent("dogsheep-export.xml"))
        #expect(
            items.map(\.elementName) == [
                "HealthData", "Me", "Record", "Record", "Workout", "ActivitySummary", "ActivitySummary",
            ])
        let samples = items.compactMap(\.sample)
        let bmi = samples[0]
        #expect(
            bmi.metadata.value(for: "Withings Link")
                == "withings-bd2://timeline/measure?userid=12345&date=482685932&type=1")
        #expect(bmi.metadata.count == 5)
        let heartRate = samples[1]
        #expect(
            heartRate.source
                == HealthSource(
                    name: "Apple\u{A0}Watch", version: "4.3.1",  // a no-break space, as the real file has
                    device:
                        "<<HKDevice: 0x282a45810>, name:Apple Watch, manufacturer:Apple, model:Watch, hardware:Watch2,4, software:4.3.1>"
                ))
        #expect(heartRate.value == "72")
        #expect(heartRate.unit == "count/min")
        #expect(heartRate.startDate == HealthDate(seconds: utc(2018, 9, 10, 9, 28, 55), offsetMinutes: -420))
        #expect(heartRate.creationDate?.seconds == utc(2018, 9, 10, 9, 47, 35))
        let workout = try #require(items.compactMap(\.workout).first)
        #expect(workout.activityType == "HKWorkoutActivityTypeRunning")
        #expect(workout.metadata.value(for: "HKTimeZone") == "America/Los_Angeles")
        let route = try #require(workout.routes.first)
        #expect(route.source.name == "Simon’s iPhone")
        #expect(route.points.count == 2)
        #expect(
            route.points[0]
                == HealthRoutePoint(
                    time: Double(utc(2016, 11, 14, 14, 25, 44)), latitude: 37.7777, longitude: -122.426,
                    altitude: 21.2694,
                    horizontalAccuracy: 2.40948, verticalAccuracy: 1.67859, course: -1, speed: 2.48034))
        #expect(items.compactMap(\.summary).map(\.day) == ["2016-11-15", "2016-11-16"])
    }

    @Test(
        "alxdrcirilo (2024): Me keeps CardioFitnessMedicationsUse; sleep samples keep HKTimeZone; multi-line tags read",
        .enabled(if: HealthExportFiles.sharedPresent, skip))
    func alxdrcirilo() throws {
        let items = try HealthExportFiles.items(
            HealthExportFiles.sharedFolder.appendingPathComponent("alxdrcirilo-export.xml"))
        guard case .me(let me) = items[1] else {
            Issue.record("no Me")
            return
        }
        #expect(
            me.contains(
                HealthAttribute(name: "HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse", value: "None")))
        let sleep = items.compactMap(\.sample).filter { $0.type == "HKCategoryTypeIdentifierSleepAnalysis" }
        #expect(sleep.map(\.value) == ["HKCategoryValueSleepAnalysisInBed", "HKCategoryValueSleepAnalysisAsleepCore"])
        #expect(sleep.allSatisfy { $0.metadata.value(for: "HKTimeZone") == "Europe/Amsterdam" })
        #expect(sleep[1].source.name == "Alexandre's Apple Watch" && sleep[1].source.device == nil)
        #expect(sleep[1].startDate == HealthDate(seconds: utc(2024, 1, 1, 1, 27, 53), offsetMinutes: 120))
    }

    @Test(
        "dogsheep zip: the route's GPX file is read from the zip; the same instant written -0800 here and -0700 in the bare file parses to the same seconds",
        .enabled(if: HealthExportFiles.sharedPresent, skip))
    func dogsheepZip() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent("export.zip")
        try FileManager.default.zipItem(
            at: HealthExportFiles.sharedFolder.appendingPathComponent("dogsheep-zip_contents/apple_health_export"),
            to: zip,
            shouldKeepParent: true, compressionMethod: .deflate)
        let reader = try HealthExportReader(path: FilePath(zip.path))
        #expect(reader.container == .zip(member: "apple_health_export/export.xml"))
        var items: [HealthExportItem] = []
        var progress: [HealthExportProgress] = []
        try reader.read(progress: { progress.append($0) }) { items.append($0) }
        #expect(progress.last == HealthExportProgress(bytesRead: reader.totalBytes, totalBytes: reader.totalBytes))
        let route = try #require(items.compactMap(\.workout).first?.routes.first)
        #expect(route.filePath == "/workout-routes/route_2019-06-11_3.00pm.gpx")
        #expect(!route.fileMissing)
        #expect(route.points.count == 3)
        #expect(
            route.points[0]
                == HealthRoutePoint(
                    time: Double(utc(2019, 6, 11, 22, 0, 42)), latitude: 37.781672, longitude: -122.396397,
                    altitude: 4.076904,
                    horizontalAccuracy: 8.063116, verticalAccuracy: 6.428697, course: 206.252884, speed: 0.180883))
        let bare = try HealthExportFiles.items(
            HealthExportFiles.sharedFolder.appendingPathComponent("dogsheep-export.xml"))
        let bareRoute = try #require(bare.compactMap(\.workout).first?.routes.first)
        #expect(route.creationDate?.offsetMinutes == -480 && bareRoute.creationDate?.offsetMinutes == -420)
        #expect(route.creationDate?.seconds == bareRoute.creationDate?.seconds)
        #expect(
            route.creationDate == bareRoute.creationDate.map { HealthDate(seconds: $0.seconds, offsetMinutes: -480) })
    }

    @Test(
        "The bare XML of the dogsheep zip finds its GPX beside it; with no folder beside, the route is marked missing",
        .enabled(if: HealthExportFiles.sharedPresent, skip))
    func bareWithRoutes() throws {
        let beside = HealthExportFiles.sharedFolder.appendingPathComponent(
            "dogsheep-zip_contents/apple_health_export/export.xml")
        let route = try #require(HealthExportFiles.items(beside).compactMap(\.workout).first?.routes.first)
        #expect(route.points.count == 3 && !route.fileMissing)
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("export.xml")
        try FileManager.default.copyItem(at: beside, to: alone)
        let lost = try #require(HealthExportFiles.items(alone).compactMap(\.workout).first?.routes.first)
        #expect(lost.fileMissing && lost.points.isEmpty && lost.filePath != nil)
    }
}
