// sqlite3_config takes variable arguments, which Swift cannot call: this file calls it for Swift.
#include "CSQLiteSettings.h"
#include <sqlite3.h>

int regimen_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
