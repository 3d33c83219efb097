package import CareModel
package import Foundation
import GRDB

/// What `ensureCareFile` changed, by record kind.
package struct CareFileEnsureReport: Sendable, Hashable {
    /// Ids given a first version.
    package var added: [String] = []
    /// Ids given a new version.
    package var updated: [String] = []
    /// Ids tombstoned (no longer in the care file).
    package var removed: [String] = []
}

extension CareStore {
    /// The kinds of `careRecord` rows.
    private enum CareRecordKind: String {
        case plan, contact, patient
    }

    /// Makes the store's plans, contacts and patient record match a care file (docs/care-plans.md, "Versions"). A
    /// record not stored yet gets its first version, a changed one a new version, and one no longer in the file a
    /// tombstone, each effective from the start of "today" (`now` in `calendar`), as a changed survey file's task is.
    /// Unchanged records are left as they are.
    @discardableResult
    package func ensureCareFile(_ contents: CareFileContents, now: Date, calendar: Calendar) throws(CareStoreError)
        -> CareFileEnsureReport
    {
        let effective = calendar.startOfDay(for: now)
        let entries: [(CareRecordKind, String, String)]
        do {
            entries =
                try contents.plans.map { (.plan, $0.id, try Self.bodyText($0)) }
                + contents.contacts.map { (.contact, $0.id, try Self.bodyText($0)) }
                + (contents.patient.map { [(.patient, $0.id, try Self.bodyText($0))] } ?? [])
        } catch {
            throw .database(operation: "encode the care file", reason: "\(error)")
        }
        return try write("store the care file") { db in
            var report = CareFileEnsureReport()
            for kind in [CareRecordKind.plan, .contact, .patient] {
                let tips = try Self.tips(kind: kind, db)
                let given = entries.filter { $0.0 == kind }
                for (_, id, body) in given {
                    if let tip = tips[id] {
                        guard tip.deleted || tip.body != body else { continue }
                        try Self.insertVersion(
                            kind: kind, id: id, body: body, effective: effective, now: now, previous: tip.uuid,
                            deleted: false, db)
                        report.updated.append(id)
                    } else {
                        try Self.insertVersion(
                            kind: kind, id: id, body: body, effective: effective, now: now, previous: nil,
                            deleted: false, db)
                        report.added.append(id)
                    }
                }
                for (id, tip) in tips.sorted(by: { $0.key < $1.key })
                where !tip.deleted && !given.contains(where: { $0.1 == id }) {
                    try Self.insertVersion(
                        kind: kind, id: id, body: tip.body, effective: effective, now: now, previous: tip.uuid,
                        deleted: true, db)
                    report.removed.append(id)
                }
            }
            return report
        }
    }

