#!/usr/bin/env bash
# The Health import benchmark (issue 18): `regimen health import` of a realistic five-year Apple Health export
# (make_health_export.py --years 5 from ../shared/bench, the shared yardsticks' generator: ~600 MB of XML and ~570 MB of GPX in a 133 MB zip, written once
# and kept in the work folder), side by side with
#   * healthkit-to-sqlite 1.0.1 (PyPI; the best-known converter) on the same zip — goal: at least 10x faster;
#   * HealthBenchmarks/plain_health_sleep.py, the plain sleep-and-steps script a researcher would write instead
#     (the same work as the shared baseline_health_sleep.py) — goal: faster, while Regimen keeps every sample;
#   * memory flat in the export's size: peak RSS at most 64 MiB.
# Each command runs whole, from process start to exit, into a freshly removed database
# (Benchmarks/SideBySide/side_by_side.py); the figures are medians. healthkit-to-sqlite takes about ten minutes a run,
# so it runs in a round of its own (alternating with one more Regimen run) rather than in every round.
# `regimen` is the installed build: scripts/install (static Swift runtime) into a work prefix, or REGIMEN_BIN.
#
# Usage: Benchmarks/run-health-benchmark.sh [--years Y] [--runs N] [--skip-converter]
# Exits 1 when a goal is missed (PASS/FAIL lines), 0 when all are met.
set -euo pipefail
years=5
runs=3
converter=1
while [ $# -gt 0 ]; do
    case "$1" in
        --years) years="${2:?--years needs a number}"; shift 2 ;;
        --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
        --skip-converter) converter=0; shift ;;
        *) echo "usage: $0 [--years Y] [--runs N] [--skip-converter]" >&2; exit 64 ;;
    esac
done
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$bench/.." && pwd)"
work="${TMPDIR:-/tmp}/regimen-health-benchmark"
mkdir -p "$work"
"$root/scripts/install-deps" python3 python3-venv libreadline-dev libsqlite3-dev

. "$root/Benchmarks/installed-regimen.sh"
use_installed_regimen "$root" "$work"
regimen="$REGIMEN_BIN"

export_zip="$work/export-${years}y.zip"
if [ ! -s "$export_zip" ]; then
    echo "== writing a ${years}-year export into $export_zip (once; about 2 minutes for 5 years)" >&2
    generator="$root/../shared/bench/make_health_export.py"
    [ -f "$generator" ] || { echo "FAIL: the export generator $generator is not here (it comes with the shared benchmark files)" >&2; exit 1; }
    # The generator writes a zip when the name ends in .zip.
    python3 "$generator" "$work/partial-export.zip" --years "$years" >&2
    mv "$work/partial-export.zip" "$export_zip"
fi

if [ "$converter" = 1 ] && [ ! -x "$work/venv/bin/healthkit-to-sqlite" ]; then
    echo "== installing healthkit-to-sqlite 1.0.1 into $work/venv" >&2
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install --quiet "healthkit-to-sqlite==1.0.1"
fi

store="$work/store.sqlite"
plain_db="$work/plain.sqlite"
converter_db="$work/converter.sqlite"
clean="rm -f $store $store-wal $store-shm $plain_db $converter_db"
ours="$regimen health import $export_zip --zone Europe/Berlin --store $store"
plain="python3 $bench/HealthBenchmarks/plain_health_sleep.py $export_zip $plain_db"
theirs="$work/venv/bin/healthkit-to-sqlite $export_zip $converter_db"

echo "== checking that regimen keeps every sample" >&2
eval "$clean"
$ours > "$work/check.txt" 2>&1 || { cat "$work/check.txt" >&2; echo "FAIL: '$ours' failed" >&2; exit 1; }
python3 - "$export_zip" "$store" <<'PY' >&2 || exit 1
import re, sqlite3, sys, zipfile
# Top-level records: every <Record that is not inside a <Correlation (members are written at top level too).
records, depth = 0, 0
with zipfile.ZipFile(sys.argv[1]) as z, z.open("apple_health_export/export.xml") as f:
    for line in f:
        if b"<Correlation " in line: depth += 1
        elif b"</Correlation>" in line: depth -= 1
        elif b"<Record " in line and depth == 0: records += 1
stored = sqlite3.connect(sys.argv[2]).execute("SELECT count(*) FROM healthSample").fetchone()[0]
print(f"export: {records} top-level records; regimen stored {stored} samples")
sys.exit(0 if stored == records else 1)
PY

echo "== $runs alternating rounds after 1 warm-up round: regimen and the plain script" >&2
python3 "$bench/SideBySide/side_by_side.py" --runs "$runs" --warmup 1 --prepare "$clean" --json "$work/health.json" \
    "regimen=$ours" "plain=$plain" >&2
if [ "$converter" = 1 ]; then
    echo "== one round with healthkit-to-sqlite (about ten minutes for five years)" >&2
    python3 "$bench/SideBySide/side_by_side.py" --runs 1 --warmup 0 --prepare "$clean" --json "$work/converter.json" \
        "regimen=$ours" "converter=$theirs" >&2
fi
eval "$clean"

python3 - "$work/health.json" "$work/converter.json" "$converter" "$years" <<'PY'
import json, os, sys
medians = json.load(open(sys.argv[1]))["medians"]
ours, plain = medians["regimen"], medians["plain"]
def line(name, m):
    return f"{name}: wall {m['wall']:.2f} s, CPU {m['cpu']:.2f} s, peak RSS {m['rss_kib'] / 1024:.1f} MiB"
print(f"export of {sys.argv[4]} years (make_health_export.py)")
print(line("regimen health import (installed static build)", ours))
print(line("plain script (plain_health_sleep.py)", plain))
checks = [(plain["wall"] / ours["wall"] > 1, f"{plain['wall'] / ours['wall']:.2f}x faster than the plain script (goal > 1x)"),
          (ours["rss_kib"] <= 64 * 1024, f"peak RSS {ours['rss_kib'] / 1024:.1f} MiB (goal <= 64 MiB)")]
if sys.argv[3] == "1":
    round_ = json.load(open(sys.argv[2]))["medians"]
    theirs = round_["converter"]
    print(line("healthkit-to-sqlite 1.0.1", theirs))
    ratio = theirs["wall"] / round_["regimen"]["wall"]
    print(f"ratio vs healthkit-to-sqlite: {ratio:.1f}x faster in wall time (same round)")
    checks.append((ratio >= 10, f"{ratio:.1f}x faster than healthkit-to-sqlite (goal >= 10x)"))
load, cores = os.getloadavg()[0], os.cpu_count() or 1
if load > cores:
    print(f"NOTE: load average {load:.1f} on {cores} cores during the run; rerun on a quiet machine before trusting a verdict near a limit")
for ok, text in checks:
    print(f"{'PASS' if ok else 'FAIL'}: {text}")
sys.exit(0 if all(ok for ok, _ in checks) else 1)
PY
