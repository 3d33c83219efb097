import Foundation
import RegimenFoundation
import SystemPackage

/// Checks, before a run asks its first question, that the places it will write at the end can take new files: the
/// answers typed are never lost to a path that was unusable from the start.
///
/// The check creates and removes a probe file, so it holds for root too (permission bits alone would say yes to root);
/// what it cannot foresee — the disk filling up, a folder removed during the run — is covered by the recovery file.
enum OutputLocation {
    /// Checks that a file can be written at `url`: its folder exists and takes new files, and it is not a folder.
    static func checkFile(_ url: URL, role: String) throws(RegimenError) {
        let path = url.path
        if kind(of: path) == .folder {
            throw .io(path: path, problem: "\(role) cannot be written: it is a folder")
        }
        let folder = url.deletingLastPathComponent().path
        switch kind(of: folder) {
        case .folder: try probe(folder, target: path, role: role)
        case .other: throw .io(path: path, problem: "\(role) cannot be written: \(folder) is not a folder")
        case .missing: throw .io(path: path, problem: "\(role) cannot be written: the folder \(folder) does not exist")
        }
    }

    /// Checks that `url` is a folder that takes new files, or can be created as one (its nearest existing parent does).
    static func checkFolder(_ url: URL, role: String) throws(RegimenError) {
        var folder = url.standardizedFileURL
        while true {
            switch kind(of: folder.path) {
            case .folder:
                return try probe(folder.path, target: url.path, role: role)
            case .other:
                throw .io(path: url.path, problem: "\(role) cannot be created: \(folder.path) is not a folder")
            case .missing:
                let parent = folder.deletingLastPathComponent()
                guard parent.path != folder.path else {
                    throw .io(path: url.path, problem: "\(role) cannot be created: no part of the path exists")
                }
                folder = parent
            }
        }
    }

    private static func kind(of path: String) -> FileKind {
        FileKind(of: FilePath(path))
    }

    /// Creates and removes a private, uniquely named empty file in `folder`.
    private static func probe(_ folder: String, target: String, role: String) throws(RegimenError) {
        let path = PrivateFiles.temporaryPath(beside: FilePath(folder).appending(".regimen-write-check"))
        do throws(FileError) {
            try PrivateFiles.createExclusive(path, bytes: [])
        } catch {
            throw .io(
                path: target,
                problem: "\(role) cannot be written: the folder \(folder) does not take new files (\(error.reason))")
        }
        PrivateFiles.remove(path)
    }
}
