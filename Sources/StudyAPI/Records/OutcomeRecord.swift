package import CareModel
package import Foundation

/// An outcome version as first written on a device, as sync bundles and the service's push carry it
/// (docs/study-sync.md, "Offline sites"; docs/study-service.md): its values in CareKit's shape, dates as CareKit's
/// Codable writes them (seconds since 2001-01-01 UTC, exactly). Its state is not part of it.
package struct OutcomeRecord: Codable, Sendable, Equatable {
    var uuid: UUID
    var id: String
    var taskVersion: UUID
    var occurrence: Int
    var values: [OutcomeValue]
    var createdDate: Date
    var eventStart: Date
    var eventEnd: Date
    var taskRunUUID: UUID?
    var resultFile: String?
    var syncID: String?
    var syncVersion: Int
    var runEndDate: Date?
    var recordedTimeZone: String?
    var recordedUTCOffset: Int?

    /// The record of `outcome` as first written.
    package init(_ outcome: Outcome) {
        uuid = outcome.uuid
        id = outcome.id
        taskVersion = outcome.taskVersionUUID
        occurrence = outcome.occurrence
        values = outcome.values
        createdDate = outcome.createdDate
        eventStart = outcome.eventStart
        eventEnd = outcome.eventEnd
        taskRunUUID = outcome.taskRunUUID
        resultFile = outcome.resultFile
        syncID = outcome.syncID
        syncVersion = outcome.syncVersion
        runEndDate = outcome.runEndDate
        recordedTimeZone = outcome.recordedTimeZone
        recordedUTCOffset = outcome.recordedUTCOffset
    }

    /// The instants a study accepts: 1900 to 2200 (PostgreSQL and the store keep far more; nothing real is outside).
    package static let plausibleDates =
        Date(timeIntervalSince1970: -2_208_988_800)...Date(timeIntervalSince1970: 7_258_118_400)

    /// Checks that the record can be stored: dates plausible, numbers within the database's columns. What is wrong is
    /// named at `place`.
    func check(at place: String) throws(JSONPlaceError) {
        let dates: [(String, Date?)] = [
            ("createdDate", createdDate), ("eventStart", eventStart), ("eventEnd", eventEnd),
            ("runEndDate", runEndDate),
        ]
        for (name, date) in dates {
            if let date, !Self.plausibleDates.contains(date) {
                throw JSONPlaceError(place: "\(place).\(name)", problem: "expected an instant between 1900 and 2200")
            }
        }
        guard (0...Int(Int32.max)).contains(occurrence) else {
            throw JSONPlaceError(place: "\(place).occurrence", problem: "expected a whole number from 0 to 2147483647")
        }
        guard (Int(Int32.min)...Int(Int32.max)).contains(syncVersion) else {
            throw JSONPlaceError(place: "\(place).syncVersion", problem: "expected a 32-bit whole number")
        }
        if let offset = recordedUTCOffset, !(-64_800...64_800).contains(offset) {
            throw JSONPlaceError(place: "\(place).recordedUTCOffset", problem: "expected seconds from -64800 to 64800")
        }
        for (index, value) in values.enumerated() {
            var instants = [value.createdDate]
            if case .date(let date) = value.value { instants.append(date) }
            if instants.contains(where: { !Self.plausibleDates.contains($0) }) {
                throw JSONPlaceError(
                    place: "\(place).values[\(index)]", problem: "expected instants between 1900 and 2200")
            }
        }
    }

    /// The outcome, live.
    package var outcome: Outcome {
        var outcome = Outcome(
            uuid: uuid, id: id, taskVersionUUID: taskVersion, occurrence: occurrence, values: values,
            createdDate: createdDate,
            taskRunUUID: taskRunUUID, resultFile: resultFile, eventStart: eventStart, eventEnd: eventEnd)
        outcome.syncID = syncID
        outcome.syncVersion = syncVersion
        outcome.runEndDate = runEndDate
        outcome.recordedTimeZone = recordedTimeZone
        outcome.recordedUTCOffset = recordedUTCOffset
        return outcome
    }
}
