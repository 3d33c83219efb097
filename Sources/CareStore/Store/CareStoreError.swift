public import Foundation
public import SystemPackage

/// Everything that can go wrong in the care store. Messages never carry participant answers.
public enum CareStoreError: Error, Sendable, Equatable {
    /// The store file or its folder could not be created or opened; `reason` is the system's or SQLite's own text.
    case cannotOpen(path: FilePath, reason: String)
    /// The file at the store path is not a care store; it is left exactly as it is.
    case notAStore(path: FilePath, problem: StoreFileProblem)
    /// The store file is read-only (its mode bits or its file system say so): nothing can be written to it.
    case readOnly(path: FilePath)
    /// The read-only store was written by an older version and would need an upgrade, which is a write.
    case readOnlyNeedsUpgrade(path: FilePath)
    /// SQLite failed during `operation` on the store file at `path`; `reason` is SQLite's own text.
    case operationFailed(path: FilePath, operation: String, reason: String)
    /// The disk holding the store file is full; the write was rolled back.
    case diskFull(path: FilePath)
    /// A store filled as a new file (`.staged`) could not be put in place: another process created one at the path
    /// meanwhile. Nothing was stored; that store is left as it is.
    case createdMeanwhile(path: FilePath)
    /// `changes --since`: the anchor is later than any change this store has recorded, so it did not come from it.
    case unknownChangeAnchor(ChangeAnchor, latest: ChangeAnchor)
    /// The database failed during `operation` (outside a call on a store file; `reason` is the library's text).
    case database(operation: String, reason: String)
    /// A stored row could not be decoded.
    case corruptRow(table: String, column: String, reason: String)
    /// `addTask`: a task with this id already exists.
    case taskExists(id: String)
    /// `addTask`: a version with this uuid already exists.
    case taskVersionExists(uuid: UUID)
    /// No task with this id.
    case taskNotFound(id: String)
    /// No task version with this uuid.
    case taskVersionNotFound(uuid: UUID)
    /// The task was deleted (tombstoned); it cannot be updated or receive outcomes.
    case taskDeleted(id: String)
    /// The update would hide events that have outcomes (docs/carekit-store.md, "Outcomes" data-loss guard).
    case dataLoss(taskID: String, latestOutcomeEventStart: Date, proposedEffectiveDate: Date)
    /// The task version's schedule has no such occurrence.
    case occurrenceNotFound(taskVersion: UUID, occurrence: Int)
    /// The event lies in a region covered by a later version (docs/carekit-store.md, "Outcomes").
    case occurrenceShadowed(taskVersion: UUID, occurrence: Int, byVersion: UUID)
    /// The event already has a live outcome.
    case outcomeExists(taskVersion: UUID, occurrence: Int)
    /// No live outcome with this uuid.
    case outcomeNotFound(uuid: UUID)
    /// Only gregorian calendars can be stored in a schedule.
    case unsupportedCalendar(taskID: String)
    /// `ingest`: the task has no event starting on, or lasting into, the participant's day that begins at `dayStart`.
    case noEventOnDay(taskID: String, dayStart: Date)
    /// A query's start is after its end.
    case invalidInterval(from: Date, to: Date)
    /// `enroll`: the store holds outcomes given outside the study, so it cannot join one.
    case enrollmentNeedsEmptyStore(outcomes: Int)
    /// `enroll`: the store is enrolled already, as participant `label` of study `studyID`, and the code is another's.
    case enrolledElsewhere(label: String, studyID: String)
}
