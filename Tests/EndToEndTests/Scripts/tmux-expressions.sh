#!/usr/bin/env bash
# Drives `regimen run body` at a real terminal (tmux panes) for issue 44: an earlier answer piped into later text, a
# calculated item shown as a read-only line, the previous run's answer pre-filled and kept by Enter, and a survey
# changed since that run offering nothing (docs/expressions.md, "In survey files").
# Usage: tmux-expressions.sh PATH/TO/regimen
# Ends with "N passed, M failed"; exit 1 when anything failed.
set -u

BIN="${1:?usage: tmux-expressions.sh PATH/TO/regimen}"
SOCK_NAME="regimen-e2e-expressions"
. "$(dirname "${BASH_SOURCE[0]}")/tmux-harness.sh"

STORE="$WORK/store.sqlite"
SURVEYS="$WORK/surveys"
mkdir -p "$SURVEYS"
write_survey() {
    cat >"$SURVEYS/body.yaml" <<YAML
id: body
title: $1
schedule:
  - daily: { at: "08:00" }
steps:
  - question: name
    questionText: Your first name?
    freeText: {}
  - form: measures
    title: "Measures of {{ %name }}"
    items:
      - { id: weight, text: Weight, decimal: { unit: kg }, initial: previous }
      - { id: height, text: Height, decimal: { unit: cm } }
      - { id: bmi, text: Body mass index, calculated: "%weight / ((%height / 100) * (%height / 100))", decimal: { fractionDigits: 1, unit: kg/m² } }
      - { id: feeling, text: "How do you feel, {{ %name }}?", freeText: {} }
YAML
}
absent() { ! screen "$1" | grep -q -- "$2"; }
start() {
    local name="$1"
    shift
    new_pane "$name" 100 40 "$(printf '%q ' "$BIN" run body --surveys "$SURVEYS" --store "$STORE" "$@"); echo \"[exit \$?]\""
}

# 1. A first run: the name is piped into the form's title and a later question; the BMI is a read-only line.
write_survey "Body check"
start first
check first "the first question appears" wait_for first 'Your first name\?'
type_line first Ann
check first "the form's title shows the name" wait_for first 'Measures of Ann'
check first "nothing is pre-filled on a first run" absent first 'Last time'
type_line first 70
check first "the height question appears" wait_for first 'Question 2 of 4: Height'
type_line first 175
check first "the BMI is shown read-only" wait_for first '^Body mass index: 22.9 kg/m²$'
check first "the next question shows the name" wait_for first 'Question 4 of 4: How do you feel, Ann\?'
type_line first fine
check first "the run ends with exit 0" wait_for first '^\[exit 0\]$'

# 2. The next run of the same survey pre-fills last time's weight; Enter keeps it.
start second --replace
type_line second Ann
check second "last time's weight is offered" wait_for second 'Last time: 70 kg \(press Enter to keep it\)\.'
tm send-keys -t second Enter
check second "Enter keeps it" wait_for second 'Keeping the pre-filled answer: 70 kg\.'
type_line second 180
check second "the BMI follows the new height" wait_for second '^Body mass index: 21.6 kg/m²$'
type_line second ""
check second "the run ends with exit 0" wait_for second '^\[exit 0\]$'

# 3. The survey file changed: a new version, so the earlier runs' answers are not offered.
write_survey "Body check, revised"
start third --replace
type_line third Ann
check third "the weight question appears" wait_for third 'Question 1 of 4: Weight'
check third "nothing is pre-filled from another version" absent third 'Last time'
type_line third 72
type_line third 180
check third "the BMI is computed from this run's answers" wait_for third '^Body mass index: 22.2 kg/m²$'
type_line third ""
check third "the run ends with exit 0" wait_for third '^\[exit 0\]$'

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
