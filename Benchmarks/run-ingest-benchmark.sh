#!/usr/bin/env bash
# The ingest benchmark (issues 14 and 50): `regimen ingest` of 10,000 check-in result files into an empty store, on
# input like a phone's: the files of the shared generator `make_checkin_results.py` (ResearchKit serializer JSON, one
# per day back from today, random run UUIDs, runs of 41 s, numbered newest first), against
#   * the plain yardstick, the shared `baseline_ingest.py` — the json + sqlite3 script a researcher would write
#     instead (one outcome and its values per file, idempotent on the run UUID). Goals: at least 3x faster in wall
#     time, with no more CPU time (user + system) and no more peak memory than the script;
#   * the full yardstick, IngestBenchmarks/ingest_baseline.py — a script doing everything Regimen does (schedules,
#     events, the care store's schema and triggers); reported only;
#   * `regimen ingest` of the same files under shuffled names (IngestBenchmarks/shuffled_names.py), which it cannot
#     store while reading them and sorts first (docs/performance.md, "Storing while reading"); reported only;
#   * the earlier input, reported only: IngestBenchmarks/generate_results.py's files (one run UUID prefix, the start
#     and end of each run the same instant, numbered oldest first), `regimen ingest` and the plain script on them.
# The shared generator and script are read from ../shared/bench beside the project (REGIMEN_SHARED_BENCH overrides),
# never copied into it. Every command runs whole, from process start to exit, alternating, each run into a freshly
# removed store (Benchmarks/SideBySide/side_by_side.py); the figures are medians, the ratios those of the medians.
# `regimen` is the installed build: scripts/install (static Swift runtime and Foundation) into a work prefix, or
# REGIMEN_BIN when set.
#
# Usage: Benchmarks/run-ingest-benchmark.sh [--runs N]   (default 10 rounds after 2 warm-up rounds)
# Exits 1 when a goal is missed (PASS/FAIL lines), 0 when all are met.
set -euo pipefail
runs=10
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
        *) echo "usage: $0 [--runs N]" >&2; exit 64 ;;
    esac
done
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$bench/.." && pwd)"
shared="${REGIMEN_SHARED_BENCH:-$root/../shared/bench}"
for script in make_checkin_results.py baseline_ingest.py; do
    [ -f "$shared/$script" ] || { echo "FAIL: $shared/$script not found: the shared yardsticks live in ../shared/bench beside the project (or set REGIMEN_SHARED_BENCH)" >&2; exit 1; }
done
work="${TMPDIR:-/tmp}/regimen-ingest-benchmark"
files=10000
mkdir -p "$work"
"$root/scripts/install-deps" python3 libreadline-dev libsqlite3-dev

. "$root/Benchmarks/installed-regimen.sh"
use_installed_regimen "$root" "$work"
regimen="$REGIMEN_BIN"

# The shared generator's files end at the last 08:03:41 that has passed, so a folder made on an earlier day is as good.
if [ ! -f "$work/checkins/.complete-$files" ]; then
    echo "== writing $files check-in result files with $shared/make_checkin_results.py into $work/checkins (once)" >&2
    rm -rf "$work/checkins"
    python3 "$shared/make_checkin_results.py" "$files" "$work/checkins"
    touch "$work/checkins/.complete-$files"
fi
python3 "$bench/IngestBenchmarks/shuffled_names.py" "$work/checkins" "$work/shuffled"
echo "== writing $files earlier generated files into $work/results (once)" >&2
python3 "$bench/IngestBenchmarks/generate_results.py" "$work/results" "$files"

store="$work/store.sqlite"
clean="rm -f $store $store-wal $store-shm"
ours="$regimen ingest $work/checkins --store $store --surveys $root/surveys --tz UTC"
plain="python3 $shared/baseline_ingest.py $store $work/checkins"
full="python3 $bench/IngestBenchmarks/ingest_baseline.py $work/checkins $store"
shuffled="$regimen ingest $work/shuffled --store $store --surveys $root/surveys --tz UTC"
generated="$regimen ingest $work/results --store $store --surveys $root/surveys --tz UTC"
generated_plain="python3 $shared/baseline_ingest.py $store $work/results"

# Each must store every file before it is timed, and Regimen the same runs, ends and values as the script.
names=(regimen plain full shuffled generated generated_plain)
commands=("$ours" "$plain" "$full" "$shuffled" "$generated" "$generated_plain")
for index in "${!names[@]}"; do
    command="${commands[$index]}"
    eval "$clean"
    $command > "$work/check.txt" 2>&1 || { cat "$work/check.txt" >&2; echo "FAIL: '$command' failed" >&2; exit 1; }
    stored="$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT COUNT(*) FROM outcome').fetchone()[0])" "$store")"
    [ "$stored" = "$files" ] || { echo "FAIL: '$command' stored $stored outcomes, not $files" >&2; exit 1; }
    python3 -c "import sqlite3,sys; sqlite3.connect(sys.argv[1]).backup(sqlite3.connect(sys.argv[2]))" "$store" "$work/check-${names[$index]}.sqlite"
