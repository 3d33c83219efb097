package import CareModel
package import Foundation

/// One outbox change as sync bundles and the service's push carry it: a `version` with its outcome, or a `delete` with
/// the version's uuid and instant.
package struct ChangeRecord: Codable, Sendable, Equatable {
    /// Its outbox number.
    package var localSeq: Int64
    /// `version` or `delete`.
    package var kind: String
    /// The new version (`version`).
    package var outcome: OutcomeRecord?
    /// The deleted version (`delete`).
    package var uuid: UUID?
    /// When it was deleted (`delete`).
    package var at: Date?

    /// The record of `change`.
    package init(_ change: DeviceChange) {
        localSeq = change.localSeq
        kind = change.kindName
        switch change.kind {
        case .version(let outcome): self.outcome = OutcomeRecord(outcome)
        case .delete(let uuid, let at):
            self.uuid = uuid
            self.at = at
        }
    }

    /// `records` as the changes a push sends, checked: numbers positive, increasing and within `outboxEnd`, each a
    /// version with its outcome or a delete with its uuid and instant. What is wrong is named by its place under
    /// `path` (`changes[3].localSeq`).
    package static func changes(
        _ records: [ChangeRecord], outboxEnd: Int64, path: String = "changes"
    ) throws(JSONPlaceError) -> [DeviceChange] {
        var previous: Int64 = 0
        var result: [DeviceChange] = []
        result.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            guard record.localSeq > previous, record.localSeq <= outboxEnd else {
                throw JSONPlaceError(
                    place: "\(path)[\(index)].localSeq",
                    problem: "expected a number after the one before, up to outboxEnd")
            }
            previous = record.localSeq
            switch (record.kind, record.outcome, record.uuid, record.at) {
            case ("version", let outcome?, _, _):
                try outcome.check(at: "\(path)[\(index)].outcome")
                result.append(DeviceChange(localSeq: record.localSeq, kind: .version(outcome.outcome)))
            case ("delete", _, let uuid?, let at?):
                guard OutcomeRecord.plausibleDates.contains(at) else {
                    throw JSONPlaceError(
                        place: "\(path)[\(index)].at", problem: "expected an instant between 1900 and 2200")
                }
                result.append(DeviceChange(localSeq: record.localSeq, kind: .delete(uuid: uuid, at: at)))
            default:
                throw JSONPlaceError(
                    place: "\(path)[\(index)]",
                    problem: "expected a version with its outcome, or a delete with its uuid and instant")
            }
        }
        return result
    }
}
