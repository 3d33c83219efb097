import CLinuxFiles

/// What the filesystem holding a file promises about reading it.
package enum FileSystemKind {
    /// The local filesystems whose read of a regular file returns fewer bytes than asked for only at its end (Linux's
    /// page-cache read, `filemap_read`, stops early otherwise only for a fatal signal or a disk error partway, after
    /// which the reader reads the file again: `FolderFileReader.lastReadTrustedShortRead`): ext2/3/4, XFS, Btrfs, tmpfs
    /// and overlayfs, by their `statfs(2)` magic numbers (<https://man7.org/linux/man-pages/man2/statfs.2.html>).
    /// Network and FUSE filesystems may return a short read in the middle of a file, so they are not among them.
    private static let readingWhole: Set<Int> = [0xEF53, 0x5846_5342, 0x9123_683E, 0x0102_1994, 0x794C_7630]

    /// The filesystems where a page on its way to disk can be written again at once, without waiting for that write
    /// to finish (no stable pages: ext4 and XFS on an ordinary disk), so that starting a file's writes early
    /// (`PrivateFiles.startWriteback`) never holds up its next change. Btrfs, which checksums each page it writes,
    /// makes such a write wait.
    private static let writingDuringWriteback: Set<Int> = [0xEF53, 0x5846_5342]

    /// Whether the file or folder open as `descriptor` is on a filesystem where starting its writes early costs its
    /// next change no wait (see `writingDuringWriteback`); false when that cannot be told.
    package static func changesWaitForNoWriteback(on descriptor: CInt) -> Bool {
        isOne(of: writingDuringWriteback, descriptor)
    }

    /// Whether a short read of a regular file in the folder or file open as `descriptor` (any descriptor, `O_PATH`
    /// too) means its end; false when that cannot be told.
    package static func shortReadEndsFile(on descriptor: CInt) -> Bool {
        isOne(of: readingWhole, descriptor)
    }

    /// Whether the filesystem holding `descriptor` is one of `kinds` (`fstatfs(2)`'s magic number); false when it
    /// cannot be asked.
    private static func isOne(of kinds: Set<Int>, _ descriptor: CInt) -> Bool {
        let type = regimen_filesystem_type(descriptor)
        return type >= 0 && kinds.contains(type)
    }
}
