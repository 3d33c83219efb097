#!/usr/bin/env bash
# Drives `regimen run checkin` at a real terminal (tmux panes) for issue 19, "Finish later": quit asks whether to keep
# the answers (readline), the feed shows the check-in in progress, the next run offers to resume, back reaches the kept
# answer, and the stored result has both answers; Ctrl-C in a resumed run keeps the earlier answers; Ctrl-C or the terminal
# closing after an answer keeps it; a run killed with SIGKILL keeps it too, and a second run of the same event is refused
# while the first is running (docs/finish-later.md).
# Usage: tmux-finish-later.sh PATH/TO/regimen
# Ends with "N passed, M failed"; exit 1 when anything failed.
set -u

BIN="${1:?usage: tmux-finish-later.sh PATH/TO/regimen}"
SOCK_NAME="regimen-e2e-finish-later"
. "$(dirname "${BASH_SOURCE[0]}")/tmux-harness.sh"

STORE="$WORK/store.sqlite"
KEPT_DIR="$HOME_DIR/results/checkin"

start() {
    local name="$1"
    shift
    new_pane "$name" 100 40 "$(printf '%q ' "$BIN" "$@"); echo \"[exit \$?]\""
}
kept_files() { find "$KEPT_DIR" -name 'unfinished-*.jsonl' -type f 2>/dev/null | wc -l; }
result_files() { find "$KEPT_DIR" -name '*.json' -type f 2>/dev/null | wc -l; }

# 1. Answer the pain, quit, keep.
start first run checkin --store "$STORE"
check first "the first question appears" wait_for first 'Question 1 of 2'
type_line first 5
check first "the second question appears" wait_for first 'Question 2 of 2'
type_line first quit
check first "quit asks whether to keep the answers" wait_for first 'Keep your answers so far to finish later\? \[y/N\]'
type_line first y
check first "keeping exits 0" wait_for first '^\[exit 0\]$'
check first "it says how to pick up" wait_for first 'picks up where you left off'
check first "one kept run, owner-only" bash -c '[ "$(find "$1" -name "unfinished-*.jsonl" -perm 600 | wc -l)" -eq 1 ]' _ "$KEPT_DIR"

# 2. The feed shows it in progress.
start feed --store "$STORE"
check feed "the feed shows the check-in in progress" wait_for feed 'Check In +in progress'

# 2b. Ctrl-C at the resume question: nothing new is kept, and the message says the earlier answers still are.
start resumeq run checkin --store "$STORE"
check resumeq "the run offers to resume" wait_for resumeq 'Resume where you left off\? \[Y/n\]'
tm send-keys -t resumeq C-c
check resumeq "Ctrl-C ends with exit 130" wait_for resumeq '^\[exit 130\]$'
check resumeq "it says the answers kept earlier are still kept" wait_for resumeq 'the answers kept earlier are still kept'
check resumeq "the earlier answers are still kept" test "$(kept_files)" -eq 1

# 3. Resume, then Ctrl-C: the earlier answers stay kept.
start second run checkin --store "$STORE"
check second "the next run offers to resume" wait_for second 'Resume where you left off\? \[Y/n\]'
tm send-keys -t second Enter
check second "it resumes at the unanswered question" wait_for second 'Question 2 of 2'
tm send-keys -t second C-c
check second "Ctrl-C ends with exit 130" wait_for second '^\[exit 130\]$'
check second "the earlier answers are still kept" test "$(kept_files)" -eq 1

# 4. Resume again, go back to the kept answer, change it, finish.
start third run checkin --store "$STORE"
check third "the run offers to resume again" wait_for third 'Resume where you left off\? \[Y/n\]'
type_line third y
check third "it resumes at the unanswered question" wait_for third 'Question 2 of 2'
type_line third back
check third "back reaches the kept answer" wait_for third 'Earlier answer: 5'
type_line third 6
check third "the sleep question comes back" wait_for_count third 'Question 2 of 2' 2
type_line third 8
check third "the resumed check-in ends with exit 0" wait_for third '^\[exit 0\]$'
check third "it stores the changed pain and the sleep" wait_for third 'Stored Pain 6 · Sleep 8 h'
check third "the kept run is gone" test "$(kept_files)" -eq 0
check third "one result file" test "$(result_files)" -eq 1

# 5. Ctrl-C after an answer keeps it, as quit then y would, and still exits 130 (docs/finish-later.md, "Interrupted runs").
start fifth run checkin --replace --store "$STORE"
check fifth "the first question appears" wait_for fifth 'Question 1 of 2'
type_line fifth 4
check fifth "the second question appears" wait_for fifth 'Question 2 of 2'
tm send-keys -t fifth C-c
check fifth "Ctrl-C ends with exit 130" wait_for fifth '^\[exit 130\]$'
check fifth "it says the answers are kept" wait_for fifth 'interrupted\. Your answers so far are kept'
check fifth "one kept run, owner-only" bash -c '[ "$(find "$1" -name "unfinished-*.jsonl" -perm 600 | wc -l)" -eq 1 ]' _ "$KEPT_DIR"

