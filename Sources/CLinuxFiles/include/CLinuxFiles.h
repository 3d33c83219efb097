#ifndef CLINUXFILES_H
#define CLINUXFILES_H

// Linux file calls that Swift's Glibc module does not declare, for RegimenFoundation's files code.

/// Starts writing the changed pages of the open file `descriptor` to disk without waiting for them (Linux
/// `sync_file_range` with `SYNC_FILE_RANGE_WRITE`, which Swift's Glibc module does not declare); returns 0, or -1 with
/// errno set. Elsewhere it does nothing and returns 0.
int regimen_start_writeback(int descriptor);

/// The number of the open file's cached pages changed and not yet on their way to disk (Linux ≥ 6.5 `cachestat`);
/// -1 where that cannot be asked.
long regimen_dirty_pages(int descriptor);

/// The type of the filesystem holding the open file or folder `descriptor` (`fstatfs`'s `f_type`, a magic number);
/// -1 where that cannot be asked.
long regimen_filesystem_type(int descriptor);

#endif
