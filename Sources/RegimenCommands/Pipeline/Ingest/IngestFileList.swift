import Foundation
import RegimenFoundation

#if canImport(CoreFoundation) && !canImport(Darwin)
    // Swift 6.3.1 on Linux attributes `struct stat` to CoreFoundation in this target (MemberImportVisibility).
    import CoreFoundation
#endif

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
        /// The files to read, each once, each walked folder's files sorted by the bytes of their paths.
        package var files = IngestFiles()
        /// The paths that name nothing and the symbolic link loops met on the way, as rejections.
        package var missing: [IngestRejection] = []
        /// Whether every file is a regular file reached through no symbolic link: its folder's filesystem is then its
        /// own (`FolderFileReader`'s `regularFilesOnly`). A pipe, or a link to a file elsewhere, makes it false.
        package var regularInPlace = true
    }

    /// The files to read (each once, each walked folder's files sorted by the bytes of their paths), and the paths
    /// that name nothing and the symbolic link loops met on the way, as rejections. Held compactly from the start
    /// (`IngestFiles`): no string is made per file (docs/performance.md, "The files' paths").
    package static func collect(_ paths: [String], environment: RegimenEnvironment) -> Found {
        var found = Found()
        // By bytes: `é` and `e` + U+0301 are equal strings but two files, and both are ingested. One path names each
        // file once, so nothing needs remembering then.
        var seen: Set<[UInt8]> = []
        let remembering = paths.count > 1
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
                if !remembering || seen.insert(Array(path.utf8)).inserted { found.files.append(path) }
                continue
            }
            var walked = WalkedFiles()
            var walking: [FolderID: String] = [FolderID(info): path]
            var loops: [IngestRejection] = []
            walk(path, walking: &walking, into: &walked, loops: &loops, inPlace: &found.regularInPlace)
            found.missing += loops.sorted { $0.file < $1.file }
            walked.forEachSortedByPath { folder, name in
                if remembering, !seen.insert(Array(folder) + Array(name)).inserted { return }
                found.files.append(folder: folder, name: name)
            }
        }
        found.files.regularFilesOnly = found.regularInPlace
        return found
    }

    /// The files one walk found: each folder's path once, every name in one byte buffer.
    private struct WalkedFiles {
        private var folders: [[UInt8]] = []
        private var entries: [(folder: Int32, start: Int, length: Int32)] = []
        private var names: [UInt8] = []

        /// Starts the files of the folder at `prefix` (its path and a final `/`); returns its number.
        mutating func addFolder(_ prefix: String) -> Int32 {
            folders.append(Array(prefix.utf8))
            return Int32(folders.count - 1)
        }

        /// Adds the file `name` (bytes without their NUL) of folder `folder`.
        mutating func add(_ name: UnsafeRawBufferPointer, folder: Int32) {
            entries.append((folder, names.count, Int32(name.count)))
            names.append(contentsOf: name)
        }

        /// Calls `body` with each file's folder and name, in the order of the bytes of their paths (which for text is
        /// the order of its code points: `String`'s order, except where it would take two spellings of one text for
        /// the same, and a file's name is its bytes).
        func forEachSortedByPath(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
            var paths = ByteKeys()
            paths.reserveCapacity(keys: entries.count, bytes: names.count + entries.count * (folders.first?.count ?? 0))
            for entry in entries {
                paths.append { path in
                    path.append(contentsOf: folders[Int(entry.folder)])
                    path.append(contentsOf: names[entry.start..<entry.start + Int(entry.length)])
                }
            }
            names.withUnsafeBufferPointer { all in
                for index in paths.sortedIndexes() {
                    let entry = entries[index]
                    folders[Int(entry.folder)].withUnsafeBufferPointer { folder in
                        body(folder, UnsafeBufferPointer(rebasing: all[entry.start..<entry.start + Int(entry.length)]))
                    }
                }
            }
        }
    }

    /// `prefix + name` in a string of exactly their length (`+` leaves room to grow), for the entries that need their
    /// path as text: folders, links and entries of unknown type looked up, and rejections.
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
        _ folder: String, walking: inout [FolderID: String], into found: inout WalkedFiles,
        loops: inout [IngestRejection],
        inPlace: inout Bool
    ) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var folderNumber: Int32?
        /// Adds the file `name` of this folder, numbering the folder at its first file (after any walked before it).
        func add(_ name: UnsafeRawBufferPointer) {
            let number = folderNumber ?? found.addFolder(prefix)
            folderNumber = number
            found.add(name, folder: number)
        }
        while let entry = readdir(directory) {
            // The common entry first, from its bytes alone: a regular `.json` file with a plain ASCII name, which
            // needs neither a string nor a check that it is UTF-8.
            let added = withUnsafeBytes(of: entry.pointee.d_name) { raw -> Bool in
                let name = UnsafeRawBufferPointer(rebasing: raw.prefix { $0 != 0 })
                guard Int32(entry.pointee.d_type) == Int32(DT_REG), name.first != UInt8(ascii: "."),
                    name.allSatisfy({ $0 < 0x80 }), name.hasSuffixIgnoringASCIICase(".json".utf8)
                else { return false }
                add(name)
                return true
            }
            if added { continue }
            let entryName = DirectoryEntryName(entry)
            let name = entryName.text
            guard !name.hasPrefix(".") else { continue }
            let path = joined(prefix, name)
            var type = Int32(entry.pointee.d_type)
            // A name that is not UTF-8 can be neither opened by its decoded text nor kept in the store: a folder or a
            // `.json` file so named is reported, never silently skipped.
            if !entryName.isValidUTF8 {
                if type == Int32(DT_DIR) || name.hasSuffixIgnoringASCIICase(".json") {
                    loops.append(
                        IngestRejection(file: path, problem: "the name is not valid UTF-8; rename it to ingest it"))
                }
                continue
            }
            var info = stat()
            if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) || type == Int32(DT_DIR) {
                guard stat(path, &info) == 0 else {
                    if errno == ELOOP {
                        loops.append(
                            IngestRejection(
                                file: path, problem: "symbolic link loop: too many levels of symbolic links"))
                    }
                    continue
                }
                type =
                    info.st_mode & S_IFMT == S_IFDIR
                    ? Int32(DT_DIR) : (info.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : -1)
            }
            if type == Int32(DT_DIR) {
                let id = FolderID(info)
                if let ancestor = walking[id] {
                    loops.append(
                        IngestRejection(
                            file: path, problem: "symbolic link loop: leads back to \(ancestor); not followed"))
                    continue
                }
                walking[id] = path
                walk(path, walking: &walking, into: &found, loops: &loops, inPlace: &inPlace)
                walking[id] = nil
            } else if type == Int32(DT_REG), name.hasSuffixIgnoringASCIICase(".json") {
                if Int32(entry.pointee.d_type) != Int32(DT_REG) { inPlace = false }
                withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    add(UnsafeRawBufferPointer(rebasing: raw.prefix { $0 != 0 }))
                }
            }
        }
    }
}
