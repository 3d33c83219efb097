#!/usr/bin/env bash
# The `regimen today` cold-start benchmark (issue 3): `regimen today` on a store holding a year of outcomes for three
# tasks must take at most 1.5x the wall time of a Swift program that only links Foundation and prints a line
# (Today/Hello, `swiftc -O`), measured in the same hyperfine run.
#
# Builds `regimen` in release twice — dynamic Swift runtime (.build) and `--static-swift-stdlib` (.build-static) — builds
# the reference program, seeds the store (cached per day and inputs), runs hyperfine on all of them in ONE run, prints
# the medians and ratios, and exits 1 when the shipped build's ratio is above the limit (PASS/FAIL lines).
#
# Usage: Benchmarks/Today/run-today-benchmark.sh [--ship static|dynamic] [--runs N]
#   --ship   the build the gate applies to (default: static, the one to ship; the other is measured and reported)
#   --runs   hyperfine runs per command (default 30; warm-up is 5)
# Environment: TMPDIR (work folder parent), REGIMEN_TODAY_TASKS (default: checkin onboarding shoulderRangeOfMotion).
set -euo pipefail

ship=static
runs=30
while [ $# -gt 0 ]; do
    case "$1" in
        --ship) ship="${2:?--ship needs static or dynamic}"; shift 2 ;;
        --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
        *) echo "usage: $0 [--ship static|dynamic] [--runs N]" >&2; exit 64 ;;
    esac
done
case "$ship" in static|dynamic) ;; *) echo "--ship must be static or dynamic, not '$ship'" >&2; exit 64 ;; esac

limit=1.5
today_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bench="$(cd "$today_dir/.." && pwd)"
root="$(cd "$bench/.." && pwd)"
work="${TMPDIR:-/tmp}/regimen-today-benchmark"
# The three shipped tasks whose schedules have events all year: checkin (daily 08:00), onboarding (daily, all day) and
# shoulderRangeOfMotion (weekly). rangeOfMotionCheck only has events in the first month after enrollment.
read -r -a tasks <<< "${REGIMEN_TODAY_TASKS:-checkin onboarding shoulderRangeOfMotion}"
mkdir -p "$work"

"$root/scripts/install-deps" hyperfine libreadline-dev libsqlite3-dev

echo "== building regimen (release, dynamic Swift runtime)" >&2
swift build --package-path "$root" -c release --product regimen -q >&2
dynamic_bin="$root/.build/release/regimen"
echo "== building regimen (release, --static-swift-stdlib, scratch path .build-static)" >&2
swift build --package-path "$root" -c release --product regimen --static-swift-stdlib --scratch-path "$root/.build-static" -q >&2
static_bin="$root/.build-static/release/regimen"

echo "== building the reference program (swiftc -O Today/Hello/main.swift)" >&2
hello="$work/hello"
if [ ! -x "$hello" ] || [ "$today_dir/Hello/main.swift" -nt "$hello" ]; then
    swiftc -O "$today_dir/Hello/main.swift" -o "$hello"
fi
# Reported only: the same program with the Swift runtime and Foundation linked statically, like the static regimen.
hello_static="$work/hello-static"
if [ ! -x "$hello_static" ] || [ "$today_dir/Hello/main.swift" -nt "$hello_static" ]; then
    swiftc -O -static-stdlib "$today_dir/Hello/main.swift" -o "$hello_static" 2> "$work/hello-static.log" \
        || { cat "$work/hello-static.log" >&2; exit 1; }
fi

echo "== building the store seeder (Benchmarks package, release)" >&2
# One retry: right after a merge that adds files to Regimen, the first build of this package has failed once with
# "cannot find … in scope" (SwiftPM missing the path dependency's new files); the second build succeeded.
swift build --package-path "$bench" -c release --product TodayStoreSeeder -q >&2 \
    || { echo "== retrying the seeder build once" >&2; swift build --package-path "$bench" -c release --product TodayStoreSeeder -q >&2; }
seeder="$(swift build --package-path "$bench" -c release --show-bin-path)/TodayStoreSeeder"

# The store depends on the day (a year back from today), the time zone, Regimen's sources (the shipped surveys, the
# store, how commands sync), the seeder and the task list; a store seeded from the same inputs today is reused.
key="$( {
    date -u +%F; date +%Z; echo "${tasks[*]}"
    find "$root/Sources" "$today_dir/Seeder" -type f -print0 | sort -z | xargs -0 cat
} | sha256sum | cut -c1-16)"
home="$work/home-$key"
store="$home/store.sqlite"
if [ ! -f "$home/seeded" ]; then
    rm -rf "$work"/home-*    # stores seeded from older inputs
    mkdir -p "$home"
    year_ago="$(date -u -d '1 year ago' +%Y-%m-%dT%H:%M:%SZ)"
    now="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "== seeding $store: enrolled at $year_ago, outcomes on every event until $now" >&2
    # Enrol and sync the shipped surveys' tasks exactly as a participant's first `regimen today` does, a year ago.
    (cd "$work" && env -u REGIMEN_SURVEYS REGIMEN_HOME="$home" REGIMEN_NOW="$year_ago" NO_COLOR=1 \
        "$dynamic_bin" today --store "$store" > /dev/null)
    "$seeder" "$store" --now "$now" "${tasks[@]}" >&2
    touch "$home/seeded"
