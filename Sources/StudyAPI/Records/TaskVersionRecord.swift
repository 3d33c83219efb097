package import CareModel
import Foundation

/// A task version as enrollment bundles and the service's pull carry it, its schedule in its stored JSON form
/// (docs/schedules.md).
package struct TaskVersionRecord: Codable, Sendable, Equatable {
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

    /// The record of `task`; a schedule without a JSON form is named by the task version.
    package init(_ task: CareTask) throws(JSONPlaceError) {
        do {
            schedule = try ScheduleJSON.encode(task.schedule, taskID: task.id)
        } catch {
            throw JSONPlaceError(place: "task version \(task.uuid)", problem: "its schedule has no JSON form")
        }
        uuid = task.uuid
        id = task.id
        title = task.title
        instructions = task.instructions
        impactsAdherence = task.impactsAdherence
        effectiveDate = task.effectiveDate
        createdDate = task.createdDate
        updatedDate = task.updatedDate
        deletedDate = task.deletedDate
        previousVersion = task.previousVersionUUID
        sourceDigest = task.sourceDigest
    }

    /// The task version; a schedule that does not read is named at `place`.
    package func task(at place: String) throws(JSONPlaceError) -> CareTask {
        let schedule: Schedule
        do {
            schedule = try ScheduleJSON.decode(self.schedule, taskID: id)
        } catch {
            throw JSONPlaceError(place: place + ".schedule", problem: "not a schedule")
        }
        var task = CareTask(
            id: id, title: title, instructions: instructions, impactsAdherence: impactsAdherence, schedule: schedule,
            effectiveDate: effectiveDate, sourceDigest: sourceDigest, uuid: uuid)
        task.createdDate = createdDate
        task.updatedDate = updatedDate
        task.deletedDate = deletedDate
        task.previousVersionUUID = previousVersion
        return task
    }
}
