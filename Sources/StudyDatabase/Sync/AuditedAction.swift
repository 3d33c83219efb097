/// How a change to the study is recorded in its audit log: the action's name and who did it.
package struct AuditedAction: Sendable, Hashable {
    /// `push`, `import`, `publish`, …
    package var action: String
    /// Who: nil for the database login (`session_user`), else a device (`device <id>`).
    package var actor: String?

    /// A researcher's command, done as the database login.
    package static func command(_ action: String) -> AuditedAction {
        AuditedAction(action: action, actor: nil)
    }

    /// A device's request through the study service.
    package static func device(_ action: String, _ deviceID: some CustomStringConvertible) -> AuditedAction {
        AuditedAction(action: action, actor: "device \(String(describing: deviceID).lowercased())")
    }
}
