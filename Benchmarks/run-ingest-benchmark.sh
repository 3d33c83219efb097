#!/bin/sh
# One command: `regimen ingest` of 10,000 check-in result files into an empty store (in process, release build) vs
# the Python json + sqlite3 baseline (its own timing, interpreter start-up excluded) on the same files in the same run.
# Prints ordo-one's table, then both medians, files/s and the ratio. Usage: Benchmarks/run-ingest-benchmark.sh
set -eu
cd "$(dirname "$0")"
work="${TMPDIR:-/tmp}/regimen-ingest-benchmark"
rm -f "$work"/summary-*.json
swift package benchmark --target IngestBenchmarks --no-progress
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
swift = json.load(open(f"{work}/summary-swift.json"))
python = json.load(open(f"{work}/summary-python.json"))
s, p, n = swift["medianSeconds"], python["medianSeconds"], swift["files"]
print(f"regimen ingest median: {s * 1000:.0f} ms = {n / s:,.0f} files/s ({swift['iterations']} iterations)")
print(f"Python baseline median: {p * 1000:.0f} ms = {n / p:,.0f} files/s ({python['iterations']} iterations)")
print(f"speed-up: {p / s:.1f}x   (targets: >= 2x and >= 10,000 files/s)")
PY
