# Sourced by the benchmark scripts (bash): the `regimen` they measure is the build users install. Unless REGIMEN_BIN
# already names a binary, `use_installed_regimen ROOT WORK` installs it with ROOT/scripts/install (release, Swift
# runtime and Foundation linked statically) into WORK/install, then exports REGIMEN_BIN. Either way it flushes what
# is waiting to be written (`sync`): a binary installed just before is 120 MB of dirty pages whose writing-back
# competed with the timed runs (2026-11-26: an ingest benchmark started right after `scripts/install` measured 273 ms,
# the same binary 227 ms a minute later).
use_installed_regimen() {
    if [ -z "${REGIMEN_BIN:-}" ]; then
        echo "== installing regimen (scripts/install: release, static Swift runtime) into $2/install" >&2
        "$1/scripts/install" "$2/install" || return 1
        export REGIMEN_BIN="$2/install/bin/regimen"
    fi
    sync
}
