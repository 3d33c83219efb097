import Foundation
import RegimenFoundation

#if canImport(Glibc)
import Glibc
#endif

/// The files `regimen ingest PATH…` reads: files as named, folders searched recursively for `*.json` (hidden entries
/// skipped). Paths are plain strings and folders are read with `readdir`: Foundation's URL enumeration costs more than
/// decoding the files. A symbolic link that leads back into a folder being walked, or through too many links, is a
/// loop: reported as a rejection naming the link, never followed and never silently skipped.
package enum IngestFileList {
    /// A folder's identity: its device and inode, the same however a link reaches it.
    private struct FolderID: Hashable {
        package var device: UInt64
        package var inode: UInt64

        package init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// What `collect` found.
    package struct Found {
        /// The files to read, each once, each folder's files sorted by path.
        package var files: [String] = []
        /// The paths that name nothing and the symbolic link loops met on the way, as rejections.
        package var missing: [IngestRejection] = []
        /// Whether every file is a regular file reached through no symbolic link: its folder's filesystem is then its
        /// own (`FolderFileReader`'s `regularFilesOnly`). A pipe, or a link to a file elsewhere, makes it false.
        package var regularInPlace = true
    }

    /// The files to read (each once, each folder's files sorted by path), and the paths that name nothing and the
    /// symbolic link loops met on the way, as rejections.
    package static func collect(_ paths: [String], environment: RegimenEnvironment) -> Found {
        var found = Found()
        // By bytes: `é` and `e` + U+0301 are equal strings but two files, and both are ingested.
        var seen: Set<[UInt8]> = []
        for argument in paths {
            let path = environment.url(forPath: argument).path
            var info = stat()
            guard stat(path, &info) == 0 else {
                let problem = errno == ENOENT ? ErrorReporter.noSuchFile : String(cString: strerror(errno)).lowercased()
                found.missing.append(IngestRejection(file: path, problem: problem))
                continue
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                var own = stat()
                if info.st_mode & S_IFMT != S_IFREG || lstat(path, &own) != 0 || own.st_mode & S_IFMT != S_IFREG {
                    found.regularInPlace = false
                }
                if seen.insert(Array(path.utf8)).inserted { found.files.append(path) }
                continue
            }
            var walked: [String] = []
            var walking: [FolderID: String] = [FolderID(info): path]
            var loops: [IngestRejection] = []
            walk(path, walking: &walking, into: &walked, loops: &loops, inPlace: &found.regularInPlace)
            found.missing += loops.sorted { $0.file < $1.file }
            if paths.count == 1 {
                // One folder: its walk names each file once, so nothing needs remembering.
                found.files = walked.sorted()
                continue
            }
            for file in walked.sorted() where seen.insert(Array(file.utf8)).inserted { found.files.append(file) }
        }
        return found
    }

    /// `prefix + name` in a string of exactly their length: `+` leaves room to grow, which for 10,000 kept paths held
    /// another 0.5 MiB (docs/performance.md, "Ingest").
    private static func joined(_ prefix: String, _ name: String) -> String {
        var prefix = prefix
        var name = name
        return prefix.withUTF8 { head in
            name.withUTF8 { tail in
                String(unsafeUninitializedCapacity: head.count + tail.count) { buffer in
                    _ = buffer.initialize(fromContentsOf: head)
                    _ = buffer[head.count...].initialize(fromContentsOf: tail)
                    return head.count + tail.count
                }
            }
        }
    }

    /// Appends the `*.json` regular files under `folder`, recursively; `walking` holds the folders (and their paths)
    /// from the walked path down to `folder`, and a link back to one of them, or a name that is not UTF-8, is
    /// appended to `loops`. `inPlace` turns false at a file reached through a symbolic link (or whose entry does not
    /// tell whether it is one).
    private static func walk(
        _ folder: String, walking: inout [FolderID: String], into found: inout [String], loops: inout [IngestRejection],
        inPlace: inout Bool
    ) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        while let entry = readdir(directory) {
            let entryName = DirectoryEntryName(entry)
            let name = entryName.text
            guard !name.hasPrefix(".") else { continue }
            let path = joined(prefix, name)
            var type = Int32(entry.pointee.d_type)
            // A name that is not UTF-8 can be neither opened by its decoded text nor kept in the store: a folder or a
            // `.json` file so named is reported, never silently skipped.
            if !entryName.isValidUTF8 {
                if type == Int32(DT_DIR) || name.hasSuffixIgnoringASCIICase(".json") {
                    loops.append(IngestRejection(file: path, problem: "the name is not valid UTF-8; rename it to ingest it"))
                }
                continue
            }
            var info = stat()
            if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) || type == Int32(DT_DIR) {
                guard stat(path, &info) == 0 else {
                    if errno == ELOOP {
                        loops.append(IngestRejection(file: path, problem: "symbolic link loop: too many levels of symbolic links"))
                    }
                    continue
                }
                type = info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : (info.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : -1)
            }
            if type == Int32(DT_DIR) {
                let id = FolderID(info)
                if let ancestor = walking[id] {
                    loops.append(IngestRejection(file: path, problem: "symbolic link loop: leads back to \(ancestor); not followed"))
                    continue
                }
                walking[id] = path
                walk(path, walking: &walking, into: &found, loops: &loops, inPlace: &inPlace)
                walking[id] = nil
            } else if type == Int32(DT_REG), name.hasSuffixIgnoringASCIICase(".json") {
                if Int32(entry.pointee.d_type) != Int32(DT_REG) { inPlace = false }
                found.append(path)
            }
        }
    }
}