done
python3 "$bench/IngestBenchmarks/same_outcomes.py" "$work/check-regimen.sqlite" "$work/check-plain.sqlite" >&2 \
    || { echo "FAIL: regimen ingest and the plain script stored different outcomes" >&2; exit 1; }
python3 "$bench/IngestBenchmarks/same_outcomes.py" "$work/check-generated.sqlite" "$work/check-generated_plain.sqlite" >&2 \
    || { echo "FAIL: on the earlier input, regimen ingest and the plain script stored different outcomes" >&2; exit 1; }
rm -f "$work"/check-*.sqlite

echo "== $runs alternating rounds after 2 warm-up rounds, the store removed before each run" >&2
python3 "$bench/SideBySide/side_by_side.py" --runs "$runs" --warmup 2 --prepare "$clean" --json "$work/ingest.json" --memory-split \
    "regimen=$ours" "plain=$plain" "full=$full" "shuffled=$shuffled" "generated=$generated" "generated_plain=$generated_plain" >&2
eval "$clean"

python3 - "$work/ingest.json" "$files" <<'PY'
import json, os, sys
medians = json.load(open(sys.argv[1]))["medians"]
files = int(sys.argv[2])
ours, plain, full, shuffled = medians["regimen"], medians["plain"], medians["full"], medians["shuffled"]
generated, generated_plain = medians["generated"], medians["generated_plain"]
def line(name, m):
    return (f"{name}: wall {m['wall'] * 1000:.0f} ms, CPU {m['cpu'] * 1000:.0f} ms, "
            f"peak RSS {m['rss_kib'] / 1024:.1f} MiB")
print(line("regimen ingest (installed static build), make_checkin_results.py's files", ours))
print(line("plain script (baseline_ingest.py), the same files", plain))
print(line("full script (ingest_baseline.py), the same files", full))
print(line("regimen ingest, the files' names shuffled (sorted before storing; reported only)", shuffled))
print(line("earlier input (generate_results.py): regimen ingest", generated))
print(line("earlier input (generate_results.py): plain script", generated_plain))
wall, cpu, rss = plain["wall"] / ours["wall"], ours["cpu"] / plain["cpu"], ours["rss_kib"] / plain["rss_kib"]
print(f"ratio vs plain script: {wall:.2f}x faster in wall time, {cpu:.2f}x its CPU, {rss:.2f}x its peak RSS")
split = json.load(open(sys.argv[1])).get("memory_split", {})
if "regimen" in split and "plain" in split:
    ours_split, plain_split = split["regimen"], split["plain"]
    print(f"memory at its most resident (one more run each): regimen {ours_split['anon_kib'] / 1024:.1f} MiB its own + "
          f"{ours_split['file_kib'] / 1024:.1f} MiB of mapped files; plain script {plain_split['anon_kib'] / 1024:.1f} "
          f"MiB its own + {plain_split['file_kib'] / 1024:.1f} MiB of mapped files (reported only)")
print(f"shuffled names vs plain script: {plain['wall'] / shuffled['wall']:.2f}x faster in wall time, "
      f"{shuffled['cpu'] / plain['cpu']:.2f}x its CPU, {shuffled['rss_kib'] / plain['rss_kib']:.2f}x its peak RSS (reported only)")
print(f"ratio vs full script: {full['wall'] / ours['wall']:.2f}x faster in wall time, "
      f"{ours['cpu'] / full['cpu']:.2f}x its CPU, {ours['rss_kib'] / full['rss_kib']:.2f}x its peak RSS (reported only)")
print(f"earlier input, ratio vs plain script: {generated_plain['wall'] / generated['wall']:.2f}x faster in wall time, "
      f"{generated['cpu'] / generated_plain['cpu']:.2f}x its CPU, {generated['rss_kib'] / generated_plain['rss_kib']:.2f}x "
      f"its peak RSS (reported only)")
load, cores = os.getloadavg()[0], os.cpu_count() or 1
if load > cores:
    print(f"NOTE: load average {load:.1f} on {cores} cores during the run; rerun on a quiet machine before trusting a verdict near a limit")
checks = [(wall >= 3, f"{wall:.2f}x faster than the plain script (goal >= 3x)"),
          (cpu <= 1, f"{cpu:.2f}x the plain script's CPU time (goal <= 1x)"),
          (rss <= 1, f"{rss:.2f}x the plain script's peak RSS (goal <= 1x)")]
for ok, text in checks:
    print(f"{'PASS' if ok else 'FAIL'}: {text}")
sys.exit(0 if all(ok for ok, _ in checks) else 1)
PY
