#!/usr/bin/env bash
# Drives `regimen run checkin` at a real terminal (a tmux pane) and checks what the participant sees.
# Usage: tmux-checkin.sh PATH/TO/regimen
# Follows platform.md §3: private -L socket, remain-on-exit, INPUTRC=/dev/null, polling with a deadline,
# an explicit "[exit N]" marker. Ends with the line "N passed, M failed"; exit status 1 when anything failed.
set -u

BIN="${1:?usage: tmux-checkin.sh PATH/TO/regimen}"
[ -x "$BIN" ] || { echo "not executable: $BIN" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux is not installed" >&2; exit 2; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/regimen-tmux.XXXXXX")"
SOCK="regimen-e2e-$$"
DEADLINE_SECONDS="${TMUX_E2E_DEADLINE:-15}"
PASSED=0
FAILED=0

tm() { tmux -L "$SOCK" -f "$WORK/tmux.conf" "$@"; }
cleanup() { tm kill-server >/dev/null 2>&1; rm -rf "$WORK"; }
trap cleanup EXIT
trap "exit 1" INT TERM HUP
printf 'set -g remain-on-exit on\nset -g history-limit 2000\n' > "$WORK/tmux.conf"

HOME_DIR="$WORK/home"
RESULTS="$WORK/results"
mkdir -p "$HOME_DIR"

# Environment passed into the pane: pinned time/zone/surveys from the caller, no colour, no user key bindings.
PASS_ENV=()
for var in REGIMEN_NOW REGIMEN_SURVEYS TZ; do
    [ -n "${!var:-}" ] && PASS_ENV+=(-e "$var=${!var}")
done

# start NAME: runs the check-in in a new 80x24 session NAME; the pane prints "[exit N]" when it ends.
start() {
    local name="$1"
    local command
    command="$(printf '%q run checkin --results %q --store %q; echo "[exit $?]"' "$BIN" "$RESULTS" "$WORK/$name.sqlite")"
    tm new-session -d -s "$name" -x 80 -y 24 -e INPUTRC=/dev/null -e TERM=xterm-256color -e NO_COLOR=1 \
        -e "REGIMEN_HOME=$HOME_DIR" "${PASS_ENV[@]}" "$command"
}

# The pane's text with wrapped lines joined (a long result path stays whole) and trailing spaces removed.
screen() { tm capture-pane -p -J -S - -t "$1" 2>/dev/null | sed 's/ *$//'; }

# wait_for NAME REGEX [last]: polls the pane until a line matches REGEX (extended), or the deadline passes.
# With "last", only the last non-empty line counts (the line being edited). Gives up at once when the
# program has already ended ("[exit N]" shown) without a match.
wait_for() {
    local name="$1" pattern="$2" only_last="${3:-}"
    local end=$(( $(date +%s%N) / 1000000 + DEADLINE_SECONDS * 1000 ))
    local full text
    while :; do
        full="$(screen "$name" | sed '/^$/d')"  # one capture per round: the match and the exit check see the same screen
        text="$full"
        [ -n "$only_last" ] && text="$(printf '%s\n' "$full" | tail -n 1)"
        printf '%s\n' "$text" | grep -Eq -- "$pattern" && return 0
        printf '%s\n' "$full" | grep -Eq '^\[exit [0-9]+\]$' && return 1
        [ $(( $(date +%s%N) / 1000000 )) -ge "$end" ] && return 1
        sleep 0.05
    done
}
wait_for_last() { wait_for "$1" "$2" last; }

# check NAME DESCRIPTION COMMAND…: records a pass, or a failure with the pane's contents.
check() {
    local name="$1" description="$2"
    shift 2
    if "$@"; then
        PASSED=$((PASSED + 1)); echo "ok - $description"
    else
        FAILED=$((FAILED + 1)); echo "not ok - $description"
        echo "---- screen of $name ----"; screen "$name" | sed -e '/^$/d' -e 's/^/| /'; echo "----"
    fi
}

type_line() { tm send-keys -t "$1" -l -- "$2"; tm send-keys -t "$1" Enter; }
result_files() { find "$RESULTS" -name '*.json' -type f 2>/dev/null; }
no_result_files() { [ -z "$(result_files)" ]; }
file_mode() { stat -c '%a' "$1" 2>/dev/null; }

# 1. Validation at the prompt, then a finished check-in that prints its result file.
start one
check one "the first form question and its prompt appear" wait_for one 'Question 1 of 2'
check one "the input prompt is shown" wait_for one '^>$'
type_line one 11
check one "11 is refused with the format's message" wait_for one '11 is above the maximum 10'
type_line one 4
check one "4 is accepted and the second question follows" wait_for one 'Question 2 of 2'
type_line one 8
check one "the run ends with exit 0" wait_for one '^\[exit 0\]$'
check one "exactly one result file is written" test "$(result_files | wc -l)" -eq 1
RESULT="$(result_files | head -n 1)"
check one "the result file's path is printed" wait_for one "$(basename "${RESULT:-none}" | sed 's/[.[\*^$]/\\&/g')"
HISTORY="$HOME_DIR/history/checkin"
check one "history keeps the typed lines, trimmed, in \$REGIMEN_HOME/history/checkin" \
    bash -c 'grep -qx 11 "$1" && grep -qx 4 "$1" && grep -qx 8 "$1"' _ "$HISTORY"
check one "the history file is readable by its owner only" test "$(file_mode "$HISTORY")" = 600

# 2. Ctrl-C at the first prompt abandons the run: exit 130, nothing written.
rm -rf "$RESULTS"
start two
check two "the prompt appears" wait_for two '^>$'
tm send-keys -t two -l 5
tm send-keys -t two C-c
check two "Ctrl-C ends the run with exit 130" wait_for two '^\[exit 130\]$'
check two "no result file is written after Ctrl-C" no_result_files

# 3. Tab completes commands; history from run 1 is recalled with Up; Ctrl-D on an empty line abandons.
start three
check three "the prompt appears" wait_for three '^>$'
tm send-keys -t three -l he
tm send-keys -t three Tab
check three "Tab completes he to help" wait_for_last three '^> help$'
tm send-keys -t three Enter
check three "help lists the commands" wait_for three 'quit +stop now without saving'
check three "a fresh prompt follows the help" wait_for_last three '^>$'
tm send-keys -t three Up
check three "Up recalls the line typed before" wait_for_last three '^> help$'
tm send-keys -t three Up
check three "Up again recalls the last answer of the first run (history file)" wait_for_last three '^> 8$'
tm send-keys -t three C-u
tm send-keys -t three C-d
check three "Ctrl-D on an empty line ends the run with exit 130" wait_for three '^\[exit 130\]$'
check three "no result file is written after Ctrl-D" no_result_files

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
