import Foundation
import GRDB
import HealthData

/// Writes one import's items inside its transaction (docs/health-export.md, "How the store keeps an export"):
/// samples in bulk, each workout, correlation and other element as it comes, then deletions and the counts.
struct HealthImportWriter {
    let importNumber: Int64
    private var samples: HealthSampleRows
    private var members = HealthSamplePreparer()
    private var memberArguments: [DatabaseValue] = []
    /// The ids of the texts the batches' rows number, and of those the correlation members' rows number.
    private var batchTexts = HealthStoredTexts()
    private var memberTexts = HealthStoredTexts()
    private var items = 0
    private var routePoints = 0
    private var missingRouteFiles = 0
    private var header: HealthExportHeader?

    /// A writer for the import row `importNumber`, already inserted.
    init(importNumber: Int64) {
        self.importNumber = importNumber
        samples = HealthSampleRows(importNumber: importNumber)
    }

    /// Writes one batch, in export order.
    mutating func write(_ batch: inout HealthImportBatch, _ db: Database) throws {
        try batchTexts.add(batch.texts, db)
        batchTexts.resolve(&batch.sampleArguments)
        var next = batch.sampleArguments.startIndex
        for entry in batch.entries {
            switch entry {
            case .samples(let count):
                let end = next + count * HealthSamplePreparer.columns
                try samples.write(batch.sampleArguments[next..<end], rows: count, db)
                items += count
                next = end
            case .item(let item):
                items += 1
                try write(item, db)
            }
        }
    }

    /// Writes one top-level item other than a sample.
    private mutating func write(_ item: HealthExportItem, _ db: Database) throws {
        switch item {
        case .header(let header):
            self.header = header
            try db.execute(
                sql:
                    "UPDATE healthImport SET locale = ?, exportDate = ?, exportDateText = ?, exportVersion = ? WHERE seq = ?",
                arguments: [
                    header.locale, header.exportDate?.seconds, header.exportDate?.text, header.exportVersion,
                    importNumber,
                ])
        case .me(let attributes):
            try db.execute(
                sql: "UPDATE healthImport SET me = ? WHERE seq = ?",
                arguments: [HealthJSONText.attributes(attributes), importNumber])
        case .sample(let sample):
            // `HealthImportBatcher` prepares every top-level sample; one arriving as an item is written alone.
            memberArguments.removeAll(keepingCapacity: true)
            members.append(sample, topLevel: false, to: &memberArguments)
            try writeMembers(rows: 1, db)
        case .correlation(let correlation):
            try write(correlation, db)
        case .workout(let workout):
            try write(workout, db)
        case .activitySummary(let summary):
            try db.execute(
                sql: """
                    INSERT INTO healthActivitySummary (day, attributes, firstImport, versionImport, lastImport)
                    VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(day) DO UPDATE SET lastImport = excluded.lastImport,
                        versionImport = CASE WHEN attributes = excluded.attributes THEN versionImport ELSE excluded.versionImport END,
                        attributes = excluded.attributes
                    """,
                arguments: [
                    summary.day, HealthJSONText.attributes(summary.attributes) ?? "[]", importNumber, importNumber,
                    importNumber,
                ])
        case .other(let name, let attributes):
            try db.execute(
                sql: """
                    INSERT INTO healthOtherItem (identity, name, attributes, firstImport, lastImport) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(identity) DO UPDATE SET lastImport = excluded.lastImport, deletedImport = NULL,
                        restoredImport = CASE WHEN deletedImport IS NOT NULL THEN excluded.lastImport ELSE restoredImport END
                    """,
                arguments: [
                    HealthIdentity.ofOther(name: name, attributes: attributes), name,
                    HealthJSONText.attributes(attributes) ?? "[]", importNumber, importNumber,
                ])
        }
    }

