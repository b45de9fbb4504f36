#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Checks the user guide (help/C/*.page, Mallard) with yelp-check:
#   validate  every page against the Mallard schema
#   links     every xref names a page (or a section) that exists
#   media     every figure a page shows is in help/C/
#   ids       every page's id is its file name (help:warbench/ID finds it)
#   orphans   every page is reached from the index
#   installed help/meson.build installs every page and figure there is
#             (the pages and figures it lists follow the check's name)
#
# usage: tools/check-help.sh CHECK HELP_DIR [LISTED FILE…]
# Exits 77 (skipped, for meson) when yelp-check is not installed: it comes
# with yelp-tools, which ./dev installs.
set -eu

check=$1
dir=$2
shift 2
cd "$dir/C"

if [ "$check" = installed ]; then
  status=0
  for f in *.page figures/*.png; do
    [ -e "$f" ] || continue
    case " $* " in
      *" $f "*) ;;
      *) echo "help/meson.build does not install help/C/$f"; status=1 ;;
    esac
  done
  for f in "$@"; do
    [ -e "$f" ] || { echo "help/meson.build lists help/C/$f, which does not exist"; status=1; }
  done
  [ "$status" -eq 0 ] && echo "help/meson.build installs every page and figure"
  exit "$status"
fi

if ! command -v yelp-check >/dev/null 2>&1; then
  echo "yelp-check is not installed (Debian package yelp-tools): skipping the help's $check check"
  exit 77
fi

# yelp-check prints one line per problem; some versions exit 0 all the
# same, so any output of links, media, ids or orphans is a failure.
out=$(yelp-check "$check" *.page 2>&1) && status=0 || status=$?
if [ -n "$out" ]; then
  printf '%s\n' "$out"
  [ "$check" = validate ] && [ "$status" -eq 0 ] || status=1
fi
[ "$status" -eq 0 ] && echo "yelp-check $check: $(ls *.page | wc -l) pages, no problem"
exit "$status"
