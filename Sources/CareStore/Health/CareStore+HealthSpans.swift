import Foundation
import GRDB
package import HealthData

extension CareStore {
    /// The live (not deleted) samples of `types` starting in [start, end) (UTC seconds; nil = unbounded), as the
    /// days-and-nights math reads them (docs/health-export.md, "Days and nights"), oldest first.
    package func healthSpans(types: [String], from start: Int64? = nil, to end: Int64? = nil) throws(CareStoreError)
        -> [HealthSpan]
    {
        guard !types.isEmpty else { return [] }
        do {
            return try writer.read { db in
                let statement = try db.makeStatement(
                    sql: """
                        SELECT sourceNameID, deviceID, userEntered, start, end, number, value, timeZone
                        FROM healthSample INDEXED BY healthSample_by_type_start
                        WHERE typeID = ? AND start >= ? AND start < ? AND deletedImport IS NULL
                        ORDER BY start
                        """)
                let text = try db.makeStatement(sql: "SELECT text FROM healthText WHERE id = ?")
                var spans: [HealthSpan] = []
                // A handful of sources write every sample: their priorities are worked out once.
                struct SourceKey: Hashable { var name: Int64, device: Int64?, userEntered: Bool }
                var priorities: [SourceKey: HealthSourcePriority] = [:]
                for type in types {
                    guard let typeID = try HealthStoredTexts.existingID(of: type, db)
                    else { continue }
                    let isSleep = type == HealthSpan.sleepType
                    let rows = try Row.fetchCursor(
                        statement, arguments: [typeID, start ?? Int64.min, end ?? Int64.max])
                    while let row = try rows.next() {
                        let value: String? = row[6]
                        let source = SourceKey(name: row[0], device: row[1], userEntered: row[2])
                        let priority =
                            try priorities[source]
                            ?? {
                                // The device's address does not matter here: only its `model:` does.
                                let name = try String.fetchOne(text, arguments: [source.name]) ?? ""
                                let device = try source.device.flatMap { try String.fetchOne(text, arguments: [$0]) }
                                let tier = HealthSourcePriority.Tier(
                                    userEntered: source.userEntered, device: device, sourceName: name)
                                let priority = HealthSourcePriority(tier: tier, sourceName: name)
                                priorities[source] = priority
                                return priority
                            }()
                        spans.append(
                            HealthSpan(
                                type: type, priority: priority, start: row[3],
                                end: row[4], value: isSleep ? nil : row[5],
                                sleep: isSleep ? value.flatMap(HealthSleepValue.init(text:)) : nil, timeZoneName: row[7]
                            ))
                    }
                }
                return spans
            }
        } catch {
            throw failure(error, operation: "read health samples")
        }
    }

    /// The earliest start and the longest duration (seconds) of the live samples of `types`, or nil when there are
    /// none: where a linked task's data begins, and how far before a window a sample reaching into it can start.
    package func healthExtent(types: [String]) throws(CareStoreError) -> (earliest: Int64, longest: Int64)? {
        do {
            return try writer.read { db in
                var extent: (earliest: Int64, longest: Int64)?
                for type in types {
                    guard let typeID = try HealthStoredTexts.existingID(of: type, db),
                        let row = try Row.fetchOne(
                            db,
                            sql: """
                                SELECT min(start), max(end - start) FROM healthSample
                                WHERE typeID = ? AND deletedImport IS NULL
                                """,
                            arguments: [typeID]),
                        let earliest: Int64 = row[0], let longest: Int64 = row[1]
                    else { continue }
                    extent = (min(extent?.earliest ?? earliest, earliest), max(extent?.longest ?? longest, longest))
                }
                return extent
            }
        } catch {
            throw failure(error, operation: "read health samples")
        }
    }

    /// The live workouts starting in [start, end) (UTC seconds; nil = unbounded), oldest first.
    package func healthWorkoutSpans(from start: Int64? = nil, to end: Int64? = nil) throws(CareStoreError)
        -> [HealthWorkoutSpan]
    {
        do {
            return try writer.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT activityType, start, end FROM healthWorkout
                        WHERE start >= ? AND start < ? AND deletedImport IS NULL ORDER BY start
                        """,
                    arguments: [start ?? Int64.min, end ?? Int64.max]
                ).map { HealthWorkoutSpan(activityType: $0[0], start: $0[1], end: $0[2]) }
            }
        } catch {
            throw failure(error, operation: "read health workouts")
        }
    }

    /// The home zone of the latest import, if any (docs/health-export.md, "Days and nights").
    package func healthHomeZone() throws(CareStoreError) -> String? {
        do {
            return try writer.read { db in
                try String.fetchOne(db, sql: "SELECT homeZone FROM healthImport ORDER BY seq DESC LIMIT 1")
            }
        } catch {
            throw failure(error, operation: "read health imports")
        }
    }
}
