#!/usr/bin/env bash
# The study service benchmark (docs/study-service.md; docs/performance.md, "The study service (`regimen study serve`)"):
# the installed `regimen study serve` (scripts/install, or REGIMEN_BIN) in front of a private PostgreSQL
# (scripts/with-postgres) on this machine, loaded from a second process on loopback
# (Benchmarks/ServiceBenchmarks/ServiceLoad, async-http-client), side by side in one run with the engine's and the
# framework's own limits on the same machine:
#   * pgbench -S (select-only) on the same server, 50 clients;
#   * a Hummingbird hello route (Benchmarks/ServiceBenchmarks/HelloService) under the same load shape.
# Figures:
#   * up-to-date syncs (what `regimen sync` sends when nothing waits: one POST /v1/sync, a push of nothing and a pull
#     of nothing) per second when 50 and 200 devices each sync again as
#     soon as they are done (saturation), with p50 and p99; and 200 devices each syncing once, all at the same moment,
#     with their p99. Goals: >= 1,000 syncs per second; p99 <= 100 ms with 200 devices syncing at once;
#   * 500 devices, each with one new day's answer, all syncing at once: every answer stored once (counted on the
#     server), all done within 5 s;
#   * the service's resident memory after 50 devices' syncs and after the 500: flat in the number of devices.
# Every load is bounded in count and time and goes to 127.0.0.1 only.
#
# Usage: Benchmarks/run-service-benchmark.sh [--seconds N]   (default 10 s per sync run)
# Exits 1 when a goal is missed (PASS/FAIL lines), 0 when all are met.
set -euo pipefail
seconds=10
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="${2:?--seconds needs a number}"; shift 2 ;;
        *) echo "usage: $0 [--seconds N]" >&2; exit 64 ;;
    esac
done
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$bench/.." && pwd)"
if [ -z "${REGIMEN_TEST_DATABASE_URL:-}" ]; then exec "$root/scripts/with-postgres" "$0" --seconds "$seconds"; fi
work="${TMPDIR:-/tmp}/regimen-service-benchmark"
rm -rf "$work" && mkdir -p "$work"
"$root/scripts/install-deps" libreadline-dev libsqlite3-dev
. "$root/Benchmarks/installed-regimen.sh"
use_installed_regimen "$root" "$work"
regimen="$REGIMEN_BIN"

echo "== building the load and the hello route (release)" >&2
(cd "$bench" && swift build -c release --product ServiceLoad -q >&2 && swift build -c release --product HelloService -q >&2)
bin="$(cd "$bench" && swift build -c release --show-bin-path)"
load="$bin/ServiceLoad"

service=""
hello=""
cleanup() {
    [ -n "$service" ] && kill "$service" 2> /dev/null || true
    [ -n "$hello" ] && kill "$hello" 2> /dev/null || true
}
trap cleanup EXIT

admin="$REGIMEN_TEST_DATABASE_URL"
sql() { PGOPTIONS='--client-min-messages=warning' psql "$admin" -v ON_ERROR_STOP=1 -Atqc "$1"; }
export NO_COLOR=1 TZ=Europe/Berlin REGIMEN_HOME="$work/home" REGIMEN_DATABASE_URL="$admin"
# The server as a real one is set up: commits are durable.
sql "ALTER SYSTEM SET synchronous_commit = on" > /dev/null
sql "SELECT pg_reload_conf()" > /dev/null

echo "== study: 500 participants, the check-in published (untimed)" >&2
"$regimen" study init --study bench > /dev/null
"$regimen" study publish --surveys "$root/surveys" --expect-revision 0 > /dev/null
: > "$work/codes"
for n in $(seq -w 1 500); do
    "$regimen" study enroll "P$n" --zone Europe/Berlin | sed -n "s/^enrollment code for P$n: //p" >> "$work/codes"
done
sql "CREATE ROLE bench_service LOGIN PASSWORD 'bench-service' IN ROLE regimen_service" > /dev/null
service_db="$(printf '%s' "$admin" | sed -E 's|//[^@]*@|//bench_service:bench-service@|')"

REGIMEN_DATABASE_URL="$service_db" "$regimen" study serve --listen 127.0.0.1:0 --pool "${REGIMEN_SERVICE_POOL:-32}" --enrollment-burst 100000 \
    > "$work/serve.out" 2> "$work/serve.log" &
service=$!
for _ in $(seq 300); do grep -q listening "$work/serve.out" && break; sleep 0.1; done
server="$(awk '{print $NF}' "$work/serve.out")"
rss() { awk '/^VmRSS/ {print int($2 / 1024)}' "/proc/$service/status"; }

echo "== enrolling 500 devices through the service (untimed)" >&2
"$load" enroll "$server" "$work/codes" "$work/tokens" >&2

