#!/usr/bin/env bash
# The study benchmark (issue 15): a study of PARTICIPANTS x DAYS daily check-ins (default 1,000 x 365 = 365,000 result
# files, StudyBenchmarks/make_study.py, cached in $TMPDIR by size) in a private PostgreSQL server (scripts/with-postgres,
# started once; each side in a database of its own, recreated before every run):
#   * `regimen study ingest` of the whole export folder into a study already initialized, enrolled and published
#     (untimed: done once into a template database), against the plain yardstick StudyBenchmarks/plain_study_ingest.py
#     — the psycopg script a researcher would write, storing the same rows. Goal: at least 3x faster in wall time;
#   * `regimen study outcomes --wide --format csv` of all of it. Goal: under 10 s;
#   * with --exports (issue 48): `regimen study export --format F` of all of it for F = csv, spss, stata, sas and r,
#     side by side. Goal: each analysis format within 2x the CSV export's wall time, peak RSS within 2x its
#     (docs/analysis-exports.md).
# Both run as whole commands from process start to exit, alternating (Benchmarks/SideBySide/side_by_side.py); the
# figures are medians; CPU and peak RSS are the client process's (the server's work is not counted). `regimen` is the
# installed build (scripts/install) or REGIMEN_BIN when set.
#
# Usage: Benchmarks/run-study-benchmark.sh [--participants N] [--days D] [--quick] [--runs R] [--surveys DIR] [--exports]
#   --quick: 50 x 30; --runs: rounds after one warm-up round (default 3); --surveys: what is published (default surveys/)
#   --exports: also time `study export` in every format
# Exits 1 when a goal is missed or `regimen study` is missing (PASS/FAIL lines), 0 when all are met.
set -euo pipefail

# The Regimen commands timed, as `regimen study` spells them; the database comes from REGIMEN_DATABASE_URL.
# {folder} is the study export folder.
REGIMEN_INGEST='study ingest --export-folder {folder}'
REGIMEN_OUTCOMES='study outcomes --wide --format csv'
# The instant the study is set up at (make_study.py's PUBLISHED_AT): the check-in task starts the next local day.
SETUP_NOW="2024-01-08T12:00:00Z"

participants=1000 days=365 runs=3 surveys="" exports=""
while [ $# -gt 0 ]; do
    case "$1" in
        --participants) participants="${2:?--participants needs a number}"; shift 2 ;;
        --days) days="${2:?--days needs a number}"; shift 2 ;;
        --quick) participants=50 days=30; shift ;;
        --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
        --surveys) surveys="${2:?--surveys needs a folder}"; shift 2 ;;
        --exports) exports="--exports"; shift ;;
        *) echo "usage: $0 [--participants N] [--days D] [--quick] [--runs R] [--surveys DIR] [--exports]" >&2; exit 64 ;;
    esac
done
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$bench/.." && pwd)"
surveys="${surveys:-$root/surveys}"
work="${TMPDIR:-/tmp}/regimen-study-benchmark"
study="$work/study-${participants}x${days}"
files=$((participants * days))

# Outside the server: dependencies, the binary, the study folder; then this script again inside scripts/with-postgres.
if [ -z "${STUDY_BENCHMARK_SERVER:-}" ]; then
    mkdir -p "$work"
    "$root/scripts/install-deps" python3 postgresql
    if ! python3 -c 'import psycopg' 2> /dev/null; then
        "$root/scripts/install-deps" python3-pip
        pip install -q 'psycopg[binary]' || pip install -q --break-system-packages 'psycopg[binary]'
    fi
    . "$root/Benchmarks/installed-regimen.sh"
    use_installed_regimen "$root" "$work"
    echo "== writing the study: $participants participants x $days days = $files result files into $study (once)" >&2
    python3 "$bench/StudyBenchmarks/make_study.py" "$study" --participants "$participants" --days "$days"
    STUDY_BENCHMARK_SERVER=1 exec "$root/scripts/with-postgres" bash "${BASH_SOURCE[0]}" --participants "$participants" --days "$days" \
        --runs "$runs" --surveys "$surveys" $exports
fi

