import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks, before a run asks its first question, that the places it will write at the end can take new files: the
/// answers typed are never lost to a path that was unusable from the start.
///
/// The check creates and removes a probe file, so it holds for root too (permission bits alone would say yes to root);
/// what it cannot foresee — the disk filling up, a folder removed during the run — is covered by the recovery file.
enum OutputLocation {
    /// Checks that a file can be written at `url`: its folder exists and takes new files, and it is not a folder.
    static func checkFile(_ url: URL, role: String) throws(RegimenError) {
        let path = url.path
        if kind(of: path) == .directory {
            throw .io(path: path, problem: "\(role) cannot be written: it is a folder")
        }
        let folder = url.deletingLastPathComponent().path
        switch kind(of: folder) {
        case .directory: try probe(folder, target: path, role: role)
        case .other: throw .io(path: path, problem: "\(role) cannot be written: \(folder) is not a folder")
        case .missing: throw .io(path: path, problem: "\(role) cannot be written: the folder \(folder) does not exist")
        }
    }

    /// Checks that `url` is a folder that takes new files, or can be created as one (its nearest existing parent does).
    static func checkFolder(_ url: URL, role: String) throws(RegimenError) {
        var folder = url.standardizedFileURL
        while true {
            switch kind(of: folder.path) {
            case .directory:
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

    private enum Kind { case missing, directory, other }

    private static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return info.st_mode & S_IFMT == S_IFDIR ? .directory : .other
    }

    /// Creates and removes a private, uniquely named empty file in `folder`.
    private static func probe(_ folder: String, target: String, role: String) throws(RegimenError) {
        let name = ".regimen-write-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let path = (folder as NSString).appendingPathComponent(name)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw .io(path: target, problem: "\(role) cannot be written: the folder \(folder) does not take new files (\(reason))")
        }
        close(descriptor)
        unlink(path)
    }
}