else
    echo "== reusing the seeded store $store" >&2
fi

# Runs happen in $work, where there is no ./surveys folder, so `regimen` uses its built-in surveys as users' runs do.
cd "$work"
unset REGIMEN_SURVEYS REGIMEN_NOW
export REGIMEN_HOME="$home" NO_COLOR=1
echo "== regimen today --store $store (output checked once)" >&2
if ! "$static_bin" today --store "$store" > "$work/today-output.txt"; then
    echo "FAIL: regimen today exited non-zero" >&2
    exit 1
fi
sed 's/^/    /' "$work/today-output.txt" >&2
if ! grep -q "Check In" "$work/today-output.txt"; then
    echo "FAIL: the care feed does not list the check-in; the benchmark store is not what it should be" >&2
    exit 1
fi
if ! cmp -s <("$dynamic_bin" today --store "$store") "$work/today-output.txt"; then
    echo "FAIL: the dynamic and static builds print different care feeds" >&2
    exit 1
fi
# A static build keeps only the Foundation parts it references; without ICU's time zones it would silently run in GMT.
# Both builds must print the same feed in a zone far from UTC (on a copy: a new zone makes the store resync).
zone_home="$work/zone-check"
rm -rf "$zone_home" && mkdir -p "$zone_home" && cp "$store" "$zone_home/store.sqlite"
for bin in "$static_bin" "$dynamic_bin"; do
    TZ=America/Los_Angeles REGIMEN_HOME="$zone_home" "$bin" today --store "$zone_home/store.sqlite" --week
done > "$work/zone-check.txt"
half=$(( $(wc -l < "$work/zone-check.txt") / 2 ))
if ! cmp -s <(head -n "$half" "$work/zone-check.txt") <(tail -n "$half" "$work/zone-check.txt") \
    || cmp -s <(head -n "$half" "$work/zone-check.txt") <("$dynamic_bin" today --store "$store" --week); then
    echo "FAIL: in America/Los_Angeles the static build's feed differs from the dynamic one's, or from UTC's" >&2
    exit 1
fi
rm -rf "$zone_home"

echo "== hyperfine -N --warmup 5 --runs $runs (one run, all commands)" >&2
hyperfine -N --warmup 5 --runs "$runs" --style basic --export-json "$work/today.json" \
    -n "hello (Foundation, swiftc -O)" "$hello" \
    -n "hello (Foundation, swiftc -O -static-stdlib)" "$hello_static" \
    -n "regimen today (release, dynamic)" "$dynamic_bin today --store $store" \
    -n "regimen today (release, static stdlib)" "$static_bin today --store $store" >&2

python3 - "$work/today.json" "$ship" "$limit" <<'PY'
import json, os, sys
results = json.load(open(sys.argv[1]))["results"]
ship, limit = sys.argv[2], float(sys.argv[3])
hello, hello_static, dynamic, static = (r["median"] for r in results)
def ms(seconds): return f"{seconds * 1000:.1f} ms"
print(f"hello (Foundation) median:               {ms(hello)}")
print(f"regimen today (dynamic) median:          {ms(dynamic)}   ratio {dynamic / hello:.2f}")
print(f"regimen today (static stdlib) median:    {ms(static)}   ratio {static / hello:.2f}")
print(f"(reported only) hello -static-stdlib:    {ms(hello_static)}   static regimen / static hello {static / hello_static:.2f}")
load, cores = os.getloadavg()[0], os.cpu_count() or 1
if load > cores:
    print(f"NOTE: load average {load:.1f} on {cores} cores during the run; hyperfine times each command in turn, so "
          "the ratios are noisy — rerun on a quiet machine before trusting a FAIL or PASS near the limit")
failed = False
for name, median in (("static", static), ("dynamic", dynamic)):
    ratio = median / hello
    verdict = "PASS" if ratio <= limit else "FAIL"
    role = "shipped build, gates the exit status" if name == ship else "reported only"
    print(f"{verdict}: regimen today ({name}) is {ratio:.2f}x hello (limit {limit}x; {role})")
    failed |= name == ship and ratio > limit
sys.exit(1 if failed else 0)
PY
