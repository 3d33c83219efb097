#!/usr/bin/env bash
# Drives `regimen run nausea` (a logged task, docs/logged-tasks.md) and `regimen read recovery` (docs/articles.md) at a
# real terminal (tmux panes): a refused value asked again, two logs at the prompt without "Replace it?", and an article
# longer than the screen shown through less one screen at a time, with colors off by NO_COLOR, quit with q.
# Usage: tmux-log-and-read.sh PATH/TO/regimen
# Ends with "N passed, M failed"; exit 1 when anything failed.
set -u

BIN="${1:?usage: tmux-log-and-read.sh PATH/TO/regimen}"
SOCK_NAME="regimen-e2e-log-read"
. "$(dirname "${BASH_SOURCE[0]}")/tmux-harness.sh"

STORE="$WORK/store.sqlite"
run_pane() {
    local name="$1"
    shift
    new_pane "$name" 80 24 "$(printf '%q ' "$BIN" "$@"); echo \"[exit \$?]\""
}

# 1. A log at the prompt: 11 is refused and asked again, 6 is logged.
run_pane first run nausea --store "$STORE"
check first "the question appears" wait_for first 'How strong is your nausea right now\?'
type_line first 11
check first "11 is refused with what is accepted" wait_for first '1.*10'
type_line first 6
check first "the log ends with exit 0" wait_for first '^\[exit 0\]$'

# 2. A second log later the same day adds to the first: no "Replace it?".
new_pane second 80 24 "REGIMEN_NOW=2026-11-21T09:30:00Z $(printf '%q ' "$BIN" run nausea --store "$STORE"); echo \"[exit \$?]\""
check second "the question appears again" wait_for second 'How strong is your nausea right now\?'
check second "nothing asks to replace the first log" bash -c "! tmux -L '$SOCK' capture-pane -p -t second | grep -q 'Replace'"
type_line second 4
check second "the second log ends with exit 0" wait_for second '^\[exit 0\]$'
new_pane feed 80 24 "REGIMEN_NOW=2026-11-21T10:00:00Z $(printf '%q ' "$BIN" --store "$STORE"); echo \"[exit \$?]\""
check feed "the feed counts two logs" wait_for feed 'Track your nausea +logged 2× today, last at 09:30 +Severity 4'

# 3. An article longer than a 12-row screen goes through less: the first screen, then q.
new_pane reader 60 12 "PAGER=less $(printf '%q ' "$BIN" read recovery); echo \"[exit \$?]\""
check reader "the article's title shows at the top" wait_for reader '^Recovering after knee surgery$'
check reader "less waits after the first screen (the footnotes are not shown yet)" \
    bash -c "sleep 0.5; ! tmux -L '$SOCK' capture-pane -p -t reader | grep -q 'https://www.nhs.uk'"
check reader "no escape sequence is shown as text with NO_COLOR" \
    bash -c "! tmux -L '$SOCK' capture-pane -p -t reader | grep -q '\\[1m'"
tm send-keys -t reader q
check reader "q quits less and the command ends with exit 0" wait_for reader '^\[exit 0\]$'

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