    private mutating func write(_ correlation: HealthCorrelation, _ db: Database) throws {
        // Members are the same samples the export writes at top level: the same identity keeps each once.
        var identities: [String] = []
        memberArguments.removeAll(keepingCapacity: true)
        for member in correlation.members {
            let identity = members.append(member, topLevel: false, to: &memberArguments)
            identities.append(identity.map { String(format: "%02x", $0) }.joined())
        }
        try writeMembers(rows: correlation.members.count, db)
        let syncIdentifier = correlation.metadata.value(for: "HKMetadataKeySyncIdentifier")
        try db.execute(
            sql: """
                INSERT INTO healthCorrelation (identity, type, sourceName, sourceVersion, device, creationDate, startDate,
                    endDate, start, end, attributes, metadata, members, firstImport, versionImport, lastImport)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(identity) DO UPDATE SET lastImport = excluded.lastImport, deletedImport = NULL,
                    restoredImport = CASE WHEN deletedImport IS NOT NULL THEN excluded.lastImport ELSE restoredImport END
                """,
            arguments: [
                HealthIdentity.of(correlation, syncIdentifier: syncIdentifier), correlation.type,
                correlation.source.name,
                correlation.source.version, correlation.source.device, correlation.creationDate?.text,
                correlation.startDate.text, correlation.endDate.text, correlation.startDate.seconds,
                correlation.endDate.seconds, HealthJSONText.attributes(correlation.otherAttributes),
                HealthJSONText.metadata(correlation.metadata), HealthJSONText.strings(identities),
                importNumber, importNumber, importNumber,
            ])
    }

    /// Writes the rows in `memberArguments`, their texts' numbers made ids.
    private mutating func writeMembers(rows: Int, _ db: Database) throws {
        try memberTexts.add(members.takeNewTexts(), db)
        memberTexts.resolve(&memberArguments)
        try samples.write(memberArguments[...], rows: rows, db)
    }

