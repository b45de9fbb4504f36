#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The zsh completion function _warbench-cli (written at build time from the
# tables the commands parse: app/completion/, docs/shell-completion.md), run by
# zsh with zsh's completion builtins and helpers (compadd, _describe, _files,
# compset, _message) replaced by stubs that record what would be offered: the
# commands, every command's options against its --help, the kind of file, a
# game's ids read from the file, and nothing for a damaged file. Skipped (77)
# without zsh.
# Usage: test-completion-zsh.sh PATH/TO/warbench-cli PATH/TO/_warbench-cli SOURCE_DIR
set -eu

if ! command -v zsh >/dev/null 2>&1; then
  echo "zsh is not installed: skipped"
  exit 77
fi
LC_ALL=C.UTF-8
LANGUAGE=
export LC_ALL LANGUAGE

exec zsh -f -c '
CLI=$1 SCRIPT=$2 SRCDIR=$3
WILDERNESS=$SRCDIR/data/games/battle-of-the-wilderness.warbench
TMP=$(mktemp -d "${TMPDIR:-/tmp}/wb-zsh-XXXXXX")
trap "rm -rf $TMP" EXIT
integer failures=0
typeset -a got

# The stubs: each records what it would offer, matched against $PREFIX as
# compadd matches.
offer () { local w; for w in "$@"; do [[ $w == ${PREFIX}* ]] && got+=($w); done; return 0 }
compadd () {
  local -a words
  while (( $# )); do
    case $1 in
      (-a) shift; words+=(${(P)1}) ;;
      (--) shift; words+=("$@"); break ;;
      (-*) ;;
      (*) words+=($1) ;;
    esac
    shift
  done
  offer $words
}
_describe () { local -a items; items=(${(P)4}); offer ${items%%:*} }
_files () { got+=("FILES:$*") }
_message () { got+=("MESSAGE") }
compset () { [[ $1 == -P ]] && PREFIX=${PREFIX#*=}; return 0 }

# comp WORD…: completes the last word; the sorted offers in $got.
comp () {
  words=("$@")
  CURRENT=$#
  PREFIX=${words[CURRENT]}
  got=()
  _warbench-cli 2>$TMP/err
  got=(${(o)got})
  [[ -s $TMP/err ]] && { print -r -- "FAIL: completing $*: $(<$TMP/err)"; (( failures++ )) }
  return 0
}
expect () {
  local what=$1; shift
  local -a want; want=(${(o)@})
  if [[ "${(j:|:)want}" != "${(j:|:)got}" ]]; then
    print -r -- "FAIL: $what: expected ${(j: :)want}; got ${(j: :)got}"
    (( failures++ ))
  fi
}

words=(warbench-cli "") CURRENT=2 PREFIX=""
source $SCRIPT >$TMP/source 2>&1
[[ -s $TMP/source ]] && { print -r -- "FAIL: sourcing prints $(<$TMP/source)"; (( failures++ )) }

print "# commands"
cmds=(${(f)"$($CLI --help | sed -n "/^Commands:/,/^\$/p" | sed -n "s/^  \\([a-z][a-z-]*\\)\\( .*\\)\\{0,1\\}\$/\\1/p")"})
(( ${#cmds} >= 20 )) || { print "FAIL: only ${#cmds} commands in --help"; (( failures++ )) }
comp $CLI ""
expect "the commands" $cmds help

print "# every command'"'"'s options, as its --help lists them"
help_options () { $CLI "$@" --help | grep -E "^  +(-[A-Za-z?], )?--[a-z]" | grep -oE -- "--[a-z][a-z0-9-]*" | awk "!seen[\$0]++" }
for command in $cmds; do
  actions=(${(f)"$($CLI $command --help | sed -n "s/^  warbench-cli $command \\([a-z][a-z-]*\\) .*/\\1/p")"})
  if (( ${#actions} )); then
    comp $CLI $command ""
    expect "$command'"'"'s actions" $actions
    for action in $actions; do
      comp $CLI $command $action --
      expect "$command $action'"'"'s options" ${(f)"$(help_options $command $action)"}
    done
  else
    comp $CLI $command --
    expect "$command'"'"'s options" ${(f)"$(help_options $command)"}
  fi
done

print "# ids and files"
scenarios=(${(f)"$($CLI ids $WILDERNESS scenarios)"})
tables=(${(f)"$($CLI ids $WILDERNESS tables)"})
(( ${#scenarios} && ${#tables} > 1 )) || { print "FAIL: ids gives no scenarios or tables"; (( failures++ )) }
comp $CLI play $WILDERNESS --scenario ""
expect "play FILE --scenario" $scenarios
comp $CLI play $WILDERNESS --scenario=
expect "play FILE --scenario=" $scenarios
comp $CLI chart $WILDERNESS ""
expect "chart FILE TABLE" $tables
comp $CLI render $WILDERNESS --viewer ""
expect "render FILE --viewer" ${(f)"$($CLI ids $WILDERNESS sides)"}
comp $CLI play ""
expect "play: games and playtests" "FILES:-g *.(warbench|warbench-play)(-.)"
comp $CLI validate x.warbench ""
expect "validate FILE…: games" "FILES:-g *.warbench(-.)"
comp $CLI replay b.warbench-play --with-game ""
expect "replay --with-game" embedded "FILES:-g *.warbench(-.)"
comp $CLI new --hex ""
expect "new --hex" MESSAGE

print "# a damaged file: nothing"
head -c 3000 $WILDERNESS >$TMP/damaged.warbench
comp $CLI play $TMP/damaged.warbench --scenario ""
expect "play DAMAGED --scenario" 

if (( failures )); then
  print "$failures failure(s)"
  exit 1
fi
print ok
' zsh "$@"
