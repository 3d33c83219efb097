package import CareModel
package import Foundation

/// The study as a device's sync reaches it: push a page of the outbox, pull a page of the participant's rows. The
/// study service's client is the one a device uses (`ServiceRemote`); the device is the one its token names.
package protocol StudyRemote: Sendable {
    /// Pushes `changes` (in outbox order) of a store whose outbox ends at `outboxEnd`, with the device's clock
    /// `deviceNow`.
    func push(_ changes: [DeviceChange], outboxEnd: Int64, deviceNow: Date) async throws(StoreSyncError) -> PushReport
    /// Pulls the participant's rows after `anchor`, at most `limit`.
    func pull(after anchor: Int64, limit: Int) async throws(StoreSyncError) -> PullPage
    /// Pushes nothing (recording the sync and the clock) and pulls the first page after `anchor`: an up-to-date
    /// device's whole sync, in one round trip where the remote allows it.
    func pushNothingAndPull(
        outboxEnd: Int64, deviceNow: Date, after anchor: Int64, limit: Int
    ) async throws(StoreSyncError) -> (PushReport, PullPage)
}

extension StudyRemote {
    /// A push of nothing, then a pull: two round trips.
    package func pushNothingAndPull(
        outboxEnd: Int64, deviceNow: Date, after anchor: Int64, limit: Int
    ) async throws(StoreSyncError) -> (PushReport, PullPage) {
        let report = try await push([], outboxEnd: outboxEnd, deviceNow: deviceNow)
        return (report, try await pull(after: anchor, limit: limit))
    }
}
