#!/usr/bin/env bash
# Study sync through the study service against a real database server that fails (docs/study-sync.md, "Interrupted
# syncs"; docs/study-service.md): the database stopped immediately while a push waits to commit, and while a pull
# reads; the client killed with SIGKILL during a pull. After each, the next `regimen sync` completes, and every answer
# is stored once on the server and on every device. The service keeps running throughout and reconnects.
# Runs on a private server of its own (it stops it): scripts/with-postgres, started here without an outer server.
# Usage: sync-server-faults.sh REGIMEN_BINARY [PACKAGE_ROOT]; prints "ok N" per check, exits 1 at the first failure.
set -euo pipefail
regimen="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)}"
if [ -z "${REGIMEN_TEST_DATABASE_CONTROL:-}" ]; then
    exec env -u REGIMEN_TEST_DATABASE_URL -u REGIMEN_TEST_DATABASE_CONTROL "$root/scripts/with-postgres" "$0" "$regimen" "$root"
fi
work="$(mktemp -d)"
blocker=""
service=""
cleanup() {
    [ -n "$blocker" ] && kill "$blocker" 2> /dev/null || true
    [ -n "$service" ] && kill -KILL "$service" 2> /dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
export REGIMEN_DATABASE_URL="$REGIMEN_TEST_DATABASE_URL" TZ=Europe/Berlin REGIMEN_HOME="$work/home" NO_COLOR=1
export REGIMEN_SURVEYS="$root/surveys" REGIMEN_NOW=2026-03-20T07:00:00Z
control="$REGIMEN_TEST_DATABASE_CONTROL"
checks=0
fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { checks=$((checks + 1)); echo "ok $checks $*"; }
sql() { psql "$REGIMEN_TEST_DATABASE_URL" -v ON_ERROR_STOP=1 -Atqc "$1"; }
count_local() { python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM outcome").fetchone()[0])' "$work/$1.sqlite"; }
device() { local name="$1"; shift; "$regimen" "$@" --store "$work/$name.sqlite"; }
# Holds a lock in an open transaction until killed; waits until the lock is held.
block() {
    psql "$REGIMEN_TEST_DATABASE_URL" -v ON_ERROR_STOP=1 -qc "BEGIN; $1; SELECT pg_sleep(120);" > /dev/null 2>&1 &
    blocker=$!
    for _ in $(seq 100); do
        [ "$(sql "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE a.query LIKE '%pg_sleep(120)%' AND l.granted AND l.locktype = '$2'")" -gt 0 ] && return 0
        sleep 0.1
    done
    fail "the blocking transaction did not take its lock"
}
# Waits until a session other than the blocker waits for a lock.
await_waiting() {
    for _ in $(seq 100); do
        [ "$(sql "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")" -gt 0 ] && return 0
        sleep 0.1
    done
    fail "nothing waited for the lock: $(cat "$work/out" 2> /dev/null)"
}
# Ends the blocking transaction: its backend (a killed psql's would keep sleeping, and holding the lock), then psql.
release() {
    sql "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(120)%' AND pid <> pg_backend_pid()" > /dev/null
    wait "$blocker" 2> /dev/null || true
    blocker=""
}
restart() {
    "$control" stop-immediate
    kill "$blocker" 2> /dev/null || true
    wait "$blocker" 2> /dev/null || true
    blocker=""
    "$control" start
}

# A crash must keep what was committed, as on a real server: the test server's synchronous_commit = off would lose the
# last commits to an immediate stop (fsync = off is harmless here: the machine itself does not crash).
sql "ALTER SYSTEM SET synchronous_commit = on"
sql "SELECT pg_reload_conf()" > /dev/null
"$regimen" study init --study trial > /dev/null
"$regimen" study publish --expect-revision 0 > /dev/null
# The service, as a login of its own that holds regimen_service only, on loopback (plain HTTP is allowed there).
sql "CREATE ROLE fault_service LOGIN PASSWORD 'fault-service' IN ROLE regimen_service"
service_db="$(printf '%s' "$REGIMEN_TEST_DATABASE_URL" | sed -E 's|//[^@]*@|//fault_service:fault-service@|')"
REGIMEN_DATABASE_URL="$service_db" "$regimen" study serve --listen 127.0.0.1:0 > "$work/serve.out" 2> "$work/serve.log" &
service=$!
for _ in $(seq 300); do grep -q listening "$work/serve.out" && break; sleep 0.1; done
server_url="$(awk '{print $NF}' "$work/serve.out")"
case "$server_url" in http://127.0.0.1:*) ;; *) fail "the service did not start: $(cat "$work/serve.log")" ;; esac
code="$("$regimen" study enroll P001 --zone Europe/Berlin --enrolled 2026-03-20 | sed -n 's/^enrollment code for P001: //p')"
device phone enroll "$code" --server "$server_url" > /dev/null
code="$("$regimen" study code P001 | sed -n 's/^enrollment code for P001: //p')"
device laptop enroll "$code" --server "$server_url" > /dev/null
printf '4\n7\n' | REGIMEN_NOW=2026-03-21T07:10:00Z device phone run checkin > /dev/null 2>&1
printf '5\n6\n' | REGIMEN_NOW=2026-03-22T07:10:00Z device phone run checkin > /dev/null 2>&1

# 1. The server stops while the push waits for the participant's row: nothing is stored, nothing acknowledged.
block "SELECT 1 FROM participant FOR UPDATE" relation
set +e
device phone sync > "$work/out" 2>&1 &
sync=$!
set -e
await_waiting
restart
set +e; wait "$sync"; status=$?; set -e
grep -q "s3cret\|password\|rgm_" "$work/out" && fail "the message shows a secret: $(cat "$work/out")"
# The service answers 503 while the database is down and the client retries: the sync fails with nothing stored, or
# succeeds once the database is back. Either way every answer ends stored once.
if [ "$status" -ne 0 ]; then
    [ "$(sql "SELECT count(*) FROM outcome")" = 0 ] || fail "a push rolled back by the stop left rows"
    ok "server stopped before the push committed: exit $status, nothing stored"
    device phone sync > "$work/out" 2>&1 || fail "the next sync failed: $(cat "$work/out")"
    grep -q "sent 2 changes" "$work/out" || fail "the next sync did not send both answers: $(cat "$work/out")"
else
    ok "server stopped before the push committed: the client's retry stored the push once the server was back"
    device phone sync > "$work/out" 2>&1 || fail "the next sync failed: $(cat "$work/out")"
fi
[ "$(sql "SELECT count(*) FROM outcome")" = 2 ] || fail "the server does not hold the two answers once each"
ok "the next sync sent both answers, each stored once"

# 2. The server stops while the laptop's pull reads the values.
block "LOCK TABLE outcome_value IN ACCESS EXCLUSIVE MODE" relation
set +e
device laptop sync > "$work/out" 2>&1 &
sync=$!
set -e
await_waiting
restart
set +e; wait "$sync"; status=$?; set -e
if [ "$status" -ne 0 ]; then
    [ "$(count_local laptop)" = 0 ] || fail "a pull cut by the stop applied rows"
fi
device laptop sync > "$work/out" 2>&1 || fail "the sync after the stop failed: $(cat "$work/out")"
[ "$(count_local laptop)" = 2 ] || fail "the laptop does not hold the two answers"
ok "server stopped during a pull: the next sync pulled both answers"

# 3. The client is killed with SIGKILL while its pull waits.
printf '6\n5\n' | REGIMEN_NOW=2026-03-23T07:10:00Z device phone run checkin > /dev/null 2>&1
device phone sync > /dev/null
block "LOCK TABLE outcome_value IN ACCESS EXCLUSIVE MODE" relation
device laptop sync > /dev/null 2>&1 &
sync=$!
await_waiting
kill -KILL "$sync"
wait "$sync" 2> /dev/null || true
release
device laptop sync > "$work/out" 2>&1 || fail "the sync after the kill failed: $(cat "$work/out")"
[ "$(count_local laptop)" = 3 ] || fail "the laptop does not hold the three answers"
[ "$(sql "SELECT count(*) FROM outcome")" = 3 ] || fail "the server does not hold three answers"
for name in phone laptop; do
    [ "$(REGIMEN_NOW=2026-03-23T07:30:00Z device "$name" sync status | grep -c 'waiting to be sent: 0 changes')" = 1 ] \
        || fail "$name still has changes to send"
done
a="$(REGIMEN_NOW=2026-03-23T08:00:00Z device phone today)"
b="$(REGIMEN_NOW=2026-03-23T08:00:00Z device laptop today)"
[ "$a" = "$b" ] || fail "the two feeds differ:\n$a\n---\n$b"
ok "client killed during a pull: the next sync completed; both feeds are the same"
echo "all $checks checks passed"
