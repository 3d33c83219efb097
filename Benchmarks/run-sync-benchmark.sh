#!/usr/bin/env bash
# The sync benchmark: `regimen sync` of one participant's store through the study service (`regimen study serve`, plain
# HTTP on loopback) in front of a private PostgreSQL server (scripts/with-postgres, started once), the installed build
# (scripts/install) or REGIMEN_BIN when set.
#   * first sync of a year: a device store that ingested 365 daily check-ins (StudyBenchmarks/make_study.py, one
#     participant) pushes them all and pulls the study's rows back. Goal: under 1 s;
#   * a new device's first sync: it pulls that year. Goal: under 1 s;
#   * an up-to-date sync: nothing to send, nothing new. Goal: under 100 ms.
# Each round starts from the same state: the study database is made again from a template (study, participant,
# publish and both devices enrolled, untimed) and both stores are copied from snapshots. The figures are medians of
# whole commands, process start to exit (the client's time; the server runs on the same 2 cores).
#
# Usage: Benchmarks/run-sync-benchmark.sh [--runs N]   (default 7 rounds)
# Exits 1 when a goal is missed (PASS/FAIL lines), 0 when all are met.
set -euo pipefail
runs=7
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
        *) echo "usage: $0 [--runs N]" >&2; exit 64 ;;
    esac
done
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$bench/.." && pwd)"
if [ -z "${REGIMEN_TEST_DATABASE_URL:-}" ]; then exec "$root/scripts/with-postgres" "$0" --runs "$runs"; fi
work="${TMPDIR:-/tmp}/regimen-sync-benchmark"
mkdir -p "$work"
"$root/scripts/install-deps" python3 libreadline-dev libsqlite3-dev
. "$root/Benchmarks/installed-regimen.sh"
use_installed_regimen "$root" "$work"
regimen="$REGIMEN_BIN"
service=""
trap '[ -n "$service" ] && kill "$service" 2> /dev/null || true' EXIT

echo "== one participant's year of check-ins (make_study.py --participants 1 --days 365)" >&2
python3 "$bench/StudyBenchmarks/make_study.py" "$work/study" --participants 1 --days 365 > /dev/null
label="$(tail -n +2 "$work/study/participants.csv" | cut -d, -f1)"
zone="$(tail -n +2 "$work/study/participants.csv" | cut -d, -f2)"
enrolled="$(tail -n +2 "$work/study/participants.csv" | cut -d, -f3 | tr -d '\r')"

admin="$REGIMEN_TEST_DATABASE_URL"
base="${admin%/*}"
sql() { PGOPTIONS='--client-min-messages=warning' psql "$admin" -v ON_ERROR_STOP=1 -Atqc "$1" > /dev/null; }
export TZ="$zone" NO_COLOR=1 REGIMEN_HOME="$work/home" REGIMEN_SURVEYS="$root/surveys"
rm -rf "$work/home" "$work"/*.sqlite*

echo "== template: study, $label ($zone), publish, two devices; device A ingests the year (untimed)" >&2
sql "DROP DATABASE IF EXISTS sync_template"
sql "CREATE DATABASE sync_template"
export REGIMEN_DATABASE_URL="$base/sync_template"
REGIMEN_NOW=2024-01-01T00:00:00Z "$regimen" study init --study bench > /dev/null
code_a="$(REGIMEN_NOW=2024-01-08T12:00:00Z "$regimen" study enroll "$label" --zone "$zone" --enrolled "$enrolled" \
    | sed -n "s/^enrollment code for $label: //p")"
REGIMEN_NOW=2024-01-08T12:00:00Z "$regimen" study publish --surveys "$root/surveys" --expect-revision 0 > /dev/null
code_b="$(REGIMEN_NOW=2024-01-08T12:00:00Z "$regimen" study code "$label" | sed -n "s/^enrollment code for $label: //p")"
sql "DROP ROLE IF EXISTS sync_bench_service"
sql "CREATE ROLE sync_bench_service LOGIN PASSWORD 'sync-bench' IN ROLE regimen_service"
# Serves database $1 on the port the devices were enrolled with (a free one the first time).
starts=0
serve() {
    local database="$1" listen="${2:-127.0.0.1:0}"
    starts=$((starts + 1))
    local out="$work/serve-$starts.out"
    : > "$out"
    REGIMEN_DATABASE_URL="$(printf '%s' "$base/$database" | sed -E 's|//[^@]*@|//sync_bench_service:sync-bench@|')" \
        "$regimen" study serve --listen "$listen" >> "$out" 2>> "$work/serve.log" &
    service=$!
    for _ in $(seq 300); do grep -q listening "$out" && break; sleep 0.1; done
    server="$(awk '{print $NF}' "$out")"
}
unserve() { kill "$service"; wait "$service" 2> /dev/null || true; service=""; }
serve sync_template
REGIMEN_NOW=2024-01-08T12:00:00Z "$regimen" enroll "$code_a" --server "$server" --store "$work/a.sqlite" > /dev/null
REGIMEN_NOW=2024-01-08T12:00:00Z "$regimen" enroll "$code_b" --server "$server" --store "$work/b.sqlite" > /dev/null
unserve
export REGIMEN_NOW=2025-01-10T12:00:00Z
"$regimen" ingest "$work/study/$label" --store "$work/a.sqlite" > /dev/null
waiting="$("$regimen" sync status --store "$work/a.sqlite" | sed -n 's/^waiting to be sent: \([0-9]*\).*/\1/p')"
[ "$waiting" = 365 ] || { echo "FAIL: device A has $waiting changes to send, not 365" >&2; exit 1; }
cp "$work/a.sqlite" "$work/a-snapshot.sqlite"
cp "$work/b.sqlite" "$work/b-snapshot.sqlite"

