import Foundation
import GRDB
import HealthData

/// Sample rows waiting to be upserted, many per statement (`MultiRowInsert`): a new identity is inserted; a known one
/// is marked seen by this import (and undeleted), and replaced only when its sync version is higher — HealthKit's rule
/// (docs/health-export.md, "Identity, re-import, deletions").
struct HealthSampleRows {
    static let rowsPerStatement = 256
    static let columns = 22
    private static let content = [
        "type", "sourceName", "sourceVersion", "device", "unit", "creationDate", "startDate", "endDate", "start", "end",
        "value", "number", "timeZone", "syncIdentifier", "syncVersion", "userEntered", "metadata", "extra",
        "versionImport",
    ]
    private var insert = MultiRowInsert(
        """
        healthSample (identity, type, sourceName, sourceVersion, device, unit, creationDate, startDate, endDate, start, \
        end, value, number, timeZone, syncIdentifier, syncVersion, userEntered, metadata, extra, firstImport, \
        versionImport, lastImport)
        """,
        columns: columns, rowsPerStatement: rowsPerStatement,
        suffix: "ON CONFLICT(identity) DO UPDATE SET lastImport = excluded.lastImport, deletedImport = NULL, "
            + "restoredImport = CASE WHEN healthSample.deletedImport IS NOT NULL THEN excluded.lastImport "
            + "ELSE healthSample.restoredImport END, "
            + content.map {
                "\($0) = CASE WHEN excluded.syncVersion > healthSample.syncVersion THEN excluded.\($0) ELSE healthSample.\($0) END"
            }.joined(separator: ", "))
    /// Identities of the latest top-level records without a sync identifier, each with how often it was seen
    /// (docs/health-export.md, "Identity, re-import, deletions"): the export carries no sample UUIDs, so two records
    /// alike in every identifying field are told apart by their order among the records near them.
    private var recent: [Data: Int] = [:]
    private var recentOrder: [Data] = []
    private var recentNext = 0
    static let recentLimit = 16_384
    private var arguments: [DatabaseValue] = []
    private var count = 0
    private var text: [UInt8] = []
    let importNumber: Int64

    /// Rows for import `importNumber`.
    init(importNumber: Int64) {
        self.importNumber = importNumber
        arguments.reserveCapacity(Self.rowsPerStatement * Self.columns)
    }

    /// Queues `sample` and returns its identity; writes when a statement's worth has gathered. A top-level record
    /// alike in every identifying field to one shortly before it is another sample (its occurrence counts); a
    /// correlation member is the top-level record it repeats.
    @discardableResult
    mutating func append(_ sample: HealthSample, topLevel: Bool, _ db: Database) throws -> Data {
        let syncIdentifier = sample.metadata.value(for: "HKMetadataKeySyncIdentifier")
        var identity = HealthIdentity.of(sample, syncIdentifier: syncIdentifier)
        if topLevel && syncIdentifier == nil { identity = occurrence(of: identity) }
        func optional(_ value: String?) -> DatabaseValue { value?.databaseValue ?? .null }
        arguments.append(identity.databaseValue)
        arguments.append(sample.type.databaseValue)
        arguments.append(sample.source.name.databaseValue)
        arguments.append(optional(sample.source.version))
        arguments.append(optional(sample.source.device))
        arguments.append(optional(sample.unit))
        arguments.append(sample.creationDate.map { dateText($0).databaseValue } ?? .null)
        arguments.append(dateText(sample.startDate).databaseValue)
        arguments.append(dateText(sample.endDate).databaseValue)
        arguments.append(sample.startDate.seconds.databaseValue)
        arguments.append(sample.endDate.seconds.databaseValue)
        arguments.append(optional(sample.value))
        arguments.append(sample.value.flatMap { Double($0) }.flatMap { $0.isFinite ? $0.databaseValue : nil } ?? .null)
        arguments.append(optional(sample.metadata.value(for: "HKTimeZone")))
        arguments.append(optional(syncIdentifier))
        arguments.append(syncIdentifier == nil ? .null : syncVersion(sample.metadata).databaseValue)
        arguments.append(["1", "true"].contains(sample.metadata.value(for: "HKWasUserEntered")).databaseValue)
        arguments.append(optional(HealthJSONText.metadata(sample.metadata)))
        arguments.append(optional(HealthJSONText.sampleExtra(sample)))
        arguments.append(importNumber.databaseValue)
        arguments.append(importNumber.databaseValue)
        arguments.append(importNumber.databaseValue)
        count += 1
        if count >= Self.rowsPerStatement { try flush(db) }
        return identity
    }

    /// `identity` for its first occurrence among the recent records, a derived key for later ones.
    private mutating func occurrence(of identity: Data) -> Data {
        if let seen = recent[identity] {
            recent[identity] = seen + 1
            return HealthIdentity.occurrence(seen, of: identity)
        }
        recent[identity] = 1
        if recentOrder.count < Self.recentLimit {
            recentOrder.append(identity)
        } else {
            recent[recentOrder[recentNext]] = nil
            recentOrder[recentNext] = identity
            recentNext = (recentNext + 1) % Self.recentLimit
        }
        return identity
    }

    /// Writes every queued row.
    mutating func flush(_ db: Database) throws {
        guard count > 0 else { return }
        try insert.write(arguments[...], rows: count, db)
        arguments.removeAll(keepingCapacity: true)
        count = 0
    }

    private mutating func dateText(_ date: HealthDate) -> String {
        text.removeAll(keepingCapacity: true)
        date.appendText(to: &text)
        return String(decoding: text, as: UTF8.self)
    }
}

/// `HKMetadataKeySyncVersion` as a whole number (1 when absent or not a number, as HealthKit treats a sync identifier
/// without a version).
func syncVersion(_ metadata: [HealthMetadataEntry]) -> Int64 {
    metadata.value(for: "HKMetadataKeySyncVersion").flatMap { Int64($0) ?? Double($0).flatMap { Int64(exactly: $0.rounded(.down)) } } ?? 1
}
