#!/usr/bin/env bash
# Drives `regimen run` at a real terminal (tmux panes) with Japanese text (docs/text-width.md, "The readline prompt"):
# readline, in its UTF-8 character type, moves the cursor over a wide character by its two columns, deletes a whole
# character with Backspace, and keeps the answer whole UTF-8 — with no LC_ALL, LC_CTYPE or LANG set, where readline
# would otherwise keep the C locale a Swift program starts in (one byte a character).
# Usage: tmux-wide-text.sh PATH/TO/regimen
# Ends with "N passed, M failed"; exit 1 when anything failed.
set -u

BIN="${1:?usage: tmux-wide-text.sh PATH/TO/regimen}"
SOCK_NAME="regimen-e2e-wide-text"
. "$(dirname "${BASH_SOURCE[0]}")/tmux-harness.sh"

STORE="$WORK/store.sqlite"
SURVEYS="$WORK/surveys"
mkdir -p "$SURVEYS"
cat >"$SURVEYS/place.yaml" <<YAML
id: place
title: 痛みの場所
schedule:
  - daily: { at: "08:00" }
steps:
  - question: place
    questionText: 痛みはどこですか？
    freeText: {}
  - question: note
    questionText: "「{{ %place }}」ですね。ほかに何か？"
    freeText: {}
    optional: true
YAML

new_pane wide 40 20 "env -u LC_ALL -u LC_CTYPE -u LANG $(printf '%q ' "$BIN" run place --surveys "$SURVEYS" --store "$STORE"); echo \"[exit \$?]\""
check wide "the Japanese question appears" wait_for wide '痛みはどこですか？'
check wide "the prompt is shown" wait_for_last wide '^>$'
tm send-keys -t wide -l -- "ひざ痛"
check wide "the typed answer shows" wait_for_last wide '^> ひざ痛$'
check wide "the cursor is after its six columns (2 + 3 × 2)" wait_for_cursor wide 8
tm send-keys -t wide BSpace
check wide "Backspace deletes the whole last character" wait_for_last wide '^> ひざ$'
check wide "the cursor moves back two columns" wait_for_cursor wide 6
tm send-keys -t wide Left
check wide "Left moves over one wide character" wait_for_cursor wide 4
tm send-keys -t wide -l -- "か"
check wide "a character typed there goes between the two" wait_for_last wide '^> ひかざ$'
tm send-keys -t wide Enter
check wide "the answer is read whole" wait_for wide '「ひかざ」ですね。ほかに何か？'
type_line wide ""
check wide "the run ends with exit 0" wait_for wide '^\[exit 0\]$'

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
