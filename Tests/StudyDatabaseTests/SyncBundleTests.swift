import CareModel
import CareStore
import Foundation
import StudyAPI
import Testing

@testable import StudySync

/// Sync bundles (docs/study-sync.md, "Offline sites") carry every change exactly: dates to the last bit, every value
/// type, deletions; and what cannot be read is named by its place.
struct SyncBundleTests {
    static let enrollment = StudyEnrollment(
        deviceID: UUID(), participantID: UUID(), participantLabel: "P001", studyID: "trial",
        homeTimeZone: "Europe/Berlin",
        databaseURL: "postgres://db/trial", enrolledDate: Date(timeIntervalSinceReferenceDate: 796_000_000))

    @Test func versionsAndDeletionsComeBackExactly() throws {
        let created = Date(timeIntervalSinceReferenceDate: 796_291_800.123_456_789)
        let values: [OutcomeValue] = [
            OutcomeValue(.integer(4), kind: "pain", createdDate: created),
            OutcomeValue(.double(0.1 + 0.2), kind: "score", units: "points", createdDate: created),
            OutcomeValue(.boolean(true), kind: "flag", createdDate: created),
            OutcomeValue(.text("tab\\there \u{1F600}"), kind: "note", createdDate: created),
            OutcomeValue(.binary(Data([0, 255, 7])), kind: "blob", createdDate: created),
            OutcomeValue(.date(created.addingTimeInterval(-0.5)), kind: "when", createdDate: created),
        ]
        var outcome = Outcome(
            id: "outcome-1", taskVersionUUID: UUID(), occurrence: 12, values: values, createdDate: created,
            taskRunUUID: UUID(),
            resultFile: "/r/1.json", eventStart: created.addingTimeInterval(-600),
            eventEnd: created.addingTimeInterval(3000))
        outcome.syncID = "sync-1"
        outcome.syncVersion = 3
        outcome.runEndDate = created.addingTimeInterval(-1.25)
        outcome.recordedTimeZone = "Asia/Tokyo"
        outcome.recordedUTCOffset = 32_400
        let changes = [
            DeviceChange(localSeq: 7, kind: .version(outcome)),
            DeviceChange(localSeq: 8, kind: .delete(uuid: outcome.uuid, at: created.addingTimeInterval(99.000_001))),
        ]
        let bundle = SyncBundle(enrollment: Self.enrollment, changes: changes, outboxEnd: 8, now: created)
        let read = try SyncBundle.decode(try bundle.encoded())
        #expect(read == bundle)
        #expect(try read.deviceChanges() == changes)
        #expect(read.device == Self.enrollment.deviceID && read.study == "trial")
    }

    @Test func whatCannotBeReadIsNamedByItsPlace() throws {
        let bundle = SyncBundle(
            enrollment: Self.enrollment, changes: [DeviceChange(localSeq: 1, kind: .delete(uuid: UUID(), at: Date()))],
            outboxEnd: 1,
            now: Date())
        var text = String(decoding: try bundle.encoded(), as: UTF8.self)
        #expect(throws: SyncBundleError.malformed(place: "the file", problem: "is not JSON")) {
            try SyncBundle.decode(Data("{\"format\":".utf8))
        }
        text = text.replacingOccurrences(of: "\"regimen-sync-bundle\"", with: "\"something-else\"")
        #expect(throws: SyncBundleError.malformed(place: "format", problem: "not a Regimen sync bundle")) {
            try SyncBundle.decode(Data(text.utf8))
        }
        var noUUID = bundle
        noUUID.changes[0].uuid = nil
        #expect(throws: SyncBundleError.self) { try noUUID.deviceChanges() }
        let wrongType = String(decoding: try bundle.encoded(), as: UTF8.self)
            .replacingOccurrences(of: "\"localSeq\" : 1", with: "\"localSeq\" : true")
        #expect(
            throws: SyncBundleError.malformed(place: "changes[0].localSeq", problem: "expected a value of another type")
        ) {
            try SyncBundle.decode(Data(wrongType.utf8))
        }
    }
}
