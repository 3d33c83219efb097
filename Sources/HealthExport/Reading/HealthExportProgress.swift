/// How far reading has come, for a progress bar: bytes of the file on disk (for a zip, compressed bytes, estimated
/// from the main member's share read so far) out of its size (docs/health-export.md, "Reading an export").
package struct HealthExportProgress: Sendable, Hashable {
    /// Bytes consumed so far.
    package var bytesRead: Int64
    /// The file's size.
    package var totalBytes: Int64

    /// Creates a progress report.
    package init(bytesRead: Int64, totalBytes: Int64) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
    }
}
