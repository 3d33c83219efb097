#!/usr/bin/env bash
# Drives informed consent (issue 47; docs/consent.md) at a real terminal (tmux panes) and from pipes: the study's other
# tasks refused before consent; the consent run section by section with a wrong comprehension answer shown its section
# again; the name typed; the signed copy as text and PDF (0600, rendered with pdftoppm, read with pdftotext); its
# digests checked by `consent show` and a tampered copy refused; a decline, quit at every consent page and Ctrl-C
# storing nothing but the decline; a new version asked for again with the old signature and the answers kept; and
# withdrawal stopping new answers.
# Usage: tmux-consent.sh PATH/TO/regimen   (regimen-study beside it makes the PDF)
# Ends with "N passed, M failed"; exit 1 when anything failed.
set -u

BIN="${1:?usage: tmux-consent.sh PATH/TO/regimen}"
SOCK_NAME="regimen-e2e-consent"
. "$(dirname "${BASH_SOURCE[0]}")/tmux-harness.sh"
for tool in pdftotext pdftoppm; do
    command -v "$tool" >/dev/null || { echo "$tool is not installed (poppler-utils)" >&2; exit 2; }
done

# The shipped check-in and onboarding, the onboarding's consent required (a study's own document).
SURVEYS="$WORK/surveys"
mkdir -p "$SURVEYS"
cp "$REGIMEN_SURVEYS/checkin.yaml" "$REGIMEN_SURVEYS/nausea.yaml" "$SURVEYS/"
sed 's/^    required: false$/    required: true/' "$REGIMEN_SURVEYS/onboarding.yaml" >"$SURVEYS/onboarding.yaml"
grep -q '^    required: true$' "$SURVEYS/onboarding.yaml" || { echo "onboarding.yaml has no required: false" >&2; exit 2; }
# The FHIR checker (fhir.resources' R4 models) of the repository the shipped surveys come from.
CHECK_FHIR="$(dirname "$REGIMEN_SURVEYS")/scripts/check-fhir.py"
export REGIMEN_SURVEYS="$SURVEYS"
PASS_ENV=(-e "REGIMEN_SURVEYS=$SURVEYS" -e "REGIMEN_NOW=$REGIMEN_NOW" -e "TZ=${TZ:-UTC}")

absent() { ! screen "$1" | grep -Fq -- "$2"; }
# cli STORE ARGS…: runs regimen on STORE outside tmux; its output in $OUT, its exit code in $CODE.
cli() {
    local store="$1"
    shift
    OUT="$(REGIMEN_HOME="$HOME_DIR" "$BIN" "$@" --store "$store" 2>&1 </dev/null)"
    CODE=$?
}
piped() {
    local store="$1" input="$2"
    shift 2
    OUT="$(printf '%b' "$input" | REGIMEN_HOME="$HOME_DIR" "$BIN" "$@" --store "$store" 2>&1)"
    CODE=$?
}
has() { printf '%s\n' "$OUT" | grep -Fq -- "$1"; }
lacks() { ! has "$1"; }
code_is() { [ "$CODE" = "$1" ]; }
start() {
    local name="$1" store="$2" results="$3"
    new_pane "$name" 100 40 \
        "$(printf '%q ' "$BIN" run onboarding --store "$store" --results "$results"); echo \"[exit \$?]\""
}
# to_consent NAME: past the two instructions, at the first consent section.
to_consent() {
    check "$1" "the welcome shows" wait_for "$1" 'Welcome!'
    type_line "$1" ""
    check "$1" "the overview shows" wait_for "$1" 'Before You Join'
    type_line "$1" ""
    check "$1" "the first section shows with the document's identity" wait_for "$1" '^onboarding-consent 1 \(2026-11-01\)$'
}
# page_is NAME REGEX: polls until the line above the input line matches REGEX (the page now waiting for input).
page_is() {
    local end=$(( $(date +%s%N) / 1000000 + DEADLINE_SECONDS * 1000 ))
    until screen "$1" | sed '/^$/d' | tail -n 2 | head -n 1 | grep -Eq -- "$2"; do
        [ $(( $(date +%s%N) / 1000000 )) -ge "$end" ] && return 1
        sleep 0.05
    done
}
no_json() { [ -z "$(ls "$1" 2>/dev/null | grep -v '^$')" ]; }

