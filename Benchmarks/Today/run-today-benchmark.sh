#!/usr/bin/env bash
# The `regimen today` cold-start benchmark (issues 3 and 14): `regimen today` (and `today --due`) on a store holding a year of outcomes for
# three tasks, with the shipped surveys, must take at most 1.5x the wall time of a Swift program that only links
# Foundation and prints a line (Today/Hello), like for like: the installed `regimen` (scripts/install: release, Swift
# runtime and Foundation linked statically) against the hello built with `swiftc -O -static-stdlib`. The dynamically
# linked hello, and the hello linked as `regimen` is (function sections, lld, its own code order: scripts/install), are
# measured and reported only. Issue 45's start-up rule: `regimen today` in Japanese within 1.1x of the same feed in
# English (both through `env REGIMEN_LANGUAGE=…`, so each pays the same `env` exec), side by side in the same rounds.
#
# Installs `regimen` (into a work prefix, unless REGIMEN_BIN names a binary), builds the hellos, seeds the store (cached
# per day and inputs), runs all commands alternating (Benchmarks/SideBySide/side_by_side.py), prints the medians and the
# ratio, and exits 1 when the ratio is above the limit (PASS/FAIL lines).
#
# Usage: Benchmarks/Today/run-today-benchmark.sh [--runs N]   (default 40 rounds after 5 warm-up rounds)
# Environment: TMPDIR (work folder parent), REGIMEN_BIN, REGIMEN_TODAY_TASKS (default: checkin onboarding
# shoulderRangeOfMotion).
set -euo pipefail

runs=40
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
        *) echo "usage: $0 [--runs N]" >&2; exit 64 ;;
    esac
done

limit=1.5
today_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bench="$(cd "$today_dir/.." && pwd)"
root="$(cd "$bench/.." && pwd)"
work="${TMPDIR:-/tmp}/regimen-today-benchmark"
# The three shipped tasks whose schedules have events all year: checkin (daily 08:00), onboarding (daily, all day) and
# shoulderRangeOfMotion (weekly). rangeOfMotionCheck only has events in the first month after enrollment.
read -r -a tasks <<< "${REGIMEN_TODAY_TASKS:-checkin onboarding shoulderRangeOfMotion}"
mkdir -p "$work"

"$root/scripts/install-deps" python3 libreadline-dev libsqlite3-dev

. "$root/Benchmarks/installed-regimen.sh"
use_installed_regimen "$root" "$work"
static_bin="$REGIMEN_BIN"

echo "== building the reference program (Today/Hello/main.swift: swiftc -O -static-stdlib, and swiftc -O)" >&2
hello_static="$work/hello-static"
if [ ! -x "$hello_static" ] || [ "$today_dir/Hello/main.swift" -nt "$hello_static" ]; then
    swiftc -O -static-stdlib "$today_dir/Hello/main.swift" -o "$hello_static" 2> "$work/hello-static.log" \
        || { cat "$work/hello-static.log" >&2; exit 1; }
fi
# Reported only: the same program linked as scripts/install links `regimen` (function sections, lld, packed relocations
# and the functions it runs placed side by side, in the order of its own profile; docs/performance.md, "Code layout (the
# installed build)"), so that the share of the ratio owed to the layout shows.
# The same layout as scripts/install's (scripts/link-layout.sh); rebuilt when it changes. Being reported only, a failure here (no valgrind,
# say) leaves it out of the run with a note instead of failing the benchmark.
hello_linked="$work/hello-linked"
link_hello() {
    "$root/scripts/install-deps" valgrind binutils || return 1
    . "$root/scripts/link-layout.sh"
    # The C++ library from its static archive too, found first in a folder holding only it, as scripts/install does.
    local archives="$work/hello-static-libs" cxx option
    mkdir -p "$archives" && rm -f "$archives/libstdc++.a"
    cxx="$(static_archive libstdc++.a || true)"
    [ -z "$cxx" ] || ln -s "$cxx" "$archives/libstdc++.a"
    local layout=(-O -static-stdlib -Xfrontend -function-sections -use-ld=lld -L "$archives")
    for option in "${layout_linker_options[@]}"; do layout+=(-Xlinker "$option"); done
    swiftc "${layout[@]}" -Xlinker "-Map=$work/hello.map" -Xlinker --no-demangle "$today_dir/Hello/main.swift" \
        -o "$work/hello-profiled" \
        2> "$work/hello-linked.log" || return 1
    strip --strip-debug "$work/hello-profiled" || return 1
    valgrind -q --tool=callgrind --demangle=no --callgrind-out-file="$work/hello.callgrind" "$work/hello-profiled" \
        > /dev/null 2>> "$work/hello-linked.log" || return 1
    python3 "$root/scripts/callgrind-functions.py" --map "$work/hello.map" hello-profiled "$work/hello.callgrind" \
        > "$work/hello.order" 2>> "$work/hello-linked.log" || return 1
    swiftc "${layout[@]}" -Xlinker "--symbol-ordering-file=$work/hello.order" -Xlinker --no-warn-symbol-ordering \
        "$today_dir/Hello/main.swift" -o "$hello_linked" 2>> "$work/hello-linked.log"
}
if [ ! -x "$hello_linked" ] || [ "$today_dir/Hello/main.swift" -nt "$hello_linked" ] \
    || [ "$root/scripts/link-layout.sh" -nt "$hello_linked" ] || [ "$root/scripts/callgrind-functions.py" -nt "$hello_linked" ] \
    || [ "$today_dir/run-today-benchmark.sh" -nt "$hello_linked" ]; then
    rm -f "$hello_linked"
    link_hello || { echo "NOTE: the hello linked as regimen is was not built ($work/hello-linked.log); left out" >&2
                    rm -f "$hello_linked"; }
