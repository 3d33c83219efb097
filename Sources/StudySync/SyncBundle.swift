package import CareModel
package import CareStore
package import Foundation
package import StudyAPI

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
    package var changes: [ChangeRecord]

    /// A bundle of `changes` written by `enrollment`'s device at `now`, its outbox ending at `outboxEnd`.
    package init(enrollment: StudyEnrollment, changes: [DeviceChange], outboxEnd: Int64, now: Date) {
        format = Self.formatName
        version = Self.currentVersion
        study = enrollment.studyID
        participant = enrollment.participantLabel
        device = enrollment.deviceID
        createdDate = now
        self.outboxEnd = outboxEnd
        self.changes = changes.map(ChangeRecord.init)
    }

    /// The changes as a push sends them; a change of unknown kind or missing fields, or numbers that are not positive,
    /// increasing and within `outboxEnd`, are named by their position.
    package func deviceChanges() throws(SyncBundleError) -> [DeviceChange] {
        do throws(JSONPlaceError) {
            return try ChangeRecord.changes(changes, outboxEnd: outboxEnd)
        } catch {
            throw .malformed(place: error.place, problem: error.problem)
        }
    }

    /// The bundle's JSON bytes.
    package func encoded() throws(SyncBundleError) -> Data {
        try Self.encodeJSON(self)
    }

    /// `value` as a bundle's JSON: keys sorted, indented.
    static func encodeJSON(_ value: some Encodable) throws(SyncBundleError) -> Data {
        do throws(JSONPlaceError) {
            return try APIJSON.encode(value, pretty: true)
        } catch {
            throw .malformed(place: "the bundle", problem: error.problem)
        }
    }

    /// The bundle in `bytes`; what is wrong is named by its place in the file.
    package static func decode(_ bytes: Data) throws(SyncBundleError) -> SyncBundle {
        let bundle: SyncBundle = try decodeJSON(bytes)
        guard bundle.format == formatName else {
            throw .malformed(place: "format", problem: "not a Regimen sync bundle")
        }
        guard bundle.version == currentVersion else {
            throw .malformed(
                place: "version", problem: "bundle version \(bundle.version); this program reads \(currentVersion)")
        }
        return bundle
    }

    /// A bundle of type `T` in `bytes`; a decoding failure is named by its JSON path.
    static func decodeJSON<T: Decodable>(_ bytes: Data) throws(SyncBundleError) -> T {
        do throws(JSONPlaceError) {
            return try APIJSON.decode(T.self, from: bytes)
        } catch {
            throw .malformed(place: error.place, problem: error.problem)
        }
    }
}
