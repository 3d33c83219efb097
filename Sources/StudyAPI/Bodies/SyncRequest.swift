package import Foundation

/// `POST /v1/sync`: an up-to-date device's whole sync in one round trip — a push of nothing (recording the sync and the
/// clock, as `/v1/push` does) and the first pull page after `after` (docs/study-service.md, "Up-to-date syncs").
package struct SyncRequest: Codable, Sendable, Equatable {
    /// The store's last outbox number (everything up to it acknowledged already).
    package var outboxEnd: Int64
    /// The device's clock.
    package var deviceNow: Date
    /// The device's anchor.
    package var after: Int64
    /// Rows per page, 1–1000.
    package var limit: Int

    /// A request.
    package init(outboxEnd: Int64, deviceNow: Date, after: Int64, limit: Int) {
        self.outboxEnd = outboxEnd
        self.deviceNow = deviceNow
        self.after = after
        self.limit = limit
    }
}
