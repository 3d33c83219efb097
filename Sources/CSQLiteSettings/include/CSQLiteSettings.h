#ifndef CSQLITESETTINGS_H
#define CSQLITESETTINGS_H

/// Turns off SQLite's memory statistics for the whole process (docs/performance.md, "SQLite's process settings").
/// Must run before SQLite initializes, i.e. before the first connection opens; returns SQLite's result code
/// (SQLITE_MISUSE, 21, when SQLite was already initialized and nothing changed).
int regimen_sqlite_disable_memory_statistics(void);

#endif
