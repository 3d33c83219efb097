import CareModel
import CareStore
import Foundation

/// An enrolment bundle (docs/study-sync.md, "Offline sites"): what `regimen study code LABEL --bundle FILE` writes for
/// a device that never reaches the study database — a new device's identity, the participant, and every row the
/// participant has in the study — and `regimen enroll --bundle FILE` binds a store with, as a code and a first pull
/// would. JSON; dates as CareKit's Codable writes them (seconds since 2001-01-01 UTC), schedules in their stored JSON
/// form (docs/schedules.md).
package struct EnrolmentBundle: Codable, Sendable, Equatable {
    /// The `format` every enrolment bundle names.
    package static let formatName = "regimen-enrolment-bundle"
    /// The version this program writes and reads.
    package static let currentVersion = 1

    /// Always `formatName`.
    package var format: String
    /// Always `currentVersion`.
    package var version: Int
    /// The study's id.
    package var study: String
    /// The new device's id.
    package var device: UUID
    /// The participant's id in the study database.
    package var participantID: UUID
    /// The participant's label.
    package var participant: String
    /// The participant's home time zone.
    package var homeTimeZone: String
    /// When the participant was enrolled in the study.
    package var participantEnrolledDate: Date
    /// When the device was enrolled (the server's reading of the researcher's clock).
    package var enrolledDate: Date
    /// The participant's last row number included: the device's first anchor.
    package var anchor: Int64
    /// The participant's task versions, in server order.
    package var taskVersions: [BundledTask]
    /// The participant's outcome versions, in server order, each in its state.
    package var outcomes: [StatedOutcome]

    /// A task version.
    package struct BundledTask: Codable, Sendable, Equatable {
        var uuid: UUID
        var id: String
        var title: String
        var instructions: String?
        var impactsAdherence: Bool
        /// The schedule's stored JSON text (`ScheduleJSON`).
        var schedule: String
        var effectiveDate: Date
        var createdDate: Date?
        var updatedDate: Date?
        var deletedDate: Date?
        var previousVersion: UUID?
        var sourceDigest: String?
    }

    /// An outcome version with its state.
    package struct StatedOutcome: Codable, Sendable, Equatable {
        var outcome: SyncBundle.BundledOutcome
        var endedDate: Date?
        var endReason: String?
    }

    /// The bundle of a device enrolled as `enrolment` of a participant enrolled at `participantEnrolledDate`, with the
    /// participant's rows `page`.
    package init(enrolment: StudyEnrolment, participantEnrolledDate: Date, page: PullPage) throws(SyncBundleError) {
        format = Self.formatName
        version = Self.currentVersion
        study = enrolment.studyID
        device = enrolment.deviceID
        participantID = enrolment.participantID
        participant = enrolment.participantLabel
        homeTimeZone = enrolment.homeTimeZone
        self.participantEnrolledDate = participantEnrolledDate
        enrolledDate = enrolment.enrolledDate
        anchor = page.anchor
        taskVersions = []
        outcomes = []
        for row in page.rows {
            switch row {
            case .task(let task):
                let schedule: String
                do {
                    schedule = try ScheduleJSON.encode(task.schedule, taskID: task.id)
                } catch {
                    throw .malformed(place: "task version \(task.uuid)", problem: "its schedule has no JSON form")
                }
                taskVersions.append(BundledTask(
                    uuid: task.uuid, id: task.id, title: task.title, instructions: task.instructions,
                    impactsAdherence: task.impactsAdherence, schedule: schedule, effectiveDate: task.effectiveDate,
                    createdDate: task.createdDate, updatedDate: task.updatedDate, deletedDate: task.deletedDate,
                    previousVersion: task.previousVersionUUID, sourceDigest: task.sourceDigest))
            case .outcome(let outcome):
                outcomes.append(StatedOutcome(
                    outcome: SyncBundle.BundledOutcome(outcome), endedDate: outcome.deletedDate,
                    endReason: outcome.endReason?.rawValue))
            }
        }
    }

    /// The store's enrolment record, enrolled at `now` by the device's clock, with no database URL (the device syncs
    /// by bundle, or is told one).
    package func enrolment(at now: Date) -> StudyEnrolment {
        StudyEnrolment(
            deviceID: device, participantID: participantID, participantLabel: participant, studyID: study,
            homeTimeZone: homeTimeZone, databaseURL: "", enrolledDate: now)
    }

    /// The rows as a pulled page: task versions first (outcomes answer them), with the bundle's anchor.
    package func page() throws(SyncBundleError) -> PullPage {
        var rows: [PulledRow] = []
        for (index, bundled) in taskVersions.enumerated() {
            let schedule: Schedule
            do {
                schedule = try ScheduleJSON.decode(bundled.schedule, taskID: bundled.id)
            } catch {
                throw .malformed(place: "taskVersions[\(index)].schedule", problem: "not a schedule")
            }
            var task = CareTask(
                id: bundled.id, title: bundled.title, instructions: bundled.instructions,
                impactsAdherence: bundled.impactsAdherence, schedule: schedule, effectiveDate: bundled.effectiveDate,
                sourceDigest: bundled.sourceDigest, uuid: bundled.uuid)
            task.createdDate = bundled.createdDate
            task.updatedDate = bundled.updatedDate
            task.deletedDate = bundled.deletedDate
            task.previousVersionUUID = bundled.previousVersion
            rows.append(.task(task))
        }
        for (index, stated) in outcomes.enumerated() {
            var outcome = stated.outcome.outcome
            outcome.deletedDate = stated.endedDate
            switch (stated.endedDate, stated.endReason.map(OutcomeEndReason.init(rawValue:))) {
            case (nil, nil): break
            case (_?, let reason??): outcome.endReason = reason
            default: throw .malformed(place: "outcomes[\(index)].endReason", problem: "expected deleted, replaced or superseded with its instant")
            }
            rows.append(.outcome(outcome))
        }
        return PullPage(after: 0, rows: rows, anchor: anchor)
    }

    /// The bundle's JSON bytes.
    package func encoded() throws(SyncBundleError) -> Data {
        try SyncBundle.encodeJSON(self)
    }

    /// The bundle in `bytes`; what is wrong is named by its place in the file.
    package static func decode(_ bytes: Data) throws(SyncBundleError) -> EnrolmentBundle {
        let bundle: EnrolmentBundle = try SyncBundle.decodeJSON(bytes)
        guard bundle.format == formatName else { throw .malformed(place: "format", problem: "not a Regimen enrolment bundle") }
        guard bundle.version == currentVersion else {
            throw .malformed(place: "version", problem: "bundle version \(bundle.version); this program reads \(currentVersion)")
        }
        return bundle
    }
}
