#!/usr/bin/env bash
# Drives `regimen run` at a real terminal (tmux panes) for issue 11: the "Replace it? [y/N]" confirmation read by
# readline (Tab, Ctrl-C, Ctrl-D, quit, yes), outputs checked before the first question, control characters refused
# and kept out of the history, the tour's optional walk left empty, its multi-line note and its pattern message.
# Usage: tmux-participant.sh PATH/TO/regimen
# Ends with "N passed, M failed"; exit 1 when anything failed.
# The pane, polling and check helpers are shared with the other tmux scripts (tmux-harness.sh).
set -u

BIN="${1:?usage: tmux-participant.sh PATH/TO/regimen}"
SOCK_NAME="regimen-e2e-participant"
. "$(dirname "${BASH_SOURCE[0]}")/tmux-harness.sh"

STORE="$WORK/store.sqlite"

# start NAME ARGS…: runs `regimen ARGS…` in a new 100x40 session NAME; the pane prints "[exit N]" when it ends.
start() {
    local name="$1"
    shift
    new_pane "$name" 100 40 "$(printf '%q ' "$BIN" "$@"); echo \"[exit \$?]\""
}

screen_lacks() { ! screen "$1" | grep -Fq -- "$2"; }
count_results() { find "$1" -name '*.json' -type f 2>/dev/null | wc -l; }

CHECKIN=(run checkin --store "$STORE" --results "$WORK/checkin")

# 1. A first check-in at the terminal; a control character typed with Ctrl-V Esc is refused, not kept in history.
start first "${CHECKIN[@]}"
check first "the first question appears" wait_for first 'Question 1 of 2'
tm send-keys -t first -l 4
tm send-keys -t first C-v Escape
tm send-keys -t first Enter
check first "a line with ESC is refused, naming control characters" wait_for first 'control characters'
check first "the same question is asked again, not the next one" screen_lacks first 'Question 2 of 2'
type_line first 4
check first "4 is accepted" wait_for first 'Question 2 of 2'
type_line first 8
check first "the check-in ends with exit 0" wait_for first '^\[exit 0\]$'
check first "the history keeps 4 and 8 but no line with ESC" \
    bash -c 'grep -qx 4 "$1" && grep -qx 8 "$1" && ! grep -q $'"'"'\x1b'"'"' "$1"' _ "$HOME_DIR/history/checkin"

# 2. Already done: the confirmation is read by readline (Tab completes), Ctrl-C abandons with 130, nothing written.
start second "${CHECKIN[@]}"
check second "the confirmation is asked" wait_for second 'Replace it\? \[y/N\]'
tm send-keys -t second -l ye
tm send-keys -t second Tab
check second "Tab completes ye to yes at the confirmation (readline)" wait_for_last second 'Replace it\? \[y/N\] yes$'
tm send-keys -t second C-c
check second "Ctrl-C at the confirmation ends with exit 130" wait_for second '^\[exit 130\]$'
check second "no question was asked after Ctrl-C" screen_lacks second 'Question 1 of 2'
check second "no new result file after Ctrl-C" test "$(count_results "$WORK/checkin")" -eq 1

# 3. Ctrl-D on the empty confirmation line abandons too; quit as well.
start third "${CHECKIN[@]}"
check third "the confirmation is asked" wait_for third 'Replace it\? \[y/N\]'
tm send-keys -t third C-d
check third "Ctrl-D at the confirmation ends with exit 130" wait_for third '^\[exit 130\]$'
start fourth "${CHECKIN[@]}"
check fourth "the confirmation is asked" wait_for fourth 'Replace it\? \[y/N\]'
type_line fourth quit
check fourth "quit at the confirmation ends with exit 130" wait_for fourth '^\[exit 130\]$'
check fourth "nothing written after Ctrl-D or quit" test "$(count_results "$WORK/checkin")" -eq 1

# 4. y replaces: the questions follow and the new answers are stored.
start fifth "${CHECKIN[@]}"
check fifth "the confirmation is asked" wait_for fifth 'Replace it\? \[y/N\]'
type_line fifth y
check fifth "after y the first question appears" wait_for fifth 'Question 1 of 2'
type_line fifth 5
check fifth "the second question appears" wait_for fifth 'Question 2 of 2'
type_line fifth 9
check fifth "the replacement ends with exit 0" wait_for fifth '^\[exit 0\]$'
check fifth "the replaced outcome is stored" wait_for fifth 'Stored Pain 5 · Sleep 9 h'

# 5. An unusable --results path is reported before any question.
printf 'x' > "$WORK/plain"
start sixth run checkin --store "$WORK/other.sqlite" --results "$WORK/plain/results"
check sixth "an unusable result folder ends with exit 1" wait_for sixth '^\[exit 1\]$'
check sixth "the message names the path and why" wait_for sixth 'plain is not a folder'
check sixth "no question was asked" screen_lacks sixth 'Question 1 of 2'

# 6. The tour: the optional walk left empty, the multi-line note, the study code's own message; the run completes.
TOUR_RESULTS="$WORK/tour"
start tour run tour --store "$WORK/tour.sqlite" --results "$TOUR_RESULTS"
check tour "the tour's introduction appears" wait_for tour 'Press Enter to continue'
tm send-keys -t tour Enter
check tour "the feeling question appears" wait_for tour 'How are you feeling today'
type_line tour great
check tour "the walk question appears" wait_for tour 'Did you go for a walk today'
tm send-keys -t tour Enter
check tour "the walk left empty, its duration is asked" wait_for tour 'How long did you walk'
tm send-keys -t tour Enter
for n in 1 2 3 4 5; do
    check tour "details question $n appears" wait_for tour "Question $n of 11"
    tm send-keys -t tour Enter
done
check tour "the note question says how to finish several lines" wait_for tour 'press Enter on an empty line to finish'
type_line tour "line one"
check tour "a continuation prompt follows the first line" wait_for_last tour '^\|$'
type_line tour "line two"
check tour "another continuation prompt follows" wait_for_last tour '^\|$'
tm send-keys -t tour Enter
check tour "the empty line finishes the note; the study code follows" wait_for tour 'Question 7 of 11'
check tour "the study code shows its invalidMessage" wait_for tour 'Use three capital letters, a dash and three digits, like ABC-123\.'
check tour "no 'Enter any text' for the study code" screen_lacks tour 'Enter any text'
type_line tour abc
check tour "a wrong code shows the message again" wait_for_count tour 'like ABC-123.' 2
type_line tour ABC-123
for n in 8 9 10 11; do
    check tour "details question $n appears" wait_for tour "Question $n of 11"
    tm send-keys -t tour Enter
done
check tour "the tour completes with exit 0 although optional answers were left empty" wait_for tour '^\[exit 0\]$'
check tour "one tour result file holds the two-line note" \
    bash -c 'f=$(find "$1" -name "*.json" -type f); [ "$(printf "%s\n" "$f" | grep -c .)" -eq 1 ] && grep -q "line one\\\\nline two" "$f"' _ "$TOUR_RESULTS"

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
