import CareModel
import CareStore
import Foundation

/// A sync bundle (docs/study-sync.md, "Offline sites"): the changes `regimen sync --bundle FILE` would push, written to
/// a file that `regimen study import FILE` applies with a push's exact semantics. JSON; dates as CareKit's Codable
/// writes them (seconds since 2001-01-01 UTC, exactly), outcome values in CareKit's shape.
package struct SyncBundle: Codable, Sendable, Equatable {
    /// The `format` every bundle names.
    package static let formatName = "regimen-sync-bundle"
    /// The bundle version this program writes and reads.
    package static let currentVersion = 1

    /// Always `formatName`.
    package var format: String
    /// Always `currentVersion`.
    package var version: Int
    /// The study's id.
    package var study: String
    /// The participant's label (for people reading the file).
    package var participant: String
    /// The device that wrote it.
    package var device: UUID
    /// When it was written, by the device's clock.
    package var createdDate: Date
    /// The device's last outbox number when it was written (the server refuses a bundle of a store that is behind
    /// what it acknowledged: a restored backup).
    package var outboxEnd: Int64
    /// The changes, in outbox order.
    package var changes: [Change]

    /// One outbox change.
    package struct Change: Codable, Sendable, Equatable {
        /// Its outbox number.
        package var localSeq: Int64
        /// `version` or `delete`.
        package var kind: String
        /// The new version (`version`).
        package var outcome: BundledOutcome?
        /// The deleted version (`delete`).
        package var uuid: UUID?
        /// When it was deleted (`delete`).
        package var at: Date?
    }

    /// An outcome version as first written.
    package struct BundledOutcome: Codable, Sendable, Equatable {
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
    }

    /// A bundle of `changes` written by `enrolment`'s device at `now`, its outbox ending at `outboxEnd`.
    package init(enrolment: StudyEnrolment, changes: [DeviceChange], outboxEnd: Int64, now: Date) {
        format = Self.formatName
        version = Self.currentVersion
        study = enrolment.studyID
        participant = enrolment.participantLabel
        device = enrolment.deviceID
        createdDate = now
        self.outboxEnd = outboxEnd
        self.changes = changes.map { change in
            switch change.kind {
            case .version(let outcome):
                Change(localSeq: change.localSeq, kind: change.kindName, outcome: BundledOutcome(outcome))
            case .delete(let uuid, let at):
                Change(localSeq: change.localSeq, kind: change.kindName, uuid: uuid, at: at)
            }
        }
    }

    /// The changes as a push sends them; a change of unknown kind or missing fields, or numbers that are not positive,
    /// increasing and within `outboxEnd`, are named by their position.
    package func deviceChanges() throws(SyncBundleError) -> [DeviceChange] {
        var previous: Int64 = 0
        return try changes.enumerated().map { index, change throws(SyncBundleError) -> DeviceChange in
            guard change.localSeq > previous, change.localSeq <= outboxEnd else {
                throw .malformed(place: "changes[\(index)].localSeq", problem: "expected a number after the one before, up to outboxEnd")
            }
            previous = change.localSeq
            return switch (change.kind, change.outcome, change.uuid, change.at) {
            case ("version", let outcome?, _, _): DeviceChange(localSeq: change.localSeq, kind: .version(outcome.outcome))
            case ("delete", _, let uuid?, let at?): DeviceChange(localSeq: change.localSeq, kind: .delete(uuid: uuid, at: at))
            default: throw .malformed(place: "changes[\(index)]", problem: "expected a version with its outcome, or a delete with its uuid and instant")
            }
        }
    }

    /// The bundle's JSON bytes.
    package func encoded() throws(SyncBundleError) -> Data {
        try Self.encodeJSON(self)
    }

    /// `value` as a bundle's JSON: keys sorted, indented.
    static func encodeJSON(_ value: some Encodable) throws(SyncBundleError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            return try encoder.encode(value)
        } catch {
            throw .malformed(place: "the bundle", problem: "cannot be written: \(error)")
        }
    }

    /// The bundle in `bytes`; what is wrong is named by its place in the file.
    package static func decode(_ bytes: Data) throws(SyncBundleError) -> SyncBundle {
        let bundle: SyncBundle = try decodeJSON(bytes)
        guard bundle.format == formatName else { throw .malformed(place: "format", problem: "not a Regimen sync bundle") }
        guard bundle.version == currentVersion else {
            throw .malformed(place: "version", problem: "bundle version \(bundle.version); this program reads \(currentVersion)")
        }
        return bundle
    }

    /// A bundle of type `T` in `bytes`; a decoding failure is named by its JSON path.
    static func decodeJSON<T: Decodable>(_ bytes: Data) throws(SyncBundleError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: bytes)
        } catch let error as DecodingError {
            throw .malformed(place: place(of: error), problem: problem(of: error))
        } catch {
            throw .malformed(place: "the file", problem: "is not JSON")
        }
    }

    private static func place(of error: DecodingError) -> String {
        let path: [any CodingKey] = switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): context.codingPath
        case .keyNotFound(let key, let context): context.codingPath + [key]
        @unknown default: []
        }
        guard !path.isEmpty else { return "the file" }
        return path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            .trimmingPrefix(".").description
    }

    private static func problem(of error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, _): "expected \(type == String.self ? "text" : "a value of another type")"
        case .valueNotFound: "missing value"
        case .keyNotFound: "missing"
        case .dataCorrupted(let context): context.codingPath.isEmpty ? "is not JSON" : "unreadable value"
        @unknown default: "unreadable"
        }
    }
}

extension SyncBundle.BundledOutcome {
    /// The bundled form of `outcome` as first written (its state is not part of it).
    init(_ outcome: Outcome) {
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

    /// The outcome, live.
    var outcome: Outcome {
        var outcome = Outcome(
            uuid: uuid, id: id, taskVersionUUID: taskVersion, occurrence: occurrence, values: values, createdDate: createdDate,
            taskRunUUID: taskRunUUID, resultFile: resultFile, eventStart: eventStart, eventEnd: eventEnd)
        outcome.syncID = syncID
        outcome.syncVersion = syncVersion
        outcome.runEndDate = runEndDate
        outcome.recordedTimeZone = recordedTimeZone
        outcome.recordedUTCOffset = recordedUTCOffset
        return outcome
    }
}
