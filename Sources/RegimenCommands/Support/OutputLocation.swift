import RegimenFoundation
import SystemPackage

/// Checks, before a run asks its first question, that the places it will write at the end can take new files: the
/// answers typed are never lost to a path that was unusable from the start.
///
/// The check creates and removes a probe file, so it holds for root too (permission bits alone would say yes to root);
/// what it cannot foresee — the disk filling up, a folder removed during the run — is covered by the recovery file.
enum OutputLocation {
    /// Checks that a file can be written at `path`: its folder exists and takes new files, and it is not a folder.
    static func checkFile(_ path: FilePath, role: String) throws(RegimenError) {
        if FileKind(of: path) == .folder { throw .unusableOutput(path: path, role: role, .isAFolder) }
        var folder = path
        folder.removeLastComponent()
        if folder.isEmpty { folder = "." }
        switch FileKind(of: folder) {
        case .folder: try probe(folder, target: path, role: role)
        case .other: throw .unusableOutput(path: path, role: role, .notAFolder(folder))
        case .missing: throw .unusableOutput(path: path, role: role, .folderMissing(folder))
        }
    }

    /// Checks that `path` is a folder that takes new files, or can be created as one (its nearest existing parent
    /// does).
    static func checkFolder(_ path: FilePath, role: String) throws(RegimenError) {
        var folder = path.lexicallyNormalized()
        while true {
            switch FileKind(of: folder) {
            case .folder:
                return try probe(folder, target: path, role: role)
            case .other:
                throw .unusableOutput(path: path, role: role, .notAFolder(folder))
            case .missing:
                var parent = folder
                guard parent.removeLastComponent() else {
                    throw .unusableOutput(path: path, role: role, .nothingExists)
                }
                folder = parent.isEmpty ? "." : parent
            }
        }
    }

    /// Creates and removes a private, uniquely named empty file in `folder`.
    private static func probe(_ folder: FilePath, target: FilePath, role: String) throws(RegimenError) {
        let probe = PrivateFiles.temporaryPath(beside: folder.appending(".regimen-write-check"))
        do throws(FileError) {
            try PrivateFiles.createExclusive(probe, bytes: [])
        } catch {
            throw .unusableOutput(path: target, role: role, .folderRefusesFiles(folder, error))
        }
        PrivateFiles.remove(probe)
    }
}
