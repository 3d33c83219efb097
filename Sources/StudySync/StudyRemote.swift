import CareModel
import Foundation

/// The study as a device's sync reaches it: push a page of the outbox, pull a page of the participant's rows. The
/// study service's client is the one a device uses (`ServiceRemote`); the device is the one its token names.
package protocol StudyRemote: Sendable {
    /// Pushes `changes` (in outbox order) of a store whose outbox ends at `outboxEnd`, with the device's clock `deviceNow`.
    func push(_ changes: [DeviceChange], outboxEnd: Int64, deviceNow: Date) async throws(StoreSyncError) -> PushReport
    /// Pulls the participant's rows after `anchor`, at most `limit`.
    func pull(after anchor: Int64, limit: Int) async throws(StoreSyncError) -> PullPage
}