# 1. Before consent: the feed shows only the consent task, and the check-in cannot start.
STORE="$WORK/store.sqlite"
RESULTS="$WORK/results"
cli "$STORE" today
check cli "the feed shows only the onboarding before consent" sh -c 'printf "%s\n" "$0" | grep -Fq "Onboard" && ! printf "%s\n" "$0" | grep -Fq "Check In"' "$OUT"
check cli "the feed says to consent first" has "Consent first"
piped "$STORE" '4\n8\n' run checkin
check cli "run checkin before consent exits 77" code_is 77
check cli "run checkin says why it cannot start" has "can't start before you consent to the study: run regimen run onboarding first"
cli "$STORE" log nausea 4
check cli "log nausea before consent exits 77" code_is 77

# 2. The consent run at the terminal, section by section, a wrong answer, the name, the agreement.
start sign "$STORE" "$RESULTS"
to_consent sign
check sign "section 1 of 3" wait_for sign 'What you will do +\(section 1 of 3\)'
type_line sign ""
check sign "section 2 of 3" wait_for sign 'Your data +\(section 2 of 3\)'
type_line sign ""
check sign "section 3 of 3" wait_for sign 'Taking part is your choice +\(section 3 of 3\)'
type_line sign ""
check sign "the comprehension question" wait_for sign 'Can you stop taking part in the study whenever you like\?'
type_line sign "7"
check sign "a number out of range is refused" wait_for sign 'Type the number of one of the answers, 1 to 2\.'
type_line sign "1"
check sign "a wrong answer shows the section again" wait_for sign 'That answer is not right\. Read this section again'
check sign "the section shown again is the one the question is about" wait_for_count sign 'Taking part is your choice' 2
type_line sign ""
check sign "the question is asked again" wait_for_count sign 'Can you stop taking part' 2
type_line sign "2"
check sign "the given name is asked" wait_for sign 'To sign, type your given name'
type_line sign ""
check sign "an empty name is refused" wait_for sign 'Your name is needed to sign'
type_line sign "Hanako"
check sign "the family name is asked" wait_for sign 'Type your family name'
type_line sign "Yamada"
check sign "the statement is shown" wait_for sign 'I have read the consent document and agree to take part in this study\.'
type_line sign "yes"
check sign "the run ends with exit 0" wait_for sign '^\[exit 0\]$'
check sign "the signed copy is named" wait_for sign 'You consented to Informed Consent, version 1\. Your signed copy: '
check sign "no warning about the PDF" absent sign 'warning'

TEXT="$(ls "$RESULTS"/*.consent.txt 2>/dev/null | head -1)"
PDF="$(ls "$RESULTS"/*.consent.pdf 2>/dev/null | head -1)"
check files "the text copy is beside the result" test -f "$TEXT"
check files "the PDF copy is beside the result" test -f "$PDF"
check files "the text copy is 0600" sh -c '[ "$(stat -c %a "$0")" = 600 ]' "$TEXT"
check files "the PDF copy is 0600" sh -c '[ "$(stat -c %a "$0")" = 600 ]' "$PDF"
check files "the text copy holds the name, the date, the version" sh -c 'grep -Fxq "Signed by: Hanako Yamada" "$0" && grep -Fxq "Signature date: 2026-11-21" "$0" && grep -Fxq "Version: 1" "$0"' "$TEXT"
pdftotext -layout "$PDF" "$WORK/copy.txt" 2>/dev/null
check files "pdftotext reads the name and the version from the PDF" sh -c 'grep -q "Signed by: Hanako Yamada" "$0" && grep -q "Version: 1" "$0" && grep -q "Taking part is your choice" "$0"' "$WORK/copy.txt"
pdftoppm -r 50 -png -f 1 -l 1 "$PDF" "$WORK/page" 2>/dev/null
check files "pdftoppm renders the first page to an image" sh -c 'f="$(ls "$0"/page*.png 2>/dev/null | head -1)"; [ -n "$f" ] && [ "$(stat -c %s "$f")" -gt 1000 ]' "$WORK"
check files "the result holds ORKConsentSignatureResult with the name and the document digest" sh -c 'f="$(ls "$0"/*.json | head -1)"; grep -q "ORKConsentSignatureResult" "$f" && grep -q "\"givenName\" *: *\"Hanako\"" "$f" && grep -q "\"documentDigest\"" "$f"' "$RESULTS"
check files "no readline history keeps the name" sh -c '! grep -rqs Hanako "$0/history"' "$HOME_DIR"