regimen="$REGIMEN_BIN"
server="${REGIMEN_TEST_DATABASE_URL%/*}"
export PGOPTIONS="-c client_min_messages=warning"  # psql: no NOTICE for DROP … IF EXISTS
sql() { psql "$REGIMEN_TEST_DATABASE_URL" -v ON_ERROR_STOP=1 -Atq "$@"; }
results="$work/study-${participants}x${days}.json"
ours_ingest="$regimen ${REGIMEN_INGEST//\{folder\}/$study}"
ours_outcomes="$regimen $REGIMEN_OUTCOMES"
plain="python3 $bench/StudyBenchmarks/plain_study_ingest.py $server/plain $study"
# Before every run both databases are recreated and a CHECKPOINT writes out what the previous run left dirty, so no
# run pays for the one before it.
reset="psql $REGIMEN_TEST_DATABASE_URL -q -v ON_ERROR_STOP=1 -c 'DROP DATABASE IF EXISTS plain WITH (FORCE)' \
    -c 'CREATE DATABASE plain' -c 'DROP DATABASE IF EXISTS regimen WITH (FORCE)' \
    -c 'CREATE DATABASE regimen TEMPLATE regimen_template' -c 'CHECKPOINT'"
export REGIMEN_DATABASE_URL="$server/regimen"

# The plain script must store every file before it is timed.
sql -c 'DROP DATABASE IF EXISTS plain WITH (FORCE)' -c 'CREATE DATABASE plain'
$plain > "$work/check.txt" 2>&1 || { cat "$work/check.txt" >&2; echo "FAIL: '$plain' failed" >&2; exit 1; }
stored="$(psql "$server/plain" -Atqc 'SELECT (SELECT count(*) FROM outcome) || '"' '"' || (SELECT count(*) FROM outcome_value)')"
[ "$stored" = "$files $((2 * files))" ] ||
    { echo "FAIL: the plain script stored $stored outcomes and values, not $files $((2 * files))" >&2; exit 1; }

if ! "$regimen" study --help > /dev/null 2>&1; then
    echo "== $regimen has no \`study\` command: timing the plain script alone ($runs rounds after 1 warm-up round)" >&2
    python3 "$bench/SideBySide/side_by_side.py" --runs "$runs" --warmup 1 \
        --prepare "psql $REGIMEN_TEST_DATABASE_URL -q -c 'DROP DATABASE IF EXISTS plain WITH (FORCE)' -c 'CREATE DATABASE plain'" \
        --json "$results" "plain=$plain" >&2
    python3 - "$results" "$files" <<'PY'
import json, sys
m, files = json.load(open(sys.argv[1]))["medians"]["plain"], int(sys.argv[2])
print(f"plain script (plain_study_ingest.py): {files} files, wall {m['wall']:.2f} s ({files / m['wall']:.0f} files/s), "
      f"CPU {m['cpu']:.2f} s, peak RSS {m['rss_kib'] / 1024:.1f} MiB")
PY
    echo "FAIL: $regimen has no \`study\` command (issue 15's regimen study …): the Regimen side was not measured"
    exit 1
fi

# Regimen's study, set up once (untimed) into a template database: init, enroll everyone, publish the surveys.
echo "== setting up the Regimen study: init, $participants enrollments, publish $surveys" >&2
sql -c 'DROP DATABASE IF EXISTS regimen_template WITH (FORCE)' -c 'CREATE DATABASE regimen_template'
setup() { REGIMEN_NOW="$SETUP_NOW" REGIMEN_DATABASE_URL="$server/regimen_template" "$regimen" "$@" < /dev/null > /dev/null; }
setup study init --database "$server/regimen_template" --study bench
# participants.csv is written by Python's csv module, whose lines end in \r\n.
tail -n +2 "$study/participants.csv" | tr -d '\r' | while IFS=, read -r label zone enrolled; do
    setup study enroll "$label" --zone "$zone" --enrolled "$enrolled"
done
setup study publish --surveys "$surveys" --expect-revision 0

