# Sourced (bash) by scripts/install and Benchmarks/Today/run-today-benchmark.sh: how the installed `regimen` is linked
# (docs/performance.md, "Code layout (the installed build)"), so that the benchmark's hello linked as `regimen` is stays
# linked the same way, and where a static archive is found.

# Compiled with each function in a section of its own (swiftc `-Xfrontend -function-sections`, C and C++
# `-ffunction-sections`) and linked by lld, with these options: the relative relocations packed (DT_RELR, glibc 2.36
# and later), and no symbols exported. SwiftPM links executables with --export-dynamic (for backtraces of dynamically
# linked builds), which put 20,000 names in the dynamic symbol table, where the dynamic loader looked first for each
# of the C libraries' own symbols at every start.
layout_linker_options=(-z pack-relative-relocs --no-export-dynamic)

# Prints the path of the static archive $1 (libsqlite3.a, libstdc++.a, …) from GCC's search path or the multiarch
# library folder; prints nothing and fails when there is none.
static_archive() {
    local found
    found="$(gcc -print-file-name="$1" 2>/dev/null || true)"
    [ -f "$found" ] || found="/usr/lib/$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)/$1"
    [ -f "$found" ] && echo "$found"
}