cli "$STORE" consent show
check cli "consent show exits 0" code_is 0
check cli "consent show prints the copy" has "Signed by: Hanako Yamada"
check cli "consent show says the digest was checked" has "SHA-256 checked"
cp "$TEXT" "$WORK/copy.bak"
sed -i 's/Yamada/Tanaka/' "$TEXT"
cli "$STORE" consent show
check cli "a tampered copy is refused with exit 65" code_is 65
check cli "the refusal names the file and the change" has "the signed consent copy was changed after it was written"
check cli "the refusal does not print the tampered name" lacks "Tanaka"
cp "$WORK/copy.bak" "$TEXT"
printf 'x' >>"$PDF"
cli "$STORE" consent show
check cli "a tampered PDF is refused with exit 65" code_is 65
truncate -s -1 "$PDF"

cli "$STORE" consent show --format fhir
printf '%s\n' "$OUT" >"$WORK/consent.json"
check cli "the FHIR Consent is active and refers to the PDF" sh -c 'grep -q "\"status\": \"active\"" "$0" && grep -q "\"contentType\": \"application/pdf\"" "$0" && grep -q "\"uri\": \"urn:regimen:consent:onboarding-consent:1\"" "$0"' "$WORK/consent.json"
if python3 -c 'import fhir.resources' 2>/dev/null; then
    check cli "the FHIR Consent parses with fhir.resources' R4 models" python3 "$CHECK_FHIR" "$WORK/consent.json"
fi

cli "$STORE" today
check cli "after consent the feed shows the check-in" has "Check In"
piped "$STORE" '4\n8\n' run checkin --record "$WORK/checkin.jsonl"
check cli "after consent the check-in runs" code_is 0
cli "$STORE" replay onboarding "$WORK/checkin.jsonl"
check cli "a consent is never replayed (exit 64)" code_is 64

# 3. Declining, and quit or Ctrl-C at every consent page: nothing stored but the decline.
STORE2="$WORK/store2.sqlite"
RESULTS2="$WORK/results2"
start decline "$STORE2" "$RESULTS2"
to_consent decline
for page in 1 2 3; do type_line decline ""; done
check decline "the question" wait_for decline 'Can you stop taking part'
type_line decline "2"
type_line decline "Taro"
type_line decline "Sato"
check decline "the statement" wait_for decline 'I have read the consent document'
type_line decline "no"
check decline "the decline is said" wait_for decline 'You declined the consent\. Only your decline was recorded; no answer was stored\.'
check decline "a decline exits 0" wait_for decline '^\[exit 0\]$'
check decline "no result file nor copy after a decline" no_json "$RESULTS2"
cli "$STORE2" consent show
check cli "consent show after a decline: nothing signed" code_is 1
piped "$STORE2" '4\n8\n' run checkin
check cli "after a decline the check-in still cannot start" code_is 77

# quit at each page (first section, third section, question, given name, family name, statement), Ctrl-C at one:
# each page is waited for before quitting there.
quit_at() {
    local name="$1" lines="$2" page="$3" key="$4"
    start "$name" "$STORE2" "$RESULTS2"
    to_consent "$name"
    local line
    while IFS= read -r line || [ -n "$line" ]; do type_line "$name" "$line"; done < <(printf '%b' "$lines")
    check "$name" "the page to leave is shown" page_is "$name" "$page"
    if [ "$key" = quit ]; then type_line "$name" quit; else tm send-keys -t "$name" C-c; fi
    check "$name" "$key at that page exits 130" wait_for "$name" '^\[exit 130\]$'
    check "$name" "$key asks nothing about keeping answers" absent "$name" 'finish later'
}
quit_at q1 '' '^Press Enter to continue' quit
quit_at q2 '\n\n' '^Press Enter to continue' quit
quit_at q3 '\n\n\n' '^Type the number of your answer' quit
quit_at q4 '\n\n\n2' '^To sign, type your given name' quit
quit_at q5 '\n\n\n2\nTaro' '^Type your family name' quit
quit_at q6 '\n\n\n2\nTaro\nSato' '^Type yes to consent, or no to decline' quit
quit_at c1 '\n\n\n2\nTaro\nSato' '^Type yes to consent, or no to decline' ctrl-c
check files "nothing was written by a quit or Ctrl-C" no_json "$RESULTS2"
check files "nothing was kept to finish later" sh -c '! ls -A "$0" 2>/dev/null | grep -q unfinished' "$RESULTS2"
check files "no history keeps the name typed" sh -c '! grep -rqs Taro "$0/history"' "$HOME_DIR"