    private mutating func write(_ workout: HealthWorkout, _ db: Database) throws {
        let syncIdentifier = workout.metadata.value(for: "HKMetadataKeySyncIdentifier")
        let content: [String] = [
            "activityType", "sourceName", "sourceVersion", "device", "creationDate", "startDate", "endDate", "start",
            "end",
            "timeZone", "syncIdentifier", "syncVersion", "attributes", "metadata", "events", "statistics", "activities",
            "versionImport",
        ]
        let replace = content.map {
            "\($0) = CASE WHEN excluded.syncVersion > healthWorkout.syncVersion THEN excluded.\($0) ELSE healthWorkout.\($0) END"
        }.joined(separator: ", ")
        let row = try Row.fetchOne(
            db,
            sql: """
                INSERT INTO healthWorkout (identity, activityType, sourceName, sourceVersion, device, creationDate,
                    startDate, endDate, start, end, timeZone, syncIdentifier, syncVersion, attributes, metadata, events,
                    statistics, activities, firstImport, versionImport, lastImport)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(identity) DO UPDATE SET lastImport = excluded.lastImport, deletedImport = NULL,
                    restoredImport = CASE WHEN healthWorkout.deletedImport IS NOT NULL THEN excluded.lastImport
                        ELSE healthWorkout.restoredImport END,
                    \(replace)
                RETURNING seq, versionImport
                """,
            arguments: [
                HealthIdentity.of(workout, syncIdentifier: syncIdentifier), workout.activityType, workout.source.name,
                workout.source.version, workout.source.device, workout.creationDate?.text, workout.startDate.text,
                workout.endDate.text, workout.startDate.seconds, workout.endDate.seconds,
                workout.metadata.value(for: "HKTimeZone"), syncIdentifier,
                syncIdentifier == nil ? nil : syncVersion(workout.metadata),
                HealthJSONText.attributes(workout.attributes),
                HealthJSONText.metadata(workout.metadata), HealthJSONText.events(workout.events),
                HealthJSONText.statistics(workout.statistics), HealthJSONText.activities(workout.activities),
                importNumber, importNumber, importNumber,
            ])
        guard let row, let seq: Int64 = row["seq"], let version: Int64 = row["versionImport"] else {
            throw DatabaseError(message: "workout upsert returned no row")
        }
        // Routes belong to the workout's version: written with a new or replaced workout, left alone otherwise.
        guard version == importNumber else { return }
        try db.execute(sql: "DELETE FROM healthRoute WHERE workoutSeq = ?", arguments: [seq])
        for (ordinal, route) in workout.routes.enumerated() {
            let routeSync = route.metadata.value(for: "HKMetadataKeySyncIdentifier")
            try db.execute(
                sql: """
                    INSERT INTO healthRoute (workoutSeq, ordinal, sourceName, sourceVersion, device, creationDate,
                        startDate, endDate, attributes, metadata, syncIdentifier, syncVersion, filePath, fileMissing,
                        pointCount, points)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    seq, ordinal, route.source.name, route.source.version, route.source.device,
                    route.creationDate?.text,
                    route.startDate?.text, route.endDate?.text, HealthJSONText.attributes(route.otherAttributes),
                    HealthJSONText.metadata(route.metadata), routeSync,
                    routeSync == nil ? nil : syncVersion(route.metadata), route.filePath, route.fileMissing,
                    route.points.count, route.points.isEmpty ? nil : HealthRoutePoints.packed(route.points),
                ])
            routePoints += route.points.count
            if route.fileMissing { missingRouteFiles += 1 }
        }
    }

    /// Writes what is queued, marks what this export no longer holds as deleted when it is the newest export, and
    /// counts what changed.
    mutating func finish(_ db: Database) throws -> HealthImportReport {
        let exportDate = header?.exportDate?.seconds
        let earlier =
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM healthImport WHERE seq < ?", arguments: [importNumber]) ?? 0
        var appliedDeletions = false
        if earlier == 0 {
            // The first import: nothing can be absent or changed, and every row is new (no table scans needed).
            appliedDeletions = exportDate != nil
        } else if let exportDate {
            let newestBefore = try Int64.fetchOne(
                db, sql: "SELECT max(exportDate) FROM healthImport WHERE seq < ?", arguments: [importNumber])
            if newestBefore.map({ exportDate >= $0 }) ?? true {
                appliedDeletions = true
                for table in ["healthSample", "healthCorrelation", "healthWorkout", "healthOtherItem"] {
                    try db.execute(
                        sql: "UPDATE \(table) SET deletedImport = ? WHERE lastImport < ? AND deletedImport IS NULL",
                        arguments: [importNumber, importNumber])
                }
            }
        }
        func counts(_ table: String, versions: Bool = true) throws -> HealthImportCounts {
            guard earlier > 0 else {
                return HealthImportCounts(added: try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0)
            }
            return try self.counts(table, db, versions: versions)
        }
        let report = HealthImportReport(
            importNumber: importNumber, items: items,
            samples: try counts("healthSample"), workouts: try counts("healthWorkout"),
            correlations: try counts("healthCorrelation"), activitySummaries: try summaryCounts(db),
            others: try counts("healthOtherItem", versions: false), routePoints: routePoints,
            missingRouteFiles: missingRouteFiles, appliedDeletions: appliedDeletions,
            exportDate: exportDate.map { Date(timeIntervalSince1970: TimeInterval($0)) })
        let samples = report.samples
        try db.execute(
            sql:
                "UPDATE healthImport SET itemCount = ?, added = ?, updated = ?, deleted = ?, restored = ? WHERE seq = ?",
            arguments: [items, samples.added, samples.updated, samples.deleted, samples.restored, importNumber])
        return report
    }

    private func counts(_ table: String, _ db: Database, versions: Bool = true) throws -> HealthImportCounts {
        let version = versions ? "versionImport" : "firstImport"
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT
                    sum(firstImport = :n),
                    sum(firstImport < :n AND \(version) = :n),
                    sum(restoredImport = :n),
                    sum(deletedImport = :n),
                    sum(lastImport = :n AND firstImport < :n AND \(version) < :n AND restoredImport IS NOT :n)
                FROM \(table)
                """,
            arguments: ["n": importNumber])
        return HealthImportCounts(
            added: row?[0] ?? 0, updated: row?[1] ?? 0, restored: row?[2] ?? 0, deleted: row?[3] ?? 0,
            unchanged: row?[4] ?? 0)
    }

    private func summaryCounts(_ db: Database) throws -> HealthImportCounts {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT sum(firstImport = :n), sum(firstImport < :n AND versionImport = :n),
                    sum(lastImport = :n AND versionImport < :n)
                FROM healthActivitySummary
                """,
            arguments: ["n": importNumber])
        return HealthImportCounts(added: row?[0] ?? 0, updated: row?[1] ?? 0, unchanged: row?[2] ?? 0)
    }
}
