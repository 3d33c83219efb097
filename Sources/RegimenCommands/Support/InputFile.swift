import Foundation
import RegimenFoundation
package import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(CoreFoundation) && !canImport(Darwin)
    // Swift 6.3.1 on Linux attributes `struct stat` to CoreFoundation in this target (MemberImportVisibility).
    import CoreFoundation
#endif

/// Files and folders a command reads because the command line names them (`result show FILE`, `--surveys DIR`, …):
/// one check, so a path that names nothing is always `RegimenError.missingFile` (exit 66,
/// docs/command-line-conventions.md, "Exit codes"). Other problems (permissions, bad content) are left to the reader.
package enum InputFile {
    /// Throws `.missingFile(path)` when `path` (absolute, or relative to the working directory) names nothing.
    package static func require(_ path: FilePath) throws(RegimenError) {
        var info = stat()
        guard stat(path.string, &info) != 0 else { return }
        if errno == ENOENT { throw .missingFile(path: path) }
    }

    /// The bytes of the file at `path`: `.missingFile` (naming the absolute path) when it names nothing, else `.file`
    /// naming why it cannot be read.
    package static func bytes(_ path: FilePath) throws(RegimenError) -> [UInt8] {
        try require(FilePath(URL(fileURLWithPath: path.string).path))
        do throws(FileError) {
            return try FileBytes.read(path)
        } catch {
            throw .file(error)
        }
    }
}
