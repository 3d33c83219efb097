#!/bin/sh
# One command: range-of-motion parse + compute of a generated 60,000-sample (10 min at 100 Hz, ~30 MB) recording,
# Swift (release) vs the numpy baseline on the same file in the same run. Prints ordo-one's table, then both
# medians and the ratio. Usage: Benchmarks/run-rom-benchmark.sh
set -eu
cd "$(dirname "$0")"
work="${TMPDIR:-/tmp}/regimen-rom-benchmark"
rm -f "$work"/summary-*.json
swift package benchmark --target RangeOfMotionBenchmarks --no-progress
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
swift = json.load(open(f"{work}/summary-swift.json"))
numpy = json.load(open(f"{work}/summary-numpy.json"))
s, n = swift["medianSeconds"], numpy["medianSeconds"]
print(f"Swift parse+measure median: {s * 1000:.1f} ms ({swift['iterations']} iterations)")
print(f"numpy parse+measure median: {n * 1000:.1f} ms ({numpy['iterations']} iterations)")
print(f"speed-up: {n / s:.1f}x   (targets: Swift < 500 ms, >= 3x)   results agree to {numpy['maxAbsDifferenceDegrees']:.3g} degrees")
PY
