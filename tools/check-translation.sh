#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every translation in po/LINGUAS is complete against the sources as they are
# now: the template is extracted afresh (the same xgettext call as meson's
# glib preset), each .po is merged with it in a scratch copy, and
# msgfmt --check --statistics must count every message translated — none
# fuzzy, none untranslated, no format or header errors.
#   check-translation.sh SOURCE_DIR
set -eu
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src"
xgettext --package-name=warbench --files-from=po/POTFILES.in --directory=. --output="$tmp/warbench.pot" \
  --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=g_dcgettext:2 \
  --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format --flag=g_print:1:c-format \
  --flag=g_printerr:1:c-format --flag=g_printf:1:c-format --flag=g_fprintf:2:c-format \
  --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format 2> "$tmp/xgettext.log"
status=0
# A message cut by a macro ("%" G_GINT64_FORMAT) is extracted only up to
# it: it can never be translated.
if grep -q 'middle of a directive' "$tmp/xgettext.log"; then
  echo "messages cut short by a format macro (use %lld and a cast):"
  grep 'middle of a directive' "$tmp/xgettext.log" | cut -d: -f1,2
  status=1
fi
for lang in $(sed 's/#.*//' po/LINGUAS); do
  msgmerge --quiet --no-fuzzy-matching "po/$lang.po" "$tmp/warbench.pot" -o "$tmp/$lang.po"
  stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$tmp/$lang.po" 2>&1) || { echo "$lang: $stats"; status=1; continue; }
  echo "$lang: $stats"
  case "$stats" in
    *fuzzy*|*untranslated*) status=1
      echo "$lang: not complete; the messages to translate:"
      msgattrib --untranslated --only-fuzzy "$tmp/$lang.po" 2>/dev/null | grep '^msgid' | head -20
      msgattrib --untranslated "$tmp/$lang.po" | grep -A1 '^#:' | grep '^#:' | head -20 ;;
  esac
  # Messages the sources no longer have are dropped, not kept as obsolete.
  if grep -q '^#~' "$tmp/$lang.po"; then
    echo "$lang: po/$lang.po keeps messages the sources no longer have (msgattrib --no-obsolete)"
    status=1
  fi
done
exit "$status"
