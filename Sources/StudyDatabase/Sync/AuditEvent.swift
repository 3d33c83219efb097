package import Foundation

/// One entry of the study's audit log, as `regimen study audit` lists it.
package struct AuditEvent: Sendable, Hashable {
    /// Its number: entries are listed in this order.
    package var id: Int64
    /// When, by the server's clock.
    package var at: Date
    /// Who: a database login, or `device <id>` for a device's request through the service.
    package var actor: String
    /// The role in effect (for a device, the service's login).
    package var role: String
    /// What: `publish`, `enroll`, `code`, `revoke`, `withdraw`, `ingest`, `import`, `device-enroll`, `push`.
    package var action: String
    /// The device it concerns, when one.
    package var deviceID: UUID?
    /// Counts and labels; never an answer, a token or a password.
    package var detail: String
}
