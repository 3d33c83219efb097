// Seeds the store of the `regimen today` cold-start benchmark (issue 3): on a store that `regimen today --store FILE`
// created with its clock set a year back (so the participant enrolled and the shipped surveys' tasks were synced
// exactly as users get them), answers every event of the given tasks from enrollment up to `--now` through the
// public CareStore API, as if the participant had done each task on time.
//
// usage: TodayStoreSeeder STORE_FILE --now ISO8601_INSTANT TASK_ID…
import CareModel
import CareStore
import Foundation
import SystemPackage

/// Adds an outcome to every unanswered event of `taskID` that starts between enrollment and `now`; returns how
/// many were added and how many events there were.
func seed(_ store: CareStore, taskID: String, from enrollment: Date, to now: Date, storePath: String)
    throws(SeederError)
    -> (added: Int, events: Int)
{
    let events: [Event]
    do {
        events = try store.events(taskID: taskID, from: enrollment, to: now).filter { $0.scheduleEvent.start < now }
    } catch {
        throw .store(error)
    }
    guard !events.isEmpty else { throw .noEvents(taskID: taskID, store: storePath) }
    let results = (storePath as NSString).deletingLastPathComponent + "/results/\(taskID)"
    var added = 0
    for event in events where event.outcome == nil {
        // Done a few minutes after the event opens, never in the future.
        let createdDate = min(event.scheduleEvent.start.addingTimeInterval(7 * 60), now)
        let occurrence = event.scheduleEvent.occurrence
        let runUUID = UUID()
        do {
            try store.addOutcome(
                taskVersion: event.task.uuid, occurrence: occurrence,
                values: SampleValues.values(taskID: taskID, occurrence: occurrence, createdDate: createdDate),
                taskRunUUID: runUUID, resultFile: "\(results)/\(runUUID.uuidString).json", createdDate: createdDate)
        } catch {
            throw .store(error)
        }
        added += 1
    }
    return (added, events.count)
}

/// Opens the store and seeds every task named on the command line.
func run() throws(SeederError) {
    let options = try SeederOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    guard FileManager.default.fileExists(atPath: options.storePath) else {
        throw .notEnrolled(store: options.storePath)
    }
    let store: CareStore
    let enrollment: Date?
    do {
        store = try CareStore(path: FilePath(options.storePath))
        enrollment = try store.enrollmentDate()
    } catch {
        throw .store(error)
    }
    guard let enrollment else { throw .notEnrolled(store: options.storePath) }
    for taskID in options.taskIDs {
        let (added, events) = try seed(
            store, taskID: taskID, from: enrollment, to: options.now, storePath: options.storePath)
        print("\(taskID): \(events) events since enrollment, \(added) outcomes added")
    }
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("TodayStoreSeeder: \(error.description)\n".utf8))
    exit(error.isUsage ? 64 : 1)
}
