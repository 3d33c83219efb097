import CSQLiteSettings

/// SQLite's settings for the whole process, applied once before the store opens its first connection
/// (docs/performance.md, "SQLite's process settings").
enum SQLiteProcessSettings {
    /// Applies them: memory statistics off, so that SQLite's allocations no longer take a process-wide lock and count
    /// every block. When SQLite was already initialized (a process that opened a database by other means first, as
    /// some tests do), SQLite refuses and keeps its settings: nothing else changes.
    static let apply: Void = { _ = regimen_sqlite_disable_memory_statistics() }()
}
