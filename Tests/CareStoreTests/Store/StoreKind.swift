import CareModel
import Foundation
import SystemPackage
import TestSupport
import Testing

@testable import CareStore

/// The stores behind the one API; every store test runs against each: a file opened pooled (most commands), a file
/// opened with one connection (the care feed), memory, and a new file being filled unseen (`regimen ingest` into a
/// store that does not exist yet: its outcome insert triggers held back, `OutcomeInsertTriggers`; never published
/// here, so it is used the way an ingest uses it before the end).
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case file
    case singleConnectionFile
    case memory
    case staged

    var testDescription: String { rawValue }

    /// A new folder path (not created) under the temporary directory.
    private static func newFolder() -> URL {
        TemporaryFolders.path("carestore")
            .appendingPathComponent("data")
    }

    /// A fresh store; for `.file`, in a new temporary folder (returned so tests can inspect it).
    func make() throws -> (store: CareStore, folder: URL?) {
        switch self {
        case .memory:
            return (try CareStore.inMemory(), nil)
        case .file:
            let folder = Self.newFolder()
            return (try CareStore(path: FilePath(folder.appendingPathComponent("care.sqlite").path)), folder)
        case .singleConnectionFile:
            // A new file is set up pooled whatever the mode; reopening the ready file gives the single connection.
            let folder = Self.newFolder()
            let path = FilePath(folder.appendingPathComponent("care.sqlite").path)
            _ = try CareStore(path: path)
            return (try CareStore(path: path, connection: .single), folder)
        case .staged:
            // Its file stays hidden in the folder until published: no path to reopen.
            let folder = Self.newFolder()
            return (
                try CareStore(path: FilePath(folder.appendingPathComponent("care.sqlite").path), connection: .staged),
                nil
            )
        }
    }
}

/// Helpers shared by the store tests.
enum Fixture {
    static let utc = Pinned.utc
    /// 2023-06-15 00:00 UTC, a Thursday ("today" in docs/carekit-store.md, "The Recover sample").
    static let today = Pinned.date("2023-06-15 00:00")

    static func day(_ offset: Int, hour: Int = 0) -> Date {
        today.addingTimeInterval(Double(offset) * 86_400 + Double(hour) * 3600)
    }

    /// A daily schedule at `hour`:00 from `day(startDay)`, 1-hour events (or all-day).
    static func daily(from startDay: Int = 0, hour: Int = 8, allDay: Bool = false, every days: Int = 1) throws
        -> Schedule
    {
        try Schedule(composing: [
            ScheduleElement(
                start: day(startDay, hour: hour), interval: ScheduleInterval(day: days),
                duration: allDay ? .allDay : .hours(1),
                calendar: utc)
        ])
    }

    static func value(_ number: Double, kind: String) -> OutcomeValue {
        OutcomeValue(.double(number), kind: kind, units: nil, createdDate: today)
    }

    /// Adds the daily `checkin` task (from three days ago) and a pain outcome of 4 on its second event (yesterday's),
    /// as an ingest would: the smallest store holding a task, an outcome and a change.
    static func addCheckIn(to store: CareStore) throws {
        let task = try store.ensureTask(
            CareTask(id: "checkin", title: "Check In", schedule: try daily(from: -3), sourceDigest: "d"),
            now: day(-3), calendar: utc
        ).task
        _ = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 2, values: [value(4, kind: "pain")], createdDate: day(-1, hour: 8))
    }
}