# Regimen must store every value before it is timed: the long outcomes have one row per value.
eval "$reset"
$ours_ingest > "$work/check.txt" 2>&1 || { cat "$work/check.txt" >&2; echo "FAIL: '$ours_ingest' failed" >&2; exit 1; }
values="$("$regimen" study outcomes --long --format csv | tail -n +2 | wc -l)"
[ "$values" = "$((2 * files))" ] || { echo "FAIL: '$ours_ingest' stored $values values, not $((2 * files))" >&2; exit 1; }

echo "== ingest: $runs alternating rounds after 1 warm-up round, both databases recreated before each run" >&2
python3 "$bench/SideBySide/side_by_side.py" --runs "$runs" --warmup 1 --prepare "$reset" --json "$results" \
    "regimen=$ours_ingest" "plain=$plain" >&2
echo "== outcomes --wide of the ingested study: $runs runs after 1 warm-up run" >&2
eval "$reset"
$ours_ingest > /dev/null 2>&1
python3 "$bench/SideBySide/side_by_side.py" --runs "$runs" --warmup 1 --json "$results.outcomes" \
    "outcomes=$ours_outcomes" >&2

if [ -n "$exports" ]; then
    echo "== study export in each format: $runs alternating rounds after 1 warm-up round" >&2
    formats=(csv spss stata sas r)
    commands=()
    for format in "${formats[@]}"; do
        commands+=("$format=$regimen study export --out $work/export-$format --format $format")
    done
    python3 "$bench/SideBySide/side_by_side.py" --runs "$runs" --warmup 1 --prepare "rm -rf $work/export-*" \
        --json "$results.exports" "${commands[@]}" >&2
fi

python3 - "$results" "$results.outcomes" "$files" "$results.exports" "$exports" <<'PY'
import json, os, sys
medians = json.load(open(sys.argv[1]))["medians"]
outcomes = json.load(open(sys.argv[2]))["medians"]["outcomes"]
files = int(sys.argv[3])
ours, plain = medians["regimen"], medians["plain"]
def line(name, m):
    return (f"{name}: wall {m['wall']:.2f} s ({files / m['wall']:.0f} files/s), CPU {m['cpu']:.2f} s, "
            f"peak RSS {m['rss_kib'] / 1024:.1f} MiB")
print(f"study of {files} result files")
print(line("regimen study ingest (installed static build)", ours))
print(line("plain script (plain_study_ingest.py)", plain))
wall = plain["wall"] / ours["wall"]
print(f"ratio vs plain script: {wall:.2f}x faster in wall time, {ours['cpu'] / plain['cpu']:.2f}x its CPU, "
      f"{ours['rss_kib'] / plain['rss_kib']:.2f}x its peak RSS")
print(f"regimen study outcomes --wide --format csv: wall {outcomes['wall']:.2f} s, CPU {outcomes['cpu']:.2f} s, "
      f"peak RSS {outcomes['rss_kib'] / 1024:.1f} MiB")
load, cores = os.getloadavg()[0], os.cpu_count() or 1
if load > cores:
    print(f"NOTE: load average {load:.1f} on {cores} cores during the run; rerun on a quiet machine before trusting a verdict near a limit")
checks = [(wall >= 3, f"study ingest {wall:.2f}x faster than the plain script (goal >= 3x)"),
          (outcomes["wall"] < 10, f"outcomes --wide in {outcomes['wall']:.2f} s (goal < 10 s)")]
if sys.argv[5]:
    exported = json.load(open(sys.argv[4]))["medians"]
    csv = exported["csv"]
    print(line("regimen study export --format csv", csv))
    for name in ("spss", "stata", "sas", "r"):
        m = exported[name]
        print(line(f"regimen study export --format {name}", m))
        checks.append((m["wall"] <= 2 * csv["wall"],
                       f"export --format {name} {m['wall'] / csv['wall']:.2f}x the CSV export's wall time (goal <= 2x)"))
        checks.append((m["rss_kib"] <= 2 * csv["rss_kib"],
                       f"export --format {name} {m['rss_kib'] / csv['rss_kib']:.2f}x the CSV export's peak RSS (goal <= 2x)"))
for ok, text in checks:
    print(f"{'PASS' if ok else 'FAIL'}: {text}")
sys.exit(0 if all(ok for ok, _ in checks) else 1)
PY
