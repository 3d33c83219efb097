package import CareModel
package import Foundation
import GRDB
import RegimenFoundation

extension CareStore {
    /// The store's study enrollment; nil when it is not enrolled.
    package func studyEnrollment() throws(CareStoreError) -> StudyEnrollment? {
        try read("read the study enrollment") { db in try Self.studyEnrollment(db) }
    }

    static func studyEnrollment(_ db: Database) throws -> StudyEnrollment? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM studyEnrolment WHERE id = 1") else { return nil }
        func uuid(_ column: String) throws(CareStoreError) -> UUID {
            guard let text: String = row[column], let value = UUID(uuidString: text) else {
                throw .corruptRow(table: "studyEnrolment", column: column, reason: "not a UUID")
            }
            return value
        }
        guard let label: String = row["participantLabel"], let study: String = row["studyID"],
            let zone: String = row["homeTimeZone"], let url: String = row["databaseURL"],
            let enrolled: Double = row["enrolledDate"]
        else {
            throw CareStoreError.corruptRow(
                table: "studyEnrolment", column: "participantLabel/studyID", reason: "missing")
        }
        var enrollment = StudyEnrollment(
            deviceID: try uuid("deviceUUID"), participantID: try uuid("participantUUID"), participantLabel: label,
            studyID: study, homeTimeZone: zone, databaseURL: url,
            enrolledDate: Date(timeIntervalSinceReferenceDate: enrolled))
        enrollment.pushedSeq = row["pushedSeq"] ?? 0
        enrollment.pulledSeq = row["pulledSeq"] ?? 0
        enrollment.lastSyncDate = (row["lastSyncDate"] as Double?).map(Date.init(timeIntervalSinceReferenceDate:))
        enrollment.clockOffset = row["clockOffset"]
        return enrollment
    }

    /// Binds the store to `enrollment`'s participant and device, in one transaction. A store not enrolled yet must
    /// hold no outcomes (its answers were given outside the study); its task versions, which only survey files made,
    /// give way to the study's. A store enrolled already may only become a new device of the same participant: its
    /// outbox is then pushed again from the start and the study pulled again (docs/study-sync.md, "Copied and
    /// restored stores"). The store's participant is enrolled at `participantEnrolledAt` (their enrollment in the
    /// study, default the device's). `page`, when given (an enrollment bundle's rows), is applied in the same
    /// transaction.
    package func enroll(
        _ enrollment: StudyEnrollment, participantEnrolledAt: Date? = nil, applying page: PullPage? = nil
    ) throws(CareStoreError) {
        try write("enroll in the study") { db in
            if let current = try Self.studyEnrollment(db) {
                guard current.participantID == enrollment.participantID, current.studyID == enrollment.studyID else {
                    throw CareStoreError.enrolledElsewhere(label: current.participantLabel, studyID: current.studyID)
                }
                try db.execute(sql: "DELETE FROM studyEnrolment")
            } else {
                let outcomes = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outcome") ?? 0
                guard outcomes == 0 else { throw CareStoreError.enrollmentNeedsEmptyStore(outcomes: outcomes) }
                try db.execute(sql: "DELETE FROM task")
                try db.execute(sql: "DELETE FROM participant")
            }
            try db.execute(
                sql: """
                    INSERT INTO studyEnrolment (id, deviceUUID, participantUUID, participantLabel, studyID, homeTimeZone,
                        databaseURL, enrolledDate)
                    VALUES (1, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    enrollment.deviceID.text, enrollment.participantID.text, enrollment.participantLabel,
                    enrollment.studyID,
                    enrollment.homeTimeZone, enrollment.databaseURL,
                    enrollment.enrolledDate.timeIntervalSinceReferenceDate,
                ])
            try db.execute(
                sql: "INSERT OR REPLACE INTO participant (id, enrollmentDate) VALUES (1, ?)",
                arguments: [(participantEnrolledAt ?? enrollment.enrolledDate).timeIntervalSinceReferenceDate])
            if let page, try !Self.apply(page, db) {
                throw CareStoreError.corruptRow(
                    table: "studyEnrolment", column: "pulledSeq", reason: "a new enrollment's anchor is not 0")
            }
        }
    }

    /// The outbox changes numbered after `seq`, at most `limit`, in order, each new version with its values.
    package func outbox(after seq: Int64, limit: Int) throws(CareStoreError) -> [DeviceChange] {
        try read("read the changes to push") { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT seq, outcomeUUID, kind, deletedDate FROM syncOutbox WHERE seq > ? ORDER BY seq LIMIT ?",
                arguments: [seq, limit])
            let versionUUIDs = rows.compactMap { row -> String? in row["kind"] == "version" ? row["outcomeUUID"] : nil }
            var versions: [String: Outcome] = [:]
            for start in stride(from: 0, to: versionUUIDs.count, by: 500) {
                let chunk = Array(versionUUIDs[start..<min(start + 500, versionUUIDs.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                for outcome in try OutcomeRecord.fetch(
                    where: "o.uuid IN (\(marks))", arguments: StatementArguments(chunk), includeEnded: true, db)
                {
                    var asWritten = outcome
                    asWritten.deletedDate = nil
                    asWritten.endReason = nil
                    versions[outcome.uuid.text] = asWritten
                }
            }
            return try rows.map { row throws -> DeviceChange in
                guard let seq: Int64 = row["seq"], let text: String = row["outcomeUUID"],
                    let uuid = UUID(uuidString: text),
                    let kind: String = row["kind"]
                else {
                    throw CareStoreError.corruptRow(table: "syncOutbox", column: "outcomeUUID", reason: "not a UUID")
                }
                if kind == "version" {
                    guard let outcome = versions[uuid.text] else {
                        throw CareStoreError.corruptRow(
                            table: "syncOutbox", column: "outcomeUUID", reason: "names no outcome")
                    }
                    return DeviceChange(localSeq: seq, kind: .version(outcome))
                }
                guard let ended: Double = row["deletedDate"] else {
                    throw CareStoreError.corruptRow(
                        table: "syncOutbox", column: "deletedDate", reason: "a deletion without its instant")
                }
                return DeviceChange(
                    localSeq: seq, kind: .delete(uuid: uuid, at: Date(timeIntervalSinceReferenceDate: ended)))
            }
        }
    }

    /// When an enrolled store was enrolled and last synced (nil: never); nil when it is not enrolled. One small read,
    /// made inside the care feed's own (`feedDay`) for its reminder.
    static func syncStanding(_ db: Database) throws -> (enrolled: Date, lastSync: Date?)? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT enrolledDate, lastSyncDate FROM studyEnrolment WHERE id = 1"))
        else { return nil }
        let enrolled: Double = row[0] ?? 0
        let last: Double? = row[1]
        return (Date(timeIntervalSinceReferenceDate: enrolled), last.map(Date.init(timeIntervalSinceReferenceDate:)))
    }

    /// How many outcome versions the store holds (live or ended).
    package func outcomeVersionCount() throws(CareStoreError) -> Int {
        try read("count outcomes") { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outcome") ?? 0 }
    }

    /// The store's last outbox number (0 when it has none): what a push tells the server the store has.
    package func outboxEnd() throws(CareStoreError) -> Int64 {
        try read("read the outbox") { db in try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM syncOutbox") ?? 0 }
    }

    /// How many outbox changes the server has not acknowledged.
    package func unpushedChangeCount() throws(CareStoreError) -> Int {
        try read("count the changes to push") { db in
            try Int.fetchOne(
                db,
                sql: "SELECT COUNT(*) FROM syncOutbox WHERE seq > (SELECT pushedSeq FROM studyEnrolment WHERE id = 1)")
                ?? 0
        }
    }

    /// Records that the server acknowledged the outbox up to `seq`.
    package func acknowledgePush(through seq: Int64) throws(CareStoreError) {
        _ = try write("record the push") { db in
            try db.execute(
                sql: "UPDATE studyEnrolment SET pushedSeq = max(pushedSeq, ?) WHERE id = 1", arguments: [seq])
        }
    }

    /// Records a finished sync at `now` (or a bundle written then) and the clock offset it measured (nil: keep the
    /// last).
    package func recordSync(at now: Date, clockOffset: TimeInterval?) throws(CareStoreError) {
        _ = try write("record the sync") { db in
            try db.execute(
                sql: "UPDATE studyEnrolment SET lastSyncDate = ?, clockOffset = coalesce(?, clockOffset) WHERE id = 1",
                arguments: [now.timeIntervalSinceReferenceDate, clockOffset])
        }
    }

    /// Applies a pulled page and its anchor in one transaction (docs/study-sync.md, "Pull"): task versions the store
    /// lacks are added; each outcome version takes the server's state, added when new. A version the server has live
    /// takes its event: a different live version there ends as superseded until its own row arrives. Nothing applied
    /// here goes to the outbox. A page read after another anchor than the store's (another sync of this store applied
    /// pages meanwhile) is not applied: false, and the caller pulls again from the store's anchor.
    @discardableResult
    package func apply(_ page: PullPage) throws(CareStoreError) -> Bool {
        try write("apply pulled rows") { db in try Self.apply(page, db) }
    }

    /// `apply(_:)` inside a transaction.
    private static func apply(_ page: PullPage, _ db: Database) throws -> Bool {
        guard try Int64.fetchOne(db, sql: "SELECT pulledSeq FROM studyEnrolment WHERE id = 1") == page.after else {
            return false
        }
        try db.execute(sql: "UPDATE studyEnrolment SET applying = 1 WHERE id = 1")
        var outcomes: [Outcome] = []
        for row in page.rows {
            switch row {
            case .task(let task):
                if try TaskRecord.version(uuid: task.uuid, db) == nil { try TaskRecord.insert(task, db) }
            case .outcome(let outcome): outcomes.append(outcome)
            }
        }
        // Ended versions first: they leave their events before live ones arrive.
        for outcome in outcomes where outcome.deletedDate != nil { try Self.applyPulled(outcome, db) }
        for outcome in outcomes where outcome.deletedDate == nil { try Self.applyPulled(outcome, db) }
        try db.execute(
            sql: "UPDATE studyEnrolment SET applying = 0, pulledSeq = ? WHERE id = 1", arguments: [page.anchor])
        return true
    }

    private static func applyPulled(_ outcome: Outcome, _ db: Database) throws {
        let uuid = outcome.uuid.text
        if outcome.deletedDate == nil {
            try db.execute(
                sql: """
                    UPDATE outcome SET deletedDate = ?, endReason = 'superseded'
                    WHERE taskUUID = ? AND occurrence = ? AND deletedDate IS NULL AND uuid != ?
                    """,
                arguments: [
                    outcome.createdDate.timeIntervalSinceReferenceDate, outcome.taskVersionUUID.text,
                    outcome.occurrence, uuid,
                ])
        }
        let exists =
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM outcome WHERE uuid = ?)", arguments: [uuid])
            ?? false
        if exists {
            try db.execute(
                sql: "UPDATE outcome SET deletedDate = ?, endReason = ? WHERE uuid = ?",
                arguments: [outcome.deletedDate?.timeIntervalSinceReferenceDate, outcome.endReason?.rawValue, uuid])
        } else {
            try OutcomeRecord.insert(outcome, db)
        }
    }
}