# 6. The terminal closing (SIGHUP) mid-run keeps what was typed in place of the earlier kept run.
start sixth run checkin --replace --store "$STORE"
check sixth "the run offers to resume the interrupted one" wait_for sixth 'Resume where you left off\? \[Y/n\]'
type_line sixth n
check sixth "a fresh run starts" wait_for sixth 'Question 1 of 2'
type_line sixth 3
check sixth "the second question appears" wait_for sixth 'Question 2 of 2'
tm kill-session -t sixth
kept_holds() { grep -q '"text":"3"' "$KEPT_DIR"/unfinished-*.jsonl 2>/dev/null; }
for _ in $(seq 50); do kept_holds && break; sleep 0.1; done
check sixth "the closed terminal's answer is kept" kept_holds
check sixth "still one kept run" test "$(kept_files)" -eq 1
# ("[r]un" keeps pgrep from matching this check's own command line.)
check sixth "no regimen process is left" bash -c '! pgrep -f "[r]un checkin --replace --store $1" >/dev/null' _ "$STORE"

# 7. A run killed outright (SIGKILL: no handler runs) keeps what was typed: each line is in the run's journal before the
# next question, and the next run keeps it and offers to resume it (docs/finish-later.md, "When the program is stopped").
start seventh run checkin --replace --store "$STORE"
check seventh "the run offers to resume the closed terminal's run" wait_for seventh 'Resume where you left off\? \[Y/n\]'
type_line seventh n
check seventh "a fresh run starts" wait_for seventh 'Question 1 of 2'
type_line seventh 2
check seventh "the second question appears" wait_for seventh 'Question 2 of 2'
journal_holds() { grep -q '"text":"2"' "$KEPT_DIR"/in-progress-*.jsonl 2>/dev/null; }
check seventh "the answer is in the run's journal before the next question" journal_holds
check seventh "the journal is owner-only" bash -c '[ "$(find "$1" -name "in-progress-*.jsonl" -perm 600 | wc -l)" -eq 1 ]' _ "$KEPT_DIR"
pid="$(pgrep -P "$(tm list-panes -t seventh -F '#{pane_pid}')" -f regimen)"
check seventh "the running regimen is found" test -n "$pid"
start other run checkin --replace --store "$STORE"
check other "a second run of the same event is refused (exit 75)" wait_for other '^\[exit 75\]$'
check other "it says the check-in is being answered elsewhere" wait_for other 'being answered in another terminal right now'
check other "it names the process answering it" wait_for other "held by process $pid\\)"
kill -9 $pid
check seventh "SIGKILL ends it (137)" wait_for seventh '^\[exit 137\]$'
start eighth run checkin --replace --store "$STORE"
check eighth "the next run says the stopped run's answers were kept" wait_for eighth 'was stopped before it finished; the answers typed were kept'
check eighth "it offers to resume them" wait_for eighth 'Resume where you left off\? \[Y/n\]'
tm send-keys -t eighth Enter
check eighth "it resumes at the unanswered question" wait_for eighth 'Question 2 of 2'
# Killed again after going back: the resumed run's journal holds the kept answer and the new line.
type_line eighth back
check eighth "back reaches the killed run's answer" wait_for eighth 'Earlier answer: 2'
pid="$(pgrep -P "$(tm list-panes -t eighth -F '#{pane_pid}')" -f regimen)"
kill -9 $pid
check eighth "SIGKILL ends the resumed run (137)" wait_for eighth '^\[exit 137\]$'
start ninth run checkin --replace --store "$STORE"
check ninth "the next run keeps the resumed run's lines" wait_for ninth 'was stopped before it finished; the answers typed were kept'
tm send-keys -t ninth Enter
check ninth "it resumes where the killed run stood, after back" wait_for ninth 'Question 1 of 2'
check ninth "with the first answer as the earlier answer" wait_for ninth 'Earlier answer: 2'
type_line ninth 6
check ninth "the sleep question follows" wait_for ninth 'Question 2 of 2'
type_line ninth 9
check ninth "the resumed run ends with exit 0" wait_for ninth '^\[exit 0\]$'
check ninth "it stores the changed answer and the new one" wait_for ninth 'Stored Pain 6 · Sleep 9 h'
check ninth "no kept run or journal is left" test "$(find "$KEPT_DIR" -name '*.jsonl' | wc -l)" -eq 0

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
