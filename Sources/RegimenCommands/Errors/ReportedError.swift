/// An error of a command group in another target of this package (the study database's commands), reported by
/// `ErrorReporter` like every other: its words, its exit code, and the library text behind it for `--debug`.
package protocol ReportedError: Error, Sendable {
    /// The message, starting with what failed (e.g. "study database: …"); never a password or an answer.
    var text: String { get }
    /// The process exit code (one of `ErrorReporter.Code`).
    var exitCode: Int32 { get }
    /// The underlying library or server text, shown only with `--debug`.
    var debugDetail: String? { get }
}
