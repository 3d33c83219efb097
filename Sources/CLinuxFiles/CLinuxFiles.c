// sync_file_range is a GNU extension, declared by <fcntl.h> only with _GNU_SOURCE.
#define _GNU_SOURCE
#include <fcntl.h>

#if defined(__linux__)
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>
// Older kernel headers lack it; since number 424 every architecture numbers new system calls alike.
#ifndef __NR_cachestat
#define __NR_cachestat 451
#endif
#endif

#include "CLinuxFiles.h"

int regimen_start_writeback(int descriptor) {
#if defined(__linux__)
    return sync_file_range(descriptor, 0, 0, SYNC_FILE_RANGE_WRITE);
#else
    (void)descriptor;
    return 0;
#endif
}

long regimen_dirty_pages(int descriptor) {
#if defined(__linux__) && defined(__NR_cachestat)
    // The kernel's `struct cachestat_range` and `struct cachestat` (include/uapi/linux/mman.h), declared here
    // because older kernel headers lack them; a length of 0 means to the end of the file.
    struct { uint64_t off, len; } range = {0, 0};
    struct { uint64_t cache, dirty, writeback, evicted, recently_evicted; } stat = {0, 0, 0, 0, 0};
    if (syscall(__NR_cachestat, descriptor, &range, &stat, 0) != 0) return -1;
    return (long)stat.dirty;
#else
    (void)descriptor;
    return -1;
#endif
}

long regimen_filesystem_type(int descriptor) {
#if defined(__linux__)
    struct statfs info;
    if (fstatfs(descriptor, &info) != 0) return -1;
    return (long)info.f_type;
#else
    (void)descriptor;
    return -1;
#endif
}