fi
linked_entry=()
[ -x "$hello_linked" ] && linked_entry=("hello-linked=$hello_linked")
# Reported only: the same program with the Swift runtime and Foundation linked dynamically.
hello="$work/hello"
if [ ! -x "$hello" ] || [ "$today_dir/Hello/main.swift" -nt "$hello" ]; then
    swiftc -O "$today_dir/Hello/main.swift" -o "$hello"
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
    # Enroll and sync the shipped surveys' tasks exactly as a participant's first `regimen today` does, a year ago.
    (cd "$work" && env -u REGIMEN_SURVEYS REGIMEN_HOME="$home" REGIMEN_NOW="$year_ago" NO_COLOR=1 \
        "$static_bin" today --store "$store" > /dev/null)
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
# A static build keeps only the Foundation parts it references; without ICU's time zones it would silently run in GMT.
# In a zone far from the machine's the feed must differ from the machine zone's (on a copy: a new zone makes the store resync).
zone_home="$work/zone-check"
rm -rf "$zone_home" && mkdir -p "$zone_home" && cp "$store" "$zone_home/store.sqlite"
TZ=America/Los_Angeles REGIMEN_HOME="$zone_home" "$static_bin" today --store "$zone_home/store.sqlite" --week \
    > "$work/zone-check.txt"
if cmp -s "$work/zone-check.txt" <("$static_bin" today --store "$store" --week); then
    echo "FAIL: in America/Los_Angeles the static build prints the same feed as in the machine's zone (no time zone data?)" >&2
    exit 1
fi
rm -rf "$zone_home"

echo "== $runs alternating rounds after 5 warm-up rounds" >&2
python3 "$bench/SideBySide/side_by_side.py" --runs "$runs" --warmup 5 --json "$work/today.json" \
    "hello-static=$hello_static" "regimen-today=$static_bin today --store $store" \
    "regimen-today-due=$static_bin today --due --store $store" "hello-dynamic=$hello" "${linked_entry[@]}" \
    "regimen-today-en=env REGIMEN_LANGUAGE=en $static_bin today --store $store" \
    "regimen-today-ja=env REGIMEN_LANGUAGE=ja $static_bin today --store $store" >&2

python3 - "$work/today.json" "$limit" <<'PY'
import json, os, sys
medians = json.load(open(sys.argv[1]))["medians"]
limit = float(sys.argv[2])
hello, today, due, dynamic = (
    medians[name]["wall"] for name in ("hello-static", "regimen-today", "regimen-today-due", "hello-dynamic"))
linked = medians.get("hello-linked", {}).get("wall")
def ms(seconds): return f"{seconds * 1000:.1f} ms"
print(f"hello (Foundation, swiftc -O -static-stdlib) median: {ms(hello)}")
print(f"regimen today (installed static build) median:      {ms(today)}   ratio {today / hello:.2f}")
print(f"regimen today --due median:                         {ms(due)}   ratio {due / hello:.2f}")
print(f"(reported only) hello (Foundation, dynamic) median: {ms(dynamic)}")
if linked:
    print(f"(reported only) hello linked as regimen is (function sections, lld, its own code order) median: "
          f"{ms(linked)}; regimen today is {today / linked:.2f}x it, today --due {due / linked:.2f}x")
load, cores = os.getloadavg()[0], os.cpu_count() or 1
if load > cores:
    print(f"NOTE: load average {load:.1f} on {cores} cores during the run; rerun on a quiet machine before trusting a "
          "verdict near the limit")
passed = True
for name, seconds in (("regimen today", today), ("regimen today --due", due)):
    ratio = seconds / hello
    passed = passed and ratio <= limit
    print(f"{'PASS' if ratio <= limit else 'FAIL'}: {name} is {ratio:.2f}x the static hello (limit {limit}x)")
english, japanese = (medians[name]["wall"] for name in ("regimen-today-en", "regimen-today-ja"))
language_ratio = japanese / english
print(f"regimen today in English (REGIMEN_LANGUAGE=en) median: {ms(english)}; in Japanese: {ms(japanese)}")
passed = passed and language_ratio <= 1.1
print(f"{'PASS' if language_ratio <= 1.1 else 'FAIL'}: regimen today in Japanese is {language_ratio:.2f}x English "
      "(limit 1.1x)")
sys.exit(0 if passed else 1)
PY