# Milliseconds of one command (process start to exit); its output must say what is checked.
timed() {
    local expect="$1"; shift
    local start end
    start="$(date +%s%N)"
    "$@" > "$work/out.txt" 2>&1 || { cat "$work/out.txt" >&2; echo "FAIL: $*" >&2; exit 1; }
    end="$(date +%s%N)"
    grep -q "$expect" "$work/out.txt" || { cat "$work/out.txt" >&2; echo "FAIL: '$*' did not say '$expect'" >&2; exit 1; }
    echo $(((end - start) / 1000))
}

first=() newdevice=() uptodate=()
echo "== $runs rounds, each from the template and the snapshots" >&2
for round in $(seq "$runs"); do
    sql "DROP DATABASE IF EXISTS sync_round"
    sql "CREATE DATABASE sync_round TEMPLATE sync_template"
    serve sync_round "${server#http://}"
    cp "$work/a-snapshot.sqlite" "$work/a.sqlite"; rm -f "$work/a.sqlite-wal" "$work/a.sqlite-shm"
    cp "$work/b-snapshot.sqlite" "$work/b.sqlite"; rm -f "$work/b.sqlite-wal" "$work/b.sqlite-shm"
    first+=("$(timed "sent 365 changes" "$regimen" sync --store "$work/a.sqlite")")
    newdevice+=("$(timed "and 365 answers" "$regimen" sync --store "$work/b.sqlite")")
    uptodate+=("$(timed "sent 0 changes, received 0 task versions and 0 answers" "$regimen" sync --store "$work/a.sqlite")")
    unserve
done
sql "DROP DATABASE IF EXISTS sync_round"
sql "DROP DATABASE IF EXISTS sync_template"

python3 - "${first[*]}" "${newdevice[*]}" "${uptodate[*]}" << 'PY'
import statistics, sys
first, newdevice, uptodate = ([int(x) / 1000 for x in arg.split()] for arg in sys.argv[1:4])
rows = [
    ("first sync of a year (push 365, pull them back)", first, 1000),
    ("a new device's first sync (pull a year)", newdevice, 1000),
    ("an up-to-date sync", uptodate, 100),
]
verdicts = []
for name, times, goal in rows:
    median = statistics.median(times)
    print(f"{name}: median {median:.1f} ms (rounds {min(times):.1f}–{max(times):.1f} ms), goal < {goal} ms")
    verdicts.append((median < goal, f"{name}: {median:.1f} ms (goal < {goal} ms)"))
for ok, text in verdicts:
    print(f"{'PASS' if ok else 'FAIL'}: {text}")
sys.exit(0 if all(ok for ok, _ in verdicts) else 1)
PY
