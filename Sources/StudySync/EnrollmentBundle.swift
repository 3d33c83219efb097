package import CareModel
package import CareStore
package import Foundation
package import StudyAPI

/// An enrollment bundle (docs/study-sync.md, "Offline sites"): what `regimen study code LABEL --bundle FILE` writes for
/// a device that never reaches the study database — a new device's identity, the participant, and every row the
/// participant has in the study — and `regimen enroll --bundle FILE` binds a store with, as a code and a first pull
/// would. JSON; dates as CareKit's Codable writes them (seconds since 2001-01-01 UTC), schedules in their stored JSON
/// form (docs/schedules.md).
package struct EnrollmentBundle: Codable, Sendable, Equatable {
    /// The `format` every enrollment bundle names (British spelling: bundles already written carry it).
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
    package var taskVersions: [TaskVersionRecord]
    /// The participant's outcome versions, in server order, each in its state.
    package var outcomes: [StatedOutcomeRecord]

    /// The bundle of a device enrolled as `enrollment` of a participant enrolled at `participantEnrolledDate`, with the
    /// participant's rows `page`.
    package init(enrollment: StudyEnrollment, participantEnrolledDate: Date, page: PullPage) throws(SyncBundleError) {
        format = Self.formatName
        version = Self.currentVersion
        study = enrollment.studyID
        device = enrollment.deviceID
        participantID = enrollment.participantID
        participant = enrollment.participantLabel
        homeTimeZone = enrollment.homeTimeZone
        self.participantEnrolledDate = participantEnrolledDate
        enrolledDate = enrollment.enrolledDate
        anchor = page.anchor
        taskVersions = []
        outcomes = []
        for row in page.rows {
            switch row {
            case .task(let task):
                do throws(JSONPlaceError) {
                    taskVersions.append(try TaskVersionRecord(task))
                } catch {
                    throw .malformed(place: error.place, problem: error.problem)
                }
            case .outcome(let outcome):
                outcomes.append(StatedOutcomeRecord(outcome))
            }
        }
    }

    /// The store's enrollment record, enrolled at `now` by the device's clock, with no database URL (the device syncs
    /// by bundle, or is told one).
    package func enrollment(at now: Date) -> StudyEnrollment {
        StudyEnrollment(
            deviceID: device, participantID: participantID, participantLabel: participant, studyID: study,
            homeTimeZone: homeTimeZone, databaseURL: "", enrolledDate: now)
    }

    /// The rows as a pulled page: task versions first (outcomes answer them), with the bundle's anchor.
    package func page() throws(SyncBundleError) -> PullPage {
        var rows: [PulledRow] = []
        do throws(JSONPlaceError) {
            for (index, record) in taskVersions.enumerated() {
                rows.append(.task(try record.task(at: "taskVersions[\(index)]")))
            }
            for (index, record) in outcomes.enumerated() {
                rows.append(.outcome(try record.statedOutcome(at: "outcomes[\(index)]")))
            }
        } catch {
            throw .malformed(place: error.place, problem: error.problem)
        }
        return PullPage(after: 0, rows: rows, anchor: anchor)
    }

    /// The bundle's JSON bytes.
    package func encoded() throws(SyncBundleError) -> Data {
        try SyncBundle.encodeJSON(self)
    }

    /// The bundle in `bytes`; what is wrong is named by its place in the file.
    package static func decode(_ bytes: Data) throws(SyncBundleError) -> EnrollmentBundle {
        let bundle: EnrollmentBundle = try SyncBundle.decodeJSON(bytes)
        guard bundle.format == formatName else {
            throw .malformed(place: "format", problem: "not a Regimen enrollment bundle")
        }
        guard bundle.version == currentVersion else {
            throw .malformed(
                place: "version", problem: "bundle version \(bundle.version); this program reads \(currentVersion)")
        }
        return bundle
    }
}
