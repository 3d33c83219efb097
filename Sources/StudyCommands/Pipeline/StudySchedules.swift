import CareModel
import Catalog
import Foundation
import RegimenCommands
import StudyDatabase

/// Makes a participant's schedule of a published task: the survey's schedule, relative to enrollment, resolved with
/// their enrollment instant in a gregorian calendar of their home zone (docs/study-database.md, "Publishing and
/// revisions").
enum StudySchedules {
    /// The `ScheduleMaker` that publish and enroll use.
    static let maker: ScheduleMaker = {
        (task: PublishedTask, participant: Participant) throws(StudyDatabaseError) -> Schedule in
        guard let spec = task.schedule?.spec else {
            throw .scheduleUnusable(
                taskID: task.id, label: participant.label,
                reason: "the revision keeps no schedule this program can read")
        }
        do throws(ScheduleError) {
            return try spec.schedule(enrollment: participant.enrolledAt, calendar: participant.calendar)
        } catch {
            throw .scheduleUnusable(taskID: task.id, label: participant.label, reason: ErrorReporter.text(for: error))
        }
    }
}
