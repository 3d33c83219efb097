import CSQLiteSettings

/// SQLite's settings for the whole process, applied once before the store opens its first connection
/// (docs/performance.md, "SQLite's process settings").
enum SQLiteProcessSettings {
    /// Whether they took effect: memory statistics off, so that SQLite's allocations no longer take a process-wide
    /// lock and count every block. False when SQLite was already initialized (the settings are then left as they were).
    static let applied: Bool = regimen_sqlite_disable_memory_statistics() == 0
}
