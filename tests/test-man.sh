#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The man pages warbench-cli(1) and warbench(1), written at build time from the
# option tables the programs parse (app/warbench-cli-man.c): each renders with
# man(1) without a warning, in a UTF-8 and in a C locale; and each command and
# each option that `warbench-cli --help`, each `warbench-cli COMMAND --help` and
# `warbench --help-all` list is on its page, under its command — so a page that
# drifted from a program fails here.
# Usage: test-man.sh PATH/TO/warbench-cli PATH/TO/warbench-cli.1 PATH/TO/warbench.1 [PATH/TO/warbench]
set -eu

CLI=$1
CLI_PAGE=$2
APP_PAGE=$3
APP=${4:-}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/wb-man-XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
LC_ALL=C.UTF-8
LANGUAGE=
export LC_ALL LANGUAGE

if ! command -v man >/dev/null 2>&1; then
  echo "man is not installed (Debian: man-db groff-base; ./dev installs them): skipped"
  exit 77
fi

failures=0
step() { printf '# %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*"; failures=$((failures + 1)); }

# roff NAME: an option's name as the page writes it (every hyphen \-).
roff() { printf '%s' "$1" | sed 's/-/\\-/g'; }

# section PAGE KEY: the lines of the .SS KEY subsection (up to the next .SS or .SH).
section() {
  awk -v key=".SS \"$(roff "$2")\"" '
    $0 == key { on = 1; next }
    on && (/^\.SS / || /^\.SH /) { exit }
    on { print }' "$1"
}

# check_options HELP_FILE PAGE_PART WHERE: every option line of a --help
# ("  -s, --scenario=ID   …", "  --tsv   …") is in PAGE_PART, short and long
# name together.
check_options() {
  grep -E '^  +(-[A-Za-z?], )?--[a-z]' "$1" | while IFS= read -r line; do
    long=$(printf '%s\n' "$line" | grep -oE -- '--[a-z][a-z0-9-]*' | head -n 1)
    short=$(printf '%s\n' "$line" | sed -n 's/^ *-\([A-Za-z]\), --.*/\1/p')
    want="\\fB$(roff "$long")\\fR"
    [ -n "$short" ] && want="\\fB\\-$short\\fR, $want"
    if ! grep -qF -- "$want" "$2"; then
      echo "FAIL: $3: $long${short:+ (-$short)} is not on the page"
      echo x >>"$TMP/failed"
    fi
  done
}

for page in "$CLI_PAGE" "$APP_PAGE"; do
  name=$(basename "$page")
  text=$TMP/cli.txt
  [ "$page" = "$APP_PAGE" ] && text=$TMP/app.txt
  step "$name renders without warnings"
  for locale in C.UTF-8 C; do
    warnings=$(LC_ALL=$locale MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null) || fail "$name: man exits non-zero ($locale)"
    [ -z "$warnings" ] || fail "$name: man warns ($locale): $warnings"
  done
  MANWIDTH=80 man -l "$page" 2>/dev/null | col -b >"$text"
  for heading in NAME SYNOPSIS DESCRIPTION OPTIONS 'EXIT STATUS' ENVIRONMENT FILES EXAMPLES 'SEE ALSO'; do
    grep -qx "$heading" "$text" || fail "$name: no $heading section"
  done
done

step "warbench-cli(1): every command of --help, with every option of its --help"
"$CLI" --help >"$TMP/help"
grep -qx 'COMMANDS' "$TMP/cli.txt" || fail "warbench-cli.1: no COMMANDS section"
check_options "$TMP/help" "$CLI_PAGE" "warbench-cli --help"
commands=$(sed -n '/^Commands:/,/^$/p' "$TMP/help" | sed -n 's/^  \([a-z][a-z-]*\)\( .*\)\{0,1\}$/\1/p')
[ "$(printf '%s\n' "$commands" | wc -l)" -ge 20 ] || fail "found only these commands in --help: $commands"
for command in $commands; do
  grep -qF -- "$(printf '.TP\n\\fB%s\\fR' "$command" | tail -n 1)" "$CLI_PAGE" ||
    fail "warbench-cli.1: $command is not in the list of commands"
  "$CLI" "$command" --help >"$TMP/cmd-help" 2>&1 || fail "$command --help exits non-zero"
  # A command of actions (scenario export|import) shows a usage line for each.
  actions=$(sed -n "s/^  warbench-cli $command \([a-z][a-z-]*\) .*/\1/p" "$TMP/cmd-help")
  keys=$command
  [ -n "$actions" ] && keys=$(for a in $actions; do printf '%s:%s\n' "$command" "$a"; done)
  for key in $keys; do
    key=$(printf '%s' "$key" | tr ':' ' ')
    section "$CLI_PAGE" "$key" >"$TMP/section"
    if [ ! -s "$TMP/section" ]; then
      fail "warbench-cli.1: no subsection for “$key”"
      continue
    fi
    # shellcheck disable=SC2086
    "$CLI" $key --help >"$TMP/key-help" 2>&1 || fail "$key --help exits non-zero"
    check_options "$TMP/key-help" "$TMP/section" "warbench-cli $key --help"
    # The summary --help shows is on the page (compared as letters and
    # digits: the page's quotes and line breaks are roff's).
    summary=$(sed -n '4p' "$TMP/key-help")
    words=$(printf '%s' "$summary" | LC_ALL=C tr -cd 'A-Za-z0-9' | cut -c1-60)
    [ -n "$words" ] || fail "$key --help: no summary on its fourth line"
    LC_ALL=C tr -cd 'A-Za-z0-9' <"$TMP/cli.txt" | grep -qF -- "$words" ||
      fail "warbench-cli.1: the summary of $key (“$summary”) is not on the page"
  done
done
[ -s "$TMP/failed" ] && fail "options missing from the pages (above)" && rm -f "$TMP/failed"

step "warbench(1): every option of warbench --help-all"
if [ -n "$APP" ] && [ -x "$APP" ]; then
  # --help-all is answered before the application starts: no display needed.
  if env -u DISPLAY -u WAYLAND_DISPLAY "$APP" --help-all >"$TMP/app-help" 2>"$TMP/app-err"; then
    [ "$(grep -cE '^  +(-[A-Za-z?], )?--[a-z]' "$TMP/app-help")" -ge 5 ] ||
      fail "warbench --help-all lists too few options: $(cat "$TMP/app-help")"
    check_options "$TMP/app-help" "$APP_PAGE" "warbench --help-all"
    [ -s "$TMP/failed" ] && fail "options missing from warbench.1 (above)"
  else
    fail "warbench --help-all exits non-zero: $(cat "$TMP/app-err")"
  fi
  "$APP" --version >"$TMP/version" 2>&1 || fail "warbench --version exits non-zero"
  grep -qE '^warbench [0-9]' "$TMP/version" || fail "warbench --version: $(cat "$TMP/version")"
else
  echo "# (the application is not built: its options are not checked)"
fi
for pattern in '*.warbench' '*.warbench-play'; do
  grep -qxF -- "       $pattern" "$TMP/app.txt" || fail "warbench.1 does not say what $pattern opens as"
done
# Every WARBENCH_* variable the sources read is on a page.
SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
# (The thumbnailer's own, which file managers run, is in packaging.md.)
for var in $(grep -rhoE 'g_getenv \("WARBENCH_[A-Z_]+"\)' --exclude=warbench-thumbnailer.c \
               "$SRCDIR/app" "$SRCDIR/ui" "$SRCDIR/editor" "$SRCDIR/core" |
             sed 's/.*"\(.*\)".*/\1/' | sort -u); do
  grep -qF "$var" "$APP_PAGE" "$CLI_PAGE" || fail "$var (read by the sources) is on neither page"
done

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "ok"
