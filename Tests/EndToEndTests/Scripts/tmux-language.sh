#!/usr/bin/env bash
# Drives the built-in check-in at a real terminal (tmux panes of 40 and 80 columns) in Japanese and in Simplified
# Chinese (docs/languages.md; docs/text-width.md): every screen row is where Python's wcwidth puts it, readline moves
# over and deletes whole fullwidth digits, fullwidth digits are read as numbers, and the result file is the same
# bytes as the English replay of the same lines apart from userInfo.language.
# Usage: tmux-language.sh PATH/TO/regimen
# Ends with "N passed, M failed"; exit 1 when anything failed; exit 2 when tmux, python3 or wcwidth is missing.
set -u

BIN="${1:?usage: tmux-language.sh PATH/TO/regimen}"
SOCK_NAME="regimen-e2e-language"
. "$(dirname "${BASH_SOURCE[0]}")/tmux-harness.sh"
python3 -c 'import wcwidth' 2>/dev/null || { echo "the Python package wcwidth is not installed" >&2; exit 2; }

# rows_match_wcwidth NAME WIDTH: each logical line of the pane (wrapped rows joined), laid out cell by cell at WIDTH
# columns with wcwidth's widths (a two-column character that does not fit in the last column starts the next row),
# gives exactly the rows tmux shows.
rows_match_wcwidth() {
    local rows joined
    rows="$(tm capture-pane -p -S - -t "$1")"
    joined="$(tm capture-pane -p -J -S - -t "$1")"
    ROWS="$rows" JOINED="$joined" python3 - "$2" <<'PY'
import os, sys, wcwidth
width = int(sys.argv[1])
# tmux's own "Pane is dead" line and the empty rows of the pane are not the program's output.
def shown(text):
    lines = [line.rstrip(" ") for line in text.split("\n") if not line.startswith("Pane is dead")]
    while lines and lines[-1] == "": lines.pop()
    return lines
rows = shown(os.environ["ROWS"])
expected = []
for line in shown(os.environ["JOINED"]):
    row, column = "", 0
    for character in line:
        cells = max(wcwidth.wcwidth(character), 0)
        if column + cells > width:
            expected.append(row.rstrip(" "))
            row, column = "", 0
        row += character
        column += cells
    expected.append(row.rstrip(" "))
while expected and expected[-1] == "": expected.pop()
bad = [(n, a, b) for n, (a, b) in enumerate(zip(rows, expected)) if a != b]
wide = [row for row in rows if wcwidth.wcswidth(row) > width]
if len(rows) != len(expected) or bad or wide:
    print(f"rows {len(rows)}, by wcwidth {len(expected)}; first difference {bad[:1]}; wider than {width}: {wide[:1]}")
    sys.exit(1)
PY
}

# run_checkin LANGUAGE WIDTH QUESTION: the check-in in LANGUAGE at WIDTH columns; the pain answer typed in fullwidth
# digits and edited, the sleep answer in fullwidth digits.
run_checkin() {
    local language="$1" width="$2" question="$3" name="$1-$2"
    local store="$WORK/store-$name.sqlite"
    new_pane "$name" "$width" 40 "$(printf '%q ' "$BIN" run checkin --language "$language" --store "$store" \
        --results "$WORK/results-$name" --record "$WORK/transcript-$name.jsonl"); echo \"[exit \$?]\""
    check "$name" "$name: the first question is shown in $language" wait_for "$name" "$question"
    check "$name" "$name: the prompt waits" wait_for_last "$name" '^>$'
    check "$name" "$name: every row is where wcwidth puts it, at $width columns" rows_match_wcwidth "$name" "$width"
    tm send-keys -t "$name" -l -- "２８"
    check "$name" "$name: the fullwidth digits show" wait_for_last "$name" '^> ２８$'
    check "$name" "$name: the cursor is after their four columns" wait_for_cursor "$name" 6
    tm send-keys -t "$name" Left
    check "$name" "$name: Left moves over one whole character (two columns)" wait_for_cursor "$name" 4
    tm send-keys -t "$name" BSpace
    check "$name" "$name: Backspace deletes the whole character before the cursor" wait_for_last "$name" '^> ８$'
    check "$name" "$name: the cursor is two columns back" wait_for_cursor "$name" 2
    tm send-keys -t "$name" Enter
    check "$name" "$name: the next question is asked (８ read as 8)" wait_for_last "$name" '^>$'
    type_line "$name" "７"
    check "$name" "$name: the run ends with exit 0" wait_for "$name" '^\[exit 0\]$'
    check "$name" "$name: after the whole run every row is still where wcwidth puts it" rows_match_wcwidth "$name" "$width"
}

# same_bytes_as_english NAME LANGUAGE: the run's result file equals the English replay of its transcript, with the
# recorded language written as "en".
same_bytes_as_english() {
    local name="$1" language="$2"
    local ran replayed
    ran="$(ls "$WORK/results-$name"/*.json 2>/dev/null | head -n 1)"
    [ -n "$ran" ] || { echo "no result file in $WORK/results-$name"; return 1; }
    grep -q "\"language\" *: *\"$language\"" "$ran" || { echo "no userInfo.language $language in $ran"; return 1; }
    env REGIMEN_HOME="$HOME_DIR" "$BIN" replay checkin "$WORK/transcript-$name.jsonl" --language en --replace \
        --store "$WORK/store-$name.sqlite" --results "$WORK/replay-$name" >/dev/null || return 1
    replayed="$(ls "$WORK/replay-$name"/*.json 2>/dev/null | head -n 1)"
    [ -n "$replayed" ] || { echo "no replayed result in $WORK/replay-$name"; return 1; }
    grep -q '"scaleAnswer" *: *8' "$ran" && grep -q '"scaleAnswer" *: *7' "$ran" \
        || { echo "the answers 8 and 7 are not in $ran"; return 1; }
    cmp -s <(sed "s/\"$language\"/\"en\"/" "$ran") "$replayed" || { diff "$ran" "$replayed" | head -n 20; return 1; }
}

for width in 40 80; do
    run_checkin ja "$width" '痛みの程度はどのくらいですか？'
    check "ja-$width" "ja-$width: the result is the English replay's bytes apart from userInfo.language" \
        same_bytes_as_english "ja-$width" ja
    run_checkin zh-Hans "$width" '您的疼痛程度如何？'
    check "zh-Hans-$width" "zh-Hans-$width: the result is the English replay's bytes apart from userInfo.language" \
        same_bytes_as_english "zh-Hans-$width" zh-Hans
done

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
