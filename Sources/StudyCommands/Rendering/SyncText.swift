import CareModel
import CareStore
import Foundation
import RegimenCommands
import RegimenFoundation
import StudyDatabase
import StudySync
import SystemPackage

/// What `regimen enroll`, `regimen sync` and `regimen sync status` print, and the enrolled store they open.
enum SyncText {
    /// The store named by `--store` (else `$REGIMEN_HOME/store.sqlite`) and its enrollment; a store not enrolled is
    /// refused with how to enroll it.
    static func enrolledStore(
        _ options: StoreOptions, _ workspace: Workspace
    ) throws(RegimenError) -> (CareStore, StudyEnrollment) {
        let path = workspace.storePath(options.store)
        try InputFile.require(path)
        let store = try storeCall { () throws(CareStoreError) in try CareStore(path: path) }
        guard let enrollment = try storeCall({ () throws(CareStoreError) in try store.studyEnrollment() }) else {
            throw .failure(
                "\(path): this care store is not enrolled in a study; enroll it with the code from your study team: "
                    + "regimen enroll CODE --server URL")
        }
        return (store, enrollment)
    }

    /// One line: what was sent and received, and the conflicts decided.
    static func summary(_ report: StoreSync.Report) -> String {
        let text =
            "synced: sent \(count(report.pushed, "change")), received \(count(report.pulledTasks, "task version")) "
            + "and \(count(report.pulledOutcomes, "answer"))"
        return text + conflictText(report.conflicts)
    }

    /// "; conflicts decided: …", or nothing.
    private static func conflictText(_ conflicts: [OutcomeMerge.Conflict]) -> String {
        guard !conflicts.isEmpty else { return "" }
        let rules = Dictionary(grouping: conflicts, by: \.rule).sorted { $0.key.rawValue < $1.key.rawValue }
        return "; conflicts decided: " + rules.map { "\($0.value.count) \(words(for: $0.key))" }.joined(separator: ", ")
    }

    /// What `sync --bundle` says it wrote.
    static func bundleWritten(_ changes: Int, path: String) -> String {
        "wrote \(count(changes, "change")) not yet acknowledged by the study to \(path); on a machine that reaches the study "
            + "database, regimen study import \(path) sends them (sending them twice changes nothing)"
    }

    /// What `study code --bundle` says it wrote.
    static func enrollmentBundleWritten(_ enrollment: StudyEnrollment, page: PullPage, path: String) -> String {
        let tasks = page.rows.filter { if case .task = $0 { true } else { false } }.count
        return "enrolled a new device \(enrollment.deviceID.uuidString.lowercased().prefix(8)) of participant "
            + "\(enrollment.participantLabel) and wrote its enrollment bundle to \(path) (\(count(tasks, "task version")), "
            + "\(count(page.rows.count - tasks, "answer"))); on the device: regimen enroll --bundle \(path). The file holds "
            + "the participant's answers: hand it over privately and delete it afterwards"
    }

    /// What `study import` says it did.
    static func imported(_ path: String, _ bundle: SyncBundle, report: StoreSync.Report) -> String {
        "imported \(path) (participant \(bundle.participant), device \(bundle.device.uuidString.lowercased().prefix(8))): "
            + "\(report.pushed) of \(count(bundle.changes.count, "change")) new" + conflictText(report.conflicts)
    }

    /// How far a device's clock may be from the server's before the commands say so.
    static let clockTolerance: TimeInterval = 300

    /// A warning when this device's clock was more than `clockTolerance` off the server's.
    static func clockWarning(_ offset: TimeInterval) -> String? {
        guard abs(offset) > clockTolerance else { return nil }
        return "note: this device's clock is \(rough(abs(offset))) \(offset > 0 ? "ahead of" : "behind") the "
            + "study server's; answers keep the times this clock gave them"
    }

    /// `sync status`'s lines.
    static func status(_ enrollment: StudyEnrollment, waiting: Int, now: Date, calendar: Calendar) -> String {
        var lines = [
            "study \(enrollment.studyID), participant \(enrollment.participantLabel), device "
                + enrollment.deviceID.uuidString.lowercased().prefix(8)
        ]
        if let last = enrollment.lastSyncDate {
            lines.append(
                "last sync: \(ISODateTime(utc: last).text) (\(rough(max(0, now.timeIntervalSince(last)))) ago)")
        } else {
            lines.append("last sync: never")
        }
        lines.append("waiting to be sent: \(count(waiting, "change"))")
        if let offset = enrollment.clockOffset, let warning = clockWarning(offset) { lines.append(warning) }
        return lines.joined(separator: "\n")
    }

    private static func words(for rule: OutcomeMerge.Rule) -> String {
        switch rule {
        case .sameEvent: "two answers to one event (the later run holds it, the other is kept as superseded)"
        case .sameSyncVersion: "one result sent twice (kept once)"
        case .editOverDelete: "an edit and a deletion of one answer (the edit wins)"
        }
    }

    /// "3 days", "5 hours", "12 minutes", "40 seconds": the largest whole unit.
    static func rough(_ seconds: TimeInterval) -> String {
        let units: [(TimeInterval, String)] = [(86_400, "day"), (3_600, "hour"), (60, "minute")]
        for (size, name) in units where seconds >= size { return count(Int(seconds / size), name) }
        return count(Int(seconds), "second")
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