    /// Records a task version's plan and links (from its survey file), replacing what was recorded for it.
    package func setTaskCare(_ details: TaskCareDetails, forTaskVersion uuid: UUID) throws(CareStoreError) {
        let links: String
        do {
            links = String(decoding: try Self.encoder.encode(details.links), as: UTF8.self)
        } catch {
            throw .database(operation: "encode a task's links", reason: "\(error)")
        }
        try write("store a task's plan and links") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO taskCare (taskUUID, planID, links) VALUES (?, ?, ?)",
                arguments: [uuid.uuidString, details.planID, links])
        }
    }

    /// The plan and links of each of these task versions that has any recorded.
    package func taskCare(for uuids: [UUID]) throws(CareStoreError) -> [UUID: TaskCareDetails] {
        guard !uuids.isEmpty else { return [:] }
        let rows = try read("read tasks' plans and links") { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT taskUUID, planID, links FROM taskCare WHERE taskUUID IN (\(uuids.map { _ in "?" }.joined(separator: ",")))",
                arguments: StatementArguments(uuids.map(\.uuidString)))
        }
        var found: [UUID: TaskCareDetails] = [:]
        for row in rows {
            let text: String = row["links"]
            guard let uuid = UUID(uuidString: row["taskUUID"]),
                let links = try? Self.decoder.decode([TaskLink].self, from: Data(text.utf8))
            else { throw .corruptRow(table: "taskCare", column: "taskUUID/links", reason: "not a uuid and links") }
            found[uuid] = TaskCareDetails(planID: row["planID"], links: links)
        }
        return found
    }

    /// The plans, contacts and patient record in force at `instant`: of each record, the newest version effective
    /// at or before it, else its first version; records whose version in force is a tombstone are left out.
    package func careFileContents(at instant: Date) throws(CareStoreError) -> CareFileContents {
        CareFileContents(
            plans: try versions(CarePlan.self, kind: .plan).compactMap { Self.inForce($0, at: instant) },
            contacts: try versions(CareContact.self, kind: .contact).compactMap { Self.inForce($0, at: instant) },
            patient: try versions(CarePatient.self, kind: .patient).compactMap { Self.inForce($0, at: instant) }.first)
    }

    /// Every version of every plan, by plan id, oldest first.
    package func planVersions() throws(CareStoreError) -> [String: [CareRecordVersion<CarePlan>]] {
        Dictionary(uniqueKeysWithValues: try versions(CarePlan.self, kind: .plan).map { ($0[0].record.id, $0) })
    }

    /// The version of one record in force at `instant` (see `careFileContents(at:)`).
    package static func inForce<Record>(_ versions: [CareRecordVersion<Record>], at instant: Date) -> Record? {
        let version = versions.last { $0.effectiveDate <= instant } ?? versions.first
        guard let version, version.deletedDate == nil else { return nil }
        return version.record
    }

    /// The versions of every record of a kind, grouped by id in order of first version, each oldest first.
    private func versions<Record: Decodable & Sendable & Hashable>(_ type: Record.Type, kind: CareRecordKind)
        throws(CareStoreError) -> [[CareRecordVersion<Record>]]
    {
        let rows = try read("read the care file's records") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, uuid, body, effectiveDate, deletedDate FROM careRecord WHERE kind = ? ORDER BY seq
                    """, arguments: [kind.rawValue])
        }
        var order: [String] = []
        var byID: [String: [CareRecordVersion<Record>]] = [:]
        for row in rows {
            let body: String = row["body"]
            guard let uuid = UUID(uuidString: row["uuid"]),
                let record = try? Self.decoder.decode(Record.self, from: Data(body.utf8))
            else { throw .corruptRow(table: "careRecord", column: "uuid/body", reason: "not a \(kind.rawValue)") }
            let id: String = row["id"]
            let deleted: Double? = row["deletedDate"]
            let version = CareRecordVersion(
                record: record, uuid: uuid,
                effectiveDate: Date(timeIntervalSinceReferenceDate: row["effectiveDate"]),
                deletedDate: deleted.map(Date.init(timeIntervalSinceReferenceDate:)))
            if byID[id] == nil { order.append(id) }
            byID[id, default: []].append(version)
        }
        return order.compactMap { byID[$0] }
    }

    private static func tips(kind: CareRecordKind, _ db: Database) throws -> [String: (
        uuid: String, body: String, deleted: Bool
    )] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, uuid, body, deletedDate FROM careRecord r WHERE kind = ?
                    AND seq = (SELECT MAX(seq) FROM careRecord n WHERE n.kind = r.kind AND n.id = r.id)
                """, arguments: [kind.rawValue])
        var tips: [String: (uuid: String, body: String, deleted: Bool)] = [:]
        for row in rows {
            let deleted: Double? = row["deletedDate"]
            tips[row["id"]] = (row["uuid"], row["body"], deleted != nil)
        }
        return tips
    }

    private static func insertVersion(
        kind: CareRecordKind, id: String, body: String, effective: Date, now: Date, previous: String?, deleted: Bool,
        _ db: Database
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO careRecord (uuid, kind, id, body, effectiveDate, createdDate, deletedDate, previousVersionUUID)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                UUID().uuidString, kind.rawValue, id, body, effective.timeIntervalSinceReferenceDate,
                now.timeIntervalSinceReferenceDate, deleted ? now.timeIntervalSinceReferenceDate : nil, previous,
            ])
    }

    private static func bodyText(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Sorted keys and dates as seconds since the reference date, so that an unchanged record has the same text.
    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    private static var decoder: JSONDecoder { JSONDecoder() }
}
