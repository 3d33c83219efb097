#!/usr/bin/env bash
# Drives `regimen run checkin` at a real terminal (a tmux pane) and checks what the participant sees.
# Usage: tmux-checkin.sh PATH/TO/regimen
# The pane, polling and check helpers are shared with the other tmux scripts (tmux-harness.sh).
# Ends with the line "N passed, M failed"; exit status 1 when anything failed.
set -u

BIN="${1:?usage: tmux-checkin.sh PATH/TO/regimen}"
SOCK_NAME="regimen-e2e"
. "$(dirname "${BASH_SOURCE[0]}")/tmux-harness.sh"

RESULTS="$WORK/results"

# start NAME: runs the check-in in a new 80x24 session NAME; the pane prints "[exit N]" when it ends.
start() {
    new_pane "$1" 80 24 "$(printf '%q run checkin --results %q --store %q; echo "[exit $?]"' "$BIN" "$RESULTS" "$WORK/$1.sqlite")"
}

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
check three "help lists the commands" wait_for three 'quit +stop now; once something is answered, asks whether to keep'
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
