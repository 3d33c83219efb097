import Foundation
package import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

extension Catalog {
    /// What the file system says about every survey file in `directory` — name, size, inode, modification and change
    /// times to the nanosecond — read with one `stat` per file and no file read. Equal listings mean the folder's
    /// files were not touched, so a fingerprint computed from them still holds; a different listing only means the
    /// fingerprint must be computed again (the files may still hold the same bytes). Plain text without NUL (a "/",
    /// which no file name holds, ends each name), so it survives a round trip through a TEXT column.
    package static func listing(directory: FilePath) throws(CatalogError) -> String {
        var listing = ""
        for file in try surveyFiles(in: directory) + articleFiles(in: directory) {
            var info = stat()
            guard stat(file.string, &info) == 0 else {
                listing += "\(name(of: file))/unreadable\n"
                continue
            }
            listing +=
                "\(name(of: file))/\(info.st_size) \(info.st_ino) "
                + "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)\n"
        }
        return listing
    }
}
