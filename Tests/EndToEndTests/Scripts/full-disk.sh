#!/usr/bin/env bash
# A full disk (docs/store-file.md, "A full disk"): $REGIMEN_HOME on a 600 KB tmpfs, filled with a file of zeros.
#   - reading commands (today, outcomes) work on the full disk and leave the store's bytes as they were;
#   - a run on the full disk stops before the first question and says the disk is full;
#   - the disk filling while piped answers come in: the run says the disk is full and prints, as the last resort, a
#     command that gives the same lines again; once space is freed that command stores them;
#   - at a terminal (tmux), the disk filling while the participant answers: the answers stay in memory, the run asks
#     to try again (and again while the disk is still full), and stores them once space is freed; declining prints the
#     command that gives them again.
# The tmpfs is mounted in a private mount namespace (`unshare --map-root-user --mount`), so nothing outside this
# script sees it, and it is gone when the script ends, whatever happens.
# Usage: full-disk.sh PATH/TO/regimen
# Ends with "N passed, M failed"; exit 1 when anything failed.
set -u

BIN="${1:?usage: full-disk.sh PATH/TO/regimen}"
if [ -z "${REGIMEN_FULL_DISK_NAMESPACE:-}" ]; then
    command -v unshare >/dev/null || { echo "unshare (util-linux) is not installed" >&2; exit 2; }
    REGIMEN_FULL_DISK_NAMESPACE=1 exec unshare --map-root-user --mount bash "$0" "$@"
fi

SOCK_NAME="regimen-e2e-full-disk"
. "$(dirname "${BASH_SOURCE[0]}")/tmux-harness.sh"

DISK="$WORK/disk"
mkdir -p "$DISK"
mount -t tmpfs -o size=600k,mode=0700 regimen-full-disk "$DISK" || { echo "cannot mount a tmpfs at $DISK" >&2; exit 2; }
trap 'stop_tmux; umount "$DISK"; rm -rf "$WORK"' EXIT
HOME_DIR="$DISK/home"
mkdir -p "$HOME_DIR"
export REGIMEN_HOME="$HOME_DIR"
STORE="$HOME_DIR/store.sqlite"

fill() { dd if=/dev/zero of="$DISK/filler" bs=4k >/dev/null 2>&1; [ "$(df --output=avail -k "$DISK" | tail -n 1 | tr -d ' ')" -eq 0 ]; }
free_space() { rm -f "$DISK/filler"; }
fingerprint() { sha256sum "$STORE" | cut -d' ' -f1; }
stored_answers() { "$BIN" outcomes --format csv | tail -n +2 | cut -d, -f5 | paste -sd' '; }
# expect DESCRIPTION COMMAND…: a check outside tmux, counted with the others.
expect() { local description="$1"; shift; if "$@"; then PASSED=$((PASSED + 1)); echo "ok - $description"; else FAILED=$((FAILED + 1)); echo "not ok - $description"; fi; }

# 1. A check-in stored while there is room.
printf '4\n8\n' | "$BIN" run checkin --quiet >/dev/null 2>"$WORK/err1"
expect "a check-in is stored while the disk has room" [ "$(stored_answers)" = "4 8" ]

# 2. The disk full: reading works and changes nothing; a run stops before the first question.
expect "the disk fills up" fill
before="$(fingerprint)"
"$BIN" today >"$WORK/today" 2>"$WORK/err2"
expect "today works on a full disk" [ $? -eq 0 ]
expect "today shows the stored check-in" grep -Eq 'Check In +done' "$WORK/today"
expect "outcomes works on a full disk" [ "$(stored_answers)" = "4 8" ]
expect "the store's bytes are unchanged" [ "$(fingerprint)" = "$before" ]
printf '5\n5\n' | "$BIN" run checkin --replace >"$WORK/out3" 2>"$WORK/err3"
status=$?
expect "a run on a full disk fails" [ "$status" -ne 0 ]
expect "it says the disk is full" grep -q 'the disk holding the care store is full' "$WORK/err3"
expect "it does not blame permissions" bash -c '! grep -q "belong to you" "$1"' _ "$WORK/err3"
expect "no question was asked" bash -c '! grep -q "Question 1" "$1"' _ "$WORK/out3"
free_space

# 3. Piped answers, the disk filling between them: the lines come back as a command that gives them again.
mkfifo "$WORK/answers"
"$BIN" run checkin --replace <"$WORK/answers" >"$WORK/out4" 2>"$WORK/err4" &
run=$!
exec 3>"$WORK/answers"
printf '6\n' >&3
deadline=$(( $(date +%s) + DEADLINE_SECONDS ))
until grep -q 'Question 2 of 2' "$WORK/out4" || [ "$(date +%s)" -ge "$deadline" ]; do sleep 0.05; done
fill
printf "it's 3\n3\n" >&3
exec 3>&-
wait "$run"
status=$?
expect "the run ends with exit 1" [ "$status" -eq 1 ]
expect "it says the disk is full and nothing was stored" grep -q 'the disk is full: the answers could not be written in .*nothing was stored' "$WORK/err4"
expect "it gives the command that gives the lines again" grep -q "^printf '%s\\\\n' 6 'it'\\\\''s 3' 3 | regimen run checkin --date 2026-11-21 --replace\$" "$WORK/err4"
expect "the stored answers are the earlier ones" [ "$(stored_answers)" = "4 8" ]
free_space
replay="$(grep "^printf '%s" "$WORK/err4" | sed "s#| regimen #| '$BIN' #")"
bash -c "$replay" >"$WORK/out5" 2>"$WORK/err5"
expect "the printed command stores the answers once space is freed" [ "$(stored_answers)" = "6 3" ]

# 4. At a terminal: the answers stay in memory while the participant frees space.
start() { local name="$1"; shift; new_pane "$name" 120 40 "$(printf '%q ' "$BIN" "$@"); echo \"[exit \$?]\""; }
start retry run checkin --replace
check retry "the first question appears" wait_for retry 'Question 1 of 2'
type_line retry 7
check retry "the second question appears" wait_for retry 'Question 2 of 2'
fill
type_line retry 2
check retry "it says the disk is full and the answers stay in memory" wait_for retry 'is full, so your answers could not be saved'
check retry "it asks to try again" wait_for_last retry 'Try saving your answers again\? \[Y/n\]'
type_line retry ''
check retry "still full: it asks again" wait_for_count retry 'Try saving your answers again?' 2
free_space
type_line retry y
check retry "with room again, the answers are stored" wait_for retry 'Stored Pain 7 · Sleep 2 h'
check retry "and the run exits 0" wait_for retry '^\[exit 0\]$'
expect "the store holds the terminal's answers" [ "$(stored_answers)" = "7 2" ]

start decline run checkin --replace
check decline "the first question appears" wait_for decline 'Question 1 of 2'
type_line decline 9
check decline "the second question appears" wait_for decline 'Question 2 of 2'
fill
type_line decline 1
check decline "it asks to try again" wait_for_last decline 'Try saving your answers again\? \[Y/n\]'
type_line decline n
check decline "declining prints the command that gives the answers again" wait_for decline "^printf '%s\\\\n' 9 1 \\| regimen run checkin --date 2026-11-21 --replace$"
check decline "and exits 1" wait_for decline '^\[exit 1\]$'
free_space
expect "nothing was stored by the declined run" [ "$(stored_answers)" = "7 2" ]

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
