# Shared by the tmux end-to-end scripts (source it after setting BIN and SOCK_NAME): a private tmux server on its
# own -L socket, remain-on-exit panes with INPUTRC=/dev/null and an explicit "[exit N]" marker, polling with a
# deadline, and "ok"/"not ok" checks counted for the closing "N passed, M failed" line.

[ -x "$BIN" ] || { echo "not executable: $BIN" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux is not installed" >&2; exit 2; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/regimen-tmux.XXXXXX")"
SOCK="$SOCK_NAME-$$"
DEADLINE_SECONDS="${TMUX_E2E_DEADLINE:-15}"
PASSED=0
FAILED=0

tm() { tmux -L "$SOCK" -f "$WORK/tmux.conf" "$@"; }
# stop_tmux: ends the private server and removes its socket, which tmux (3.3) leaves behind in its socket folder.
stop_tmux() {
    tm kill-server >/dev/null 2>&1
    rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCK"
}
cleanup() { stop_tmux; rm -rf "$WORK"; }
trap cleanup EXIT
trap "exit 1" INT TERM HUP
printf 'set -g remain-on-exit on\nset -g history-limit 2000\n' > "$WORK/tmux.conf"

HOME_DIR="$WORK/home"
mkdir -p "$HOME_DIR"

# Environment passed into a pane: pinned time/zone/surveys from the caller, no color, no user key bindings.
PASS_ENV=()
for var in REGIMEN_NOW REGIMEN_SURVEYS TZ; do
    [ -n "${!var:-}" ] && PASS_ENV+=(-e "$var=${!var}")
done

# new_pane NAME WIDTH HEIGHT COMMAND: a new session NAME running COMMAND (which should end by echoing "[exit $?]").
new_pane() {
    tm new-session -d -s "$1" -x "$2" -y "$3" -e INPUTRC=/dev/null -e TERM=xterm-256color -e NO_COLOR=1 \
        -e "REGIMEN_HOME=$HOME_DIR" "${PASS_ENV[@]}" "$4"
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

# wait_for_count NAME TEXT N: polls until TEXT shows on N lines or more (a message repeated), or the deadline passes.
wait_for_count() {
    local end=$(( $(date +%s%N) / 1000000 + DEADLINE_SECONDS * 1000 ))
    while [ "$(screen "$1" | grep -Fc -- "$2")" -lt "$3" ]; do
        [ $(( $(date +%s%N) / 1000000 )) -ge "$end" ] && return 1
        sleep 0.05
    done
}
# wait_for_cursor NAME COLUMN: polls until the pane's cursor is at COLUMN (from 0), or the deadline passes. A key sent
# with send-keys moves the cursor some time later, so a single look would race with the program.
wait_for_cursor() {
    local end=$(( $(date +%s%N) / 1000000 + DEADLINE_SECONDS * 1000 ))
    while [ "$(tm display-message -p -t "$1" '#{cursor_x}')" != "$2" ]; do
        [ $(( $(date +%s%N) / 1000000 )) -ge "$end" ] && return 1
        sleep 0.05
    done
}
type_line() { tm send-keys -t "$1" -l -- "$2"; tm send-keys -t "$1" Enter; }
