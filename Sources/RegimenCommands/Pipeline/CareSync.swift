import CareModel
import CareStore
import Catalog
import Foundation
import ResearchTasks

/// Makes the care store match the survey catalog: every scheduled survey becomes a care task, and a changed survey
/// file becomes a new task version (the store decides from when, never touching events that have outcomes).
struct CareSync {
    let store: CareStore
    let environment: RegimenEnvironment

    /// Ensures every scheduled survey's task; returns the task version in force per task id. A store enrolled in a
    /// study gets its task versions from the study alone (docs/study-sync.md, "The device's store"): nothing is made.
    @discardableResult
    func sync(_ catalog: Catalog) throws(RegimenError) -> [String: CareTask] {
        let now = environment.clock.now()
        let scheduled = catalog.entries.filter { $0.schedule != nil }
        guard !scheduled.isEmpty else { return [:] }
        if try storeCall({ () throws(CareStoreError) in try store.studyEnrollment() }) != nil { return [:] }
        var tasks: [String: CareTask] = [:]
        let enrollment = try storeCall { () throws(CareStoreError) in try store.enroll(now: now) }
        for entry in scheduled {
            let definition = try definition(of: entry, enrollment: enrollment)
            tasks[entry.taskIdentifier] = try storeCall { () throws(CareStoreError) in
                try store.ensureTask(definition, now: now, calendar: environment.calendar).task
            }
        }
        try CarePlanSync(store: store, environment: environment).sync(
            catalog, tasks: tasks, enrollment: enrollment, now: now)
        return tasks
    }

    /// The care task a survey file defines, with its schedule anchored at the participant's enrollment.
    func definition(of entry: CatalogEntry, enrollment: Date) throws(RegimenError) -> CareTask {
        guard let spec = entry.schedule else { throw .failure("task '\(entry.taskIdentifier)' has no schedule") }
        let schedule: Schedule
        do {
            // A linked task's goal is its elements' target value, stamped with the enrollment so that the same file
            // always gives the same schedule (docs/health-export.md, "Linked tasks").
            let targets = entry.healthLink.map { [$0.targetValue(createdDate: enrollment)] } ?? []
            schedule = try spec.schedule(enrollment: enrollment, calendar: environment.calendar, targetValues: targets)
        } catch {
            throw .schedule(task: entry.taskIdentifier, error)
        }
        return CareTask(
            id: entry.taskIdentifier, title: entry.title, instructions: entry.instructions,
            impactsAdherence: entry.impactsAdherence, schedule: schedule, sourceDigest: entry.digest
        )
    }
}
