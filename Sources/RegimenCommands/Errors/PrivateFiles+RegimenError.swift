package import RegimenFoundation
package import SystemPackage

extension PrivateFiles {
    /// Creates `folder` (and parents) with mode 0700 when missing; a failure is `RegimenError.file`.
    static func ensureFolder(_ folder: FilePath) throws(RegimenError) {
        do throws(FileError) { try makeFolder(folder) } catch { throw .file(error) }
    }

    /// Replaces (or creates) the file at `path` with `text` atomically, mode 0600 (`writeAtomically`); a failure is
    /// `RegimenError.file`.
    static func replace(_ path: FilePath, text: String) throws(RegimenError) {
        do throws(FileError) { try writeAtomically(path, bytes: Array(text.utf8)) } catch { throw .file(error) }
    }

    /// Creates the file at `path` holding `bytes`, mode 0600, refusing one that exists (`createExclusive`); a failure
    /// is `RegimenError.file` ("exists already; nothing was written" for a taken name).
    package static func createNew(_ path: FilePath, bytes: some Sequence<UInt8>) throws(RegimenError) {
        do throws(FileError) { try createExclusive(path, bytes: bytes) } catch { throw .file(error) }
    }
}
