import Foundation
import RegimenFoundation

/// What one reading thread of an ingest keeps from file to file (`IngestPreparer.prepare`): the files' folder open
/// (`FolderFileReader`) and the long identifiers its results repeat, each the one `String` (`ResultStreamReader`;
/// docs/performance.md, "Ingest"). One per thread: nothing here is shared.
final class IngestReading {
    /// Reads the files.
    let files: FolderFileReader
    /// Identifiers read before.
    var identifiers = JSONRecentStrings()

    /// A thread's reading; `regularFilesOnly` as `FolderFileReader`'s.
    init(regularFilesOnly: Bool = false) {
        files = FolderFileReader(regularFilesOnly: regularFilesOnly)
    }
}
