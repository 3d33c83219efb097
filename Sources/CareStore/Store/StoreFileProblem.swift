/// Why the file at a store path is not a care store that can be opened (docs/store-file.md).
public enum StoreFileProblem: Sendable, Equatable {
    /// The path names a folder or another kind of file.
    case notAFile
    /// The file is empty (perhaps a store cut short).
    case empty
    /// The file does not start like a SQLite database.
    case notSQLite
    /// A SQLite database, but not one this program made (it has no record of care store migrations).
    case notACareStore
    /// A SQLite database that SQLite reports as damaged.
    case damaged
}
