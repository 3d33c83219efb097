/// The one place Regimen's version is written; `regimen --version` prints it (docs/command-line-conventions.md).
package enum RegimenVersion {
    /// The version of this build.
    package static let current = "0.11.0"
}
