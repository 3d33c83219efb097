import RegimenFoundation

/// The files one `regimen ingest` reads, held compactly while their results wait to be stored: each folder's path
/// once, every file's name in one byte buffer. A path kept as a `String` of its own was a heap object of about 96 bytes
/// per file, held from the folder walk until its result was stored (docs/performance.md, "The files' paths").
///
/// A path is rebuilt from exactly the bytes it was given, so two names that differ only in Unicode normalization stay
/// two files (as `IngestFileList` keeps them).
package struct IngestFiles: Sendable {
    /// One file: the index of its folder in `folders`, and where its name lies in `names`.
    private struct Entry {
        var start: Int
        var folder: Int32
        var length: Int32
    }

    /// Each folder's path up to and including its last `/` (empty for a path without one), as bytes.
    private var folders: [[UInt8]] = []
    private var entries: [Entry] = []
    private var names: [UInt8] = []
    /// `readingOrder()`, once `prepareReadingOrder()` worked it out.
    private var preparedOrder: [Int]?
    /// Whether every file is known to be a regular file in its folder's filesystem
    /// (`IngestFileList.Found.regularInPlace`).
    package var regularFilesOnly: Bool

    /// The files at `paths`, in that order; `regularFilesOnly` when every one is known to be a regular file.
    package init(_ paths: [String] = [], regularFilesOnly: Bool = false) {
        self.regularFilesOnly = regularFilesOnly
        entries.reserveCapacity(paths.count)
        for path in paths { append(path) }
    }

    /// Adds the file at `path` after the others.
    package mutating func append(_ path: String) {
        var path = path
        path.withUTF8 { bytes in
            let split = (bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 }) ?? 0
            append(
                folder: UnsafeBufferPointer(rebasing: bytes[..<split]),
                name: UnsafeBufferPointer(rebasing: bytes[split...]))
        }
    }

    /// Adds the file named `name` in the folder `folder` (its path up to and including its last `/`, as `path(at:)`
    /// joins them) after the others.
    package mutating func append(folder: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>) {
        // Walked folders list their files together: only the folder before is compared.
        if folders.last?.withUnsafeBufferPointer({ $0.hasSameBytes(as: folder) }) != true {
            folders.append(Array(folder))
        }
        entries.append(Entry(start: names.count, folder: Int32(folders.count - 1), length: Int32(name.count)))
        names.append(contentsOf: name)
        preparedOrder = nil
    }

    /// The number of files.
    package var count: Int { entries.count }

    /// Whether there are none.
    package var isEmpty: Bool { entries.isEmpty }

    /// Every path, in order, each a string of its own (for the few callers that keep them all).
    package var paths: [String] { (0..<count).map(path(at:)) }

    /// Works `readingOrder()` out now (e.g. on a thread of its own), so that the call itself costs nothing.
    package mutating func prepareReadingOrder() {
        preparedOrder = readingOrder()
    }

    /// The files' indexes in the order to read them: each folder's files together, as listed, and within them by name
    /// as a person numbering them meant (`NaturalNameOrder`: `checkin-2.json` before `checkin-10.json`), ties in
    /// their listed order. Files numbered by day are then read in the order their results are stored, which lets
    /// `IngestRun` store them while it reads (docs/performance.md, "Storing while reading").
    package func readingOrder() -> [Int] {
        if let preparedOrder { return preparedOrder }
        // Each file's folder number (big-endian), then its name's natural sort key.
        var keys = ByteKeys()
        keys.reserveCapacity(keys: entries.count, bytes: names.count + 12 * entries.count)
        names.withUnsafeBufferPointer { all in
            for entry in entries {
                keys.append { key in
                    ByteKeys.appendBigEndian(UInt32(entry.folder), to: &key)
                    let name = UnsafeBufferPointer(rebasing: all[entry.start..<entry.start + Int(entry.length)])
                    NaturalNameOrder.appendSortKey(of: name, to: &key)
                }
            }
        }
        return keys.sortedIndexes()
    }

    /// The positions in `order` (a `readingOrder()`, which lists each folder's files together) of the first folder's
    /// files.
    package func firstFolderSpan(of order: [Int]) -> Range<Int> {
        guard let first = order.first else { return 0..<0 }
        let folder = entries[first].folder
        return 0..<(order.firstIndex { entries[$0].folder != folder } ?? order.count)
    }

    /// `order` (a `readingOrder()`) with each folder's files the other way round, the folders in the same order: files
    /// numbered back from the latest (`checkin-000000.json` the newest) are then read oldest first, in the order their
    /// results are stored in.
    package func reversedInFolders(_ order: [Int]) -> [Int] {
        var reversed: [Int] = []
        reversed.reserveCapacity(order.count)
        var start = 0
        while start < order.count {
            let folder = entries[order[start]].folder
            var end = start + 1
            while end < order.count, entries[order[end]].folder == folder { end += 1 }
            reversed.append(contentsOf: order[start..<end].reversed())
            start = end
        }
        return reversed
    }

    /// The path of file `index`, exactly as it was given.
    package func path(at index: Int) -> String {
        let entry = entries[index]
        let folder = folders[Int(entry.folder)]
        let length = Int(entry.length)
        return names.withUnsafeBufferPointer { all in
            let name = UnsafeBufferPointer(rebasing: all[entry.start..<entry.start + length])
            return String(unsafeUninitializedCapacity: folder.count + length) { buffer in
                _ = buffer.initialize(fromContentsOf: folder)
                _ = buffer[folder.count...].initialize(fromContentsOf: name)
                return folder.count + length
            }
        }
    }
}