declare -A figure
run_syncs() {
    local devices="$1"
    "$load" syncs "$server" "$work/tokens" "$devices" "$seconds" > "$work/syncs-$devices.txt"
    while read -r key value; do figure["syncs$devices.$key"]="$value"; done < "$work/syncs-$devices.txt"
}
echo "== up-to-date syncs: 50 devices, then 200, $seconds s each" >&2
run_syncs 50
rss50="$(rss)"
run_syncs 200
echo "== 200 devices each syncing once, at the same moment (3 rounds)" >&2
for round in 1 2 3; do
    "$load" once "$server" "$work/tokens" 200 > "$work/once-$round.txt"
    while read -r key value; do figure["once$round.$key"]="$value"; done < "$work/once-$round.txt"
done

echo "== 500 devices with one new day's answer, all at once" >&2
before="$(sql "SELECT count(*) FROM outcome")"
"$load" burst "$server" "$work/tokens" > "$work/burst.txt"
while read -r key value; do figure["burst.$key"]="$value"; done < "$work/burst.txt"
stored="$(( $(sql "SELECT count(*) FROM outcome") - before ))"
distinct="$(sql "SELECT count(DISTINCT participant_id) FROM outcome")"
rss500="$(rss)"

echo "== yardsticks: pgbench -S with 50 clients, the Hummingbird hello route with 200 connections ($seconds s each)" >&2
pgbench_bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/pgbench"
"$pgbench_bin" -i -q -s 1 "$admin" > /dev/null 2>&1
# 50 clients: the engine is saturated well before, and the server keeps connections for the service's pool.
"$pgbench_bin" -S -n -c 50 -j 2 -T "$seconds" "$admin" > "$work/pgbench.txt" 2>&1 || { cat "$work/pgbench.txt" >&2; exit 1; }
tps="$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$work/pgbench.txt" | head -1)"
"$bin/HelloService" 8097 > /dev/null 2>&1 &
hello=$!
for _ in $(seq 100); do curl -sf http://127.0.0.1:8097/hello > /dev/null 2>&1 && break; sleep 0.1; done
"$load" hello http://127.0.0.1:8097/hello 200 "$seconds" > "$work/hello.txt"
while read -r key value; do figure["hello.$key"]="$value"; done < "$work/hello.txt"

s50="${figure[syncs50.syncs_per_second]}"
s200="${figure[syncs200.syncs_per_second]}"
once_p99="$(printf '%s\n' "${figure[once1.p99_ms]}" "${figure[once2.p99_ms]}" "${figure[once3.p99_ms]}" | sort -n | sed -n 2p)"
hello_rps="${figure[hello.requests_per_second]}"
echo
echo "an up-to-date sync, 50 devices: ${s50}/s, p50 ${figure[syncs50.p50_ms]} ms, p99 ${figure[syncs50.p99_ms]} ms"
echo "an up-to-date sync, 200 devices: ${s200}/s, p50 ${figure[syncs200.p50_ms]} ms, p99 ${figure[syncs200.p99_ms]} ms"
echo "an up-to-date sync, 200 devices at the same moment: p99 ${figure[once1.p99_ms]}, ${figure[once2.p99_ms]}, ${figure[once3.p99_ms]} ms (median ${once_p99} ms); all done in ${figure[once1.all_done_ms]}, ${figure[once2.all_done_ms]}, ${figure[once3.all_done_ms]} ms"
echo "500 devices with a new day at once: all done in ${figure[burst.all_done_s]} s (p99 ${figure[burst.p99_ms]} ms); $stored answers stored for $distinct participants"
echo "service memory: ${rss50} MB after 50 devices' syncs, ${rss500} MB after 500 devices"
echo "pgbench -S, 50 clients: ${tps} transactions/s; an up-to-date sync is 1 request and 2 statements"
echo "hello route, 200 connections: ${hello_rps} requests/s (p99 ${figure[hello.p99_ms]} ms)"
awk -v s="$s200" -v t="$tps" -v h="$hello_rps" 'BEGIN {
    printf "ratio: syncs/s to pgbench -S transactions/s %.2f; syncs/s (1 request each) to the hello route requests/s %.2f\n", s / t, s / h }'

status=0
check() { if awk "BEGIN { exit !($2) }"; then echo "PASS: $1"; else echo "FAIL: $1"; status=1; fi; }
check "up-to-date syncs >= 1,000/s (200 devices: $s200/s)" "$s200 >= 1000"
check "p99 <= 100 ms with 200 devices syncing at once (median of 3 rounds: $once_p99 ms)" "$once_p99 <= 100"
check "500 new answers stored once each ($stored)" "$stored == 500"
check "500 devices done within 5 s (${figure[burst.all_done_s]} s)" "${figure[burst.all_done_s]} <= 5"
check "memory flat in devices (${rss50} MB -> ${rss500} MB, within 1.5x)" "$rss500 <= 1.5 * $rss50"
exit $status
