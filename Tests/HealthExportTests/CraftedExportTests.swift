import Foundation
import HealthData
import HealthExport
import RegimenFoundation
import SystemPackage
import Testing
import ZIPFoundation

/// Exports written by the tests: every workout generation, correlations, localized and damaged zips, malformed
/// documents (docs/health-export.md, "Reading an export", "Reading errors").
struct CraftedExportTests {
    static let head = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 14 -->
        <!ATTLIST Record
          type CDATA #REQUIRED
        ]>
        <HealthData locale="de_CH">
         <ExportDate value="2026-07-01 07:41:07 +0200"/>

        """

    /// A correlation with two members, the three workout generations, and an element the reader does not know.
    static let body = """
         <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron &amp; Co" unit="mmHg" startDate="2026-01-10 08:00:00 +0200" endDate="2026-01-10 08:00:00 +0200" value="121" extra="kept"/>
         <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2026-01-10 08:00:00 +0200" endDate="2026-01-10 08:01:00 +0200" value="41.5">
          <HeartRateVariabilityMetadataList>
           <InstantaneousBeatsPerMinute bpm="61" time="7:47:41.86 PM"/>
           <InstantaneousBeatsPerMinute bpm="63" time="7:47:42.81 PM"/>
          </HeartRateVariabilityMetadataList>
         </Record>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron &amp; Co" startDate="2026-01-10 08:00:00 +0200" endDate="2026-01-10 08:00:00 +0200" note="x">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron &amp; Co" unit="mmHg" startDate="2026-01-10 08:00:00 +0200" endDate="2026-01-10 08:00:00 +0200" value="121"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron &amp; Co" unit="mmHg" startDate="2026-01-10 08:00:00 +0200" endDate="2026-01-10 08:00:00 +0200" value="79"/>
         </Correlation>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="5.2" durationUnit="min" totalDistance="0.49" totalDistanceUnit="mi" sourceName="Apple Watch" startDate="2016-11-14 07:25:41 -0700" endDate="2016-11-14 07:30:52 -0700">
          <WorkoutEvent type="HKWorkoutEventTypePause" date="2016-11-14 07:27:00 -0700"/>
          <WorkoutEvent type="HKWorkoutEventTypeResume" date="2016-11-14 07:28:00 -0700"/>
          <WorkoutRoute sourceName="iPhone" startDate="2016-11-14 07:25:44 -0700" endDate="2016-11-14 07:30:51 -0700">
           <Location date="2016-11-14 07:25:44 -0700" latitude="37.7777" longitude="-122.426"/>
          </WorkoutRoute>
         </Workout>
         <Workout workoutActivityType="HKWorkoutActivityTypeWalking" sourceName="Apple Watch" startDate="2020-05-01 10:00:00 +0200" endDate="2020-05-01 10:30:00 +0200">
          <WorkoutRoute sourceName="Apple Watch" startDate="2020-05-01 10:00:00 +0200" endDate="2020-05-01 10:30:00 +0200">
           <FileReference path="/workout-routes/route_2020-05-01_10.30am.gpx"/>
          </WorkoutRoute>
         </Workout>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="31" durationUnit="min" sourceName="Apple Watch" device="&lt;&lt;HKDevice: 0x1&gt;, model:Watch&gt;" startDate="2025-09-16 17:44:00 +0100" endDate="2025-09-16 18:15:43 +0100">
          <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>
          <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2025-09-16 17:44:00 +0100" duration="5.1" durationUnit="min">
           <MetadataEntry key="HKSWOLFScore" value="41"/>
          </WorkoutEvent>
          <WorkoutActivity uuid="A1B2" startDate="2025-09-16 17:44:00 +0100" endDate="2025-09-16 18:15:43 +0100" duration="31" durationUnit="min">
           <WorkoutEvent type="HKWorkoutEventTypeLap" date="2025-09-16 17:50:00 +0100"/>
           <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2025-09-16 17:44:00 +0100" endDate="2025-09-16 18:15:43 +0100" average="151" minimum="98" maximum="171" unit="count/min"/>
           <MetadataEntry key="WOIntervalStepKeyPath" value="0.0.0"/>
          </WorkoutActivity>
          <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2025-09-16 17:44:00 +0100" endDate="2025-09-16 18:15:43 +0100" sum="412.5" unit="kcal"/>
          <WorkoutRoute sourceName="Apple Watch" startDate="2025-09-16 17:44:00 +0100" endDate="2025-09-16 18:15:43 +0100">
           <MetadataEntry key="HKMetadataKeySyncIdentifier" value="R-1"/>
           <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>
           <FileReference path="/workout-routes/route_2025-09-16_6.15pm.gpx"/>
          </WorkoutRoute>
         </Workout>
         <ActivitySummary dateComponents="2026-01-10" activeEnergyBurned="590.252" activeEnergyBurnedUnit="kcal"/>
         <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Mimi"><SensitivityPoint frequency="500"/></Audiogram>

        """

    static let tail = "</HealthData>\n"

    static let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
         <trk><trkseg>
          <trkpt lon="2.35" lat="48.85"><ele>35.5</ele><time>2025-09-16T15:44:00Z</time><extensions><speed>2.5</speed><course>90</course><hAcc>3</hAcc><vAcc>2</vAcc></extensions></trkpt>
          <trkpt lon="2.36" lat="48.86"><time>2025-09-16T15:44:01.5Z</time></trkpt>
         </trkseg></trk>
        </gpx>

        """

    static var document: String { head + body + tail }

    @Test("Every element comes out in document order, the header first, and nothing the model can hold is dropped")
    func everything() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let items = try HealthExportFiles.items(try HealthExportFiles.write(Self.document, "export.xml", in: folder))
        #expect(
            items.map(\.elementName) == [
                "HealthData", "Record", "Record", "Correlation", "Workout", "Workout", "Workout", "ActivitySummary",
                "Audiogram",
            ])
        #expect(
            items[0].header
                == HealthExportHeader(
                    locale: "de_CH", exportDate: HealthDate(seconds: utc(2026, 7, 1, 5, 41, 7), offsetMinutes: 120),
                    exportVersion: 14))
        let systolic = try #require(items[1].sample)
        #expect(systolic.source.name == "Omron & Co")
        #expect(systolic.otherAttributes == [HealthAttribute(name: "extra", value: "kept")])
        #expect(
            items[2].sample?.beats == [
                HealthBeat(bpm: "61", time: "7:47:41.86 PM"), HealthBeat(bpm: "63", time: "7:47:42.81 PM"),
            ])
        guard case .other(let name, let attributes) = items[8] else {
            Issue.record("no Audiogram")
            return
        }
        #expect(name == "Audiogram" && attributes.count == 2)
    }

    @Test("A correlation keeps its metadata and both member records; its unknown attribute is kept")
    func correlation() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let items = try HealthExportFiles.items(try HealthExportFiles.write(Self.document, "export.xml", in: folder))
        let correlation = try #require(items.compactMap(\.correlation).first)
        #expect(correlation.type == "HKCorrelationTypeIdentifierBloodPressure")
        #expect(correlation.metadata == [HealthMetadataEntry(key: "HKWasUserEntered", value: "1")])
        #expect(correlation.members.map(\.value) == ["121", "79"])
        #expect(
            correlation.members.map(\.type) == [
                "HKQuantityTypeIdentifierBloodPressureSystolic", "HKQuantityTypeIdentifierBloodPressureDiastolic",
            ])
        #expect(correlation.otherAttributes == [HealthAttribute(name: "note", value: "x")])
    }

    @Test(
        "Workouts of the three generations: v1 totals, events and inline Locations; v2 a GPX file reference; v3 activities, statistics, segment metadata and route sync metadata, GPX read from the zip"
    )
    func workoutGenerations() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = try HealthExportFiles.zip(
            [
                ("apple_health_export/export.xml", Array(Self.document.utf8)),
                ("apple_health_export/workout-routes/route_2025-09-16_6.15pm.gpx", Array(Self.gpx.utf8)),
            ], in: folder)
        let workouts = try HealthExportFiles.items(zip).compactMap(\.workout)
        #expect(workouts.count == 3)
        let first = workouts[0]
        #expect(first.attributes.first { $0.name == "totalDistance" }?.value == "0.49")
        #expect(first.events.map(\.type) == ["HKWorkoutEventTypePause", "HKWorkoutEventTypeResume"])
        #expect(
            first.routes.first?.points == [
                HealthRoutePoint(time: Double(utc(2016, 11, 14, 14, 25, 44)), latitude: 37.7777, longitude: -122.426)
            ])
        let second = workouts[1]
        #expect(second.routes.first?.fileMissing == true && second.routes.first?.points == [])
        let third = workouts[2]
        #expect(third.source.device == "<<HKDevice: 0x1>, model:Watch>")
        #expect(third.events.first?.metadata == [HealthMetadataEntry(key: "HKSWOLFScore", value: "41")])
        #expect(
            third.events.first?.attributes == [
                HealthAttribute(name: "duration", value: "5.1"), HealthAttribute(name: "durationUnit", value: "min"),
            ])
        #expect(third.statistics.map(\.type) == ["HKQuantityTypeIdentifierActiveEnergyBurned"])
        let activity = try #require(third.activities.first)
        #expect(activity.uuid == "A1B2")
        #expect(activity.events.map(\.type) == ["HKWorkoutEventTypeLap"])
        #expect(activity.statistics.first?.attributes.first { $0.name == "average" }?.value == "151")
        #expect(activity.metadata.value(for: "WOIntervalStepKeyPath") == "0.0.0")
        let route = try #require(third.routes.first)
        #expect(route.metadata.value(for: "HKMetadataKeySyncVersion") == "2")
        #expect(
            route.points == [
                HealthRoutePoint(
                    time: Double(utc(2025, 9, 16, 15, 44, 0)), latitude: 48.85, longitude: 2.35, altitude: 35.5,
                    horizontalAccuracy: 3, verticalAccuracy: 2, course: 90, speed: 2.5),
                HealthRoutePoint(time: Double(utc(2025, 9, 16, 15, 44, 1)) + 0.5, latitude: 48.86, longitude: 2.36),
            ])
    }

    @Test(
        "A zip whose main file has a localized name (导出.xml), after export_cda.xml and a stray XML, is found by its content"
    )
    func localizedName() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = try HealthExportFiles.zip(
            [
                ("apple_health_export/export_cda.xml", Array("<?xml version=\"1.0\"?><ClinicalDocument/>".utf8)),
                ("apple_health_export/notes.xml", Array("<?xml version=\"1.0\"?><Notes/>".utf8)),
                ("apple_health_export/deeper/export.xml", Array(Self.document.utf8)),
                ("apple_health_export/导出.xml", Array(Self.document.utf8)),
            ], in: folder)
        let reader = try HealthExportReader(path: FilePath(zip.path))
        #expect(reader.container == .zip(member: "apple_health_export/导出.xml"))
        #expect(try HealthExportFiles.items(zip).count == 9)
    }

    @Test(
        "A zip without an export, a truncated zip and a zip with damaged data are refused with the file named, never a crash"
    )
    func damagedZips() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = try HealthExportFiles.zip(
            [("apple_health_export/export_cda.xml", Array("<ClinicalDocument/>".utf8))], in: folder, name: "none.zip")
        #expect(HealthExportFiles.error(empty) == .noHealthExport(file: empty.path))

        let big = Self.head + String(repeating: Self.body, count: 40) + Self.tail
        let good = try HealthExportFiles.zip([("apple_health_export/export.xml", Array(big.utf8))], in: folder)
        let bytes = try [UInt8](Data(contentsOf: good))
        for keep in [bytes.count / 2, bytes.count - 30, 40] {
            let truncated = folder.appendingPathComponent("truncated-\(keep).zip")
            try Data(bytes[0..<keep]).write(to: truncated)
            guard let error = HealthExportFiles.error(truncated) else {
                Issue.record("truncated zip read")
                continue
            }
            #expect(error.file.hasPrefix(truncated.path), "\(error)")
        }
        for offset in [200, bytes.count / 3, bytes.count / 2] {
            var damaged = bytes
            for index in offset..<offset + 8 { damaged[index] ^= 0x5A }
            let url = folder.appendingPathComponent("damaged-\(offset).zip")
            try Data(damaged).write(to: url)
            let error = HealthExportFiles.error(url)
            switch error {
            case .corruptZipMember(let file, _)?: #expect(file == "\(url.path)/apple_health_export/export.xml")
            // stored bytes changed into other valid deflate data
            case .malformedXML?, .badDate?, .missingAttribute?: break
            default: Issue.record("damaged at \(offset): \(String(describing: error))")
            }
        }
    }

    @Test(
        "400 documents damaged at random (bytes changed, dropped, repeated; seeded) each read to the end or to a HealthExportError, never a crash"
    )
    func randomDamage() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = Array((Self.document).utf8)
        var random = SplitMix64(seed: 18)
        let alphabet = Array("<>/=\"'&;#x!?[]- \nRecordWorkout’\u{A0}".utf8) + [0xFF, 0xC3, 0x00]
        let url = folder.appendingPathComponent("export.xml")
        var refused = 0
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(contentsOf: bytes[at..<min(at + 40, bytes.count)], at: at)
                }
            }
            try Data(bytes).write(to: url)
            do {
                _ = try HealthExportFiles.items(url)
            } catch is HealthExportError {
                refused += 1
            }
        }
        #expect(refused > 100)
    }

    @Test(
        "A stored (uncompressed) member with one letter changed is still well-formed XML: only its CRC-32 tells, and it does"
    )
    func crcMismatch() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = try HealthExportFiles.zip(
            [("apple_health_export/export.xml", Array(Self.document.utf8))], in: folder, method: .none)
        var bytes = try [UInt8](Data(contentsOf: zip))
        let needle = Array("Omron".utf8)
        let at = try #require((0..<bytes.count - needle.count).first { Array(bytes[$0..<$0 + needle.count]) == needle })
        bytes[at] = UInt8(ascii: "X")
        try Data(bytes).write(to: zip)
        var delivered = 0
        #expect(
            throws: HealthExportError.corruptZipMember(
                file: "\(zip.path)/apple_health_export/export.xml", reason: "CRC-32 mismatch")
        ) {
            try HealthExportReader(path: FilePath(zip.path)).read { _ in delivered += 1 }
        }
        #expect(delivered == 9)
    }

    @Test("A document cut at many offsets is an error with the file and a line, never a crash or a hang")
    func truncatedXML() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = Array(Self.document.utf8)
        let lines = bytes.filter { $0 == 0x0A }.count + 1
        for end in stride(from: 0, to: bytes.count - Self.tail.utf8.count, by: 7) {
            let url = folder.appendingPathComponent("cut.xml")
            try Data(bytes[0..<end]).write(to: url)
            guard let error = HealthExportFiles.error(url) else {
                Issue.record("cut at \(end) read")
                continue
            }
            #expect(error.file == url.path)
            if case .noHealthExport = error { continue }
            let line = try #require(error.line, "\(error)")
            #expect(line >= 1 && line <= lines)
        }
    }

    @Test(
        "Malformed content is an error saying file: line N: reason",
        arguments: [
            (
                "<Record sourceName=\"a\" startDate=\"2026-01-10 08:00:00 +0200\" endDate=\"2026-01-10 08:00:00 +0200\"/>",
                "line 9: <Record> has no type"
            ),
            (
                "<Record type=\"t\" sourceName=\"a\" startDate=\"2026-01-10T08:00:00 +0200\" endDate=\"2026-01-10 08:00:00 +0200\"/>",
                "line 9: <Record startDate=\"2026-01-10T08:00:00 +0200\"> is not a date"
            ),
            (
                "<Record type=\"t\" sourceName=\"a\" startDate=\"2026-02-30 08:00:00 +0200\" endDate=\"2026-01-10 08:00:00 +0200\"/>",
                "line 9: <Record startDate=\"2026-02-30 08:00:00 +0200\"> is not a date"
            ),
            (
                "<Workout workoutActivityType=\"w\" sourceName=\"a\" startDate=\"2026-01-10 08:00:00 +0200\" endDate=\"2026-01-10 08:00:00 +0200\">\n<WorkoutRoute sourceName=\"a\"><Location date=\"2026-01-10 08:00:00 +0200\" latitude=\"north\" longitude=\"1\"/></WorkoutRoute></Workout>",
                "line 10: <Location latitude=\"north\"> is not a number"
            ),
            ("<Record type=\"t\" sourceName=\"a &nbsp; b\"/>", "line 9: unknown entity &nbsp;"),
            (
                "<Workout workoutActivityType=\"w\" sourceName=\"a\" startDate=\"2026-01-10 08:00:00 +0200\" endDate=\"2026-01-10 08:00:00 +0200\">\n</Record>",
                "line 10: </Record> closes <Workout> opened at line 9"
            ),
        ])
    func malformed(element: String, message: String) throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try HealthExportFiles.write(Self.head + " " + element + "\n" + Self.tail, "export.xml", in: folder)
        let error = try #require(HealthExportFiles.error(url))
        #expect(error.description == "\(url.path): \(message)")
    }

    @Test("Batches hold the same items in the same order, the last one shorter")
    func batches() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try HealthExportFiles.write(Self.document, "export.xml", in: folder)
        var batches: [[HealthExportItem]] = []
        let count = try HealthExportReader(path: FilePath(url.path)).readBatches(of: 4) { batches.append($0) }
        #expect(batches.map(\.count) == [4, 4, 1])
        #expect(count == 9)
        #expect(batches.flatMap { $0 } == (try HealthExportFiles.items(url)))
    }

    @Test("A consumer's own error stops the reading and comes out unchanged")
    func consumerError() throws {
        struct Full: Error {}
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try HealthExportFiles.write(Self.document, "export.xml", in: folder)
        var seen = 0
        #expect(throws: Full.self) {
            try HealthExportReader(path: FilePath(url.path)).read { _ in
                seen += 1
                if seen == 3 { throw Full() }
            }
        }
        #expect(seen == 3)
    }

    @Test("A file that is not an export is refused before reading")
    func notAnExport() throws {
        let folder = try HealthExportFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try HealthExportFiles.write("<gpx/>", "route.gpx", in: folder)
        #expect(throws: HealthExportError.noHealthExport(file: url.path)) {
            try HealthExportReader(path: FilePath(url.path))
        }
        let absent = folder.appendingPathComponent("absent.zip").path
        #expect(throws: HealthExportError.self) { try HealthExportReader(path: FilePath(absent)) }
    }
}
