package import SystemPackage

/// What a path names, following symbolic links.
package enum FileKind: Sendable, Hashable {
    /// Nothing (or nothing reachable) is there.
    case missing
    /// A folder.
    case folder
    /// A regular file, device, socket or anything else that is not a folder.
    case other

    /// What `path` names now.
    package init(of path: FilePath) {
        guard let mode = FileStatus.mode(of: path) else {
            self = .missing
            return
        }
        self = FileStatus.isFolder(mode) ? .folder : .other
    }
}