# 4. A new version: asked for again at the next run (piped); the old signature and the answers kept.
sed -i 's/^    version: "1"$/    version: "2"/' "$SURVEYS/onboarding.yaml"
export REGIMEN_NOW=2026-11-22T08:04:00Z
piped "$STORE" '4\n8\n' run checkin
check cli "a new version closes the check-in (exit 77)" code_is 77
check cli "and says to consent to version 2" has "has a new version (2): run regimen run onboarding"
piped "$STORE" '\n\n\n\n\n2\nHanako\nYamada\nyes\n' run onboarding --results "$RESULTS"
check cli "the piped consent run signs version 2" has "version 2"
cli "$STORE" consent show
check cli "consent show shows version 2" has "Version: 2"
check files "the version 1 copy is kept" test -f "$TEXT"
check files "two signed copies are kept" sh -c '[ "$(ls "$0"/*.consent.txt | wc -l)" = 2 ]' "$RESULTS"
cli "$STORE" outcomes --task checkin --format csv
check cli "the check-in answered under version 1 is kept" sh -c 'printf "%s\n" "$0" | grep -q "^checkin,0,2026-11-21T08:00:00Z,checkin.form.pain,4,"' "$OUT"
piped "$STORE" '5\n7\n' run checkin
check cli "after re-consent the check-in runs" code_is 0

# 5. Withdrawal: the document offers keep and remove, so the choice is needed; then no new answers.
cli "$STORE" consent withdraw
check cli "withdraw without --data exits 64 (the document offers both)" code_is 64
cli "$STORE" consent withdraw --data erase
check cli "an unknown --data is refused" code_is 64
cli "$STORE" consent withdraw --data keep
check cli "withdraw --data keep exits 0" code_is 0
check cli "withdraw says the answers stay and no new ones can be given" has "No new answers can be given"
piped "$STORE" '4\n8\n' run checkin --replace
check cli "a withdrawn participant cannot add answers (exit 77)" code_is 77
check cli "and is told why" has "You withdrew your consent"
cli "$STORE" replay checkin "$WORK/checkin.jsonl" --replace
check cli "nor can a replay add answers (exit 77)" code_is 77
cli "$STORE" log nausea 4
check cli "nor can a log (exit 77)" code_is 77
check cli "and the log is told why" has "You withdrew your consent"
# Ingest stores no answer given after the withdrawal (a copy of a check-in moved a day later), only earlier ones.
EARLIER="$(ls "$HOME_DIR"/results/checkin/*.json | head -1)"
sed 's/2026-11-2[12]T/2026-11-23T/g' "$EARLIER" >"$WORK/later-checkin.json"
REGIMEN_NOW=2026-11-24T08:00:00Z cli "$STORE" ingest "$WORK/later-checkin.json"
check cli "ingest of a run that ended after the withdrawal is refused (exit 65)" code_is 65
check cli "and says why" has "the run ended after consent was withdrawn on 2026-11-22"
cli "$STORE" ingest "$EARLIER"
check cli "a run from before the withdrawal still ingests" code_is 0
cli "$STORE" consent show
check cli "consent show records the withdrawal" has "Withdrawn on"
cli "$STORE" consent show --format fhir
printf '%s\n' "$OUT" >"$WORK/withdrawn.json"
check cli "the withdrawn FHIR Consent is inactive, its provision ended" sh -c 'grep -q "\"status\": \"inactive\"" "$0" && grep -q "\"end\": \"2026-11-22T08:04:00Z\"" "$0"' "$WORK/withdrawn.json"
if python3 -c 'import fhir.resources' 2>/dev/null; then
    check cli "the withdrawn FHIR Consent parses with fhir.resources' R4 models" python3 "$CHECK_FHIR" "$WORK/withdrawn.json"
fi
cli "$STORE" consent withdraw --data keep
check cli "withdrawing again finds nothing standing" code_is 1

stop_tmux
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
