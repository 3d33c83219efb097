package import Foundation

/// `POST /v1/push`: one page of the device's outbox (docs/study-sync.md, "Push"). The device is the token's.
package struct PushRequest: Codable, Sendable, Equatable {
    /// The store's last outbox number when the sync started.
    package var outboxEnd: Int64
    /// The device's clock, for the offset the study reports.
    package var deviceNow: Date
    /// The changes, in outbox order.
    package var changes: [ChangeRecord]

    /// A page.
    package init(outboxEnd: Int64, deviceNow: Date, changes: [ChangeRecord]) {
        self.outboxEnd = outboxEnd
        self.deviceNow = deviceNow
        self.changes = changes
    }
}
