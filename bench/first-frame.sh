#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Time from process start to the first frame of the main window showing the
# bundled Wilderness map (target: 500 ms), under Xvfb, with GTK's default
# renderer and with the cairo renderer. Prints each run and the median.
#
#   bench/first-frame.sh [BUILDDIR] [RUNS]      (defaults: build, 9)
#
# The app measures itself: with WARBENCH_BENCH_FIRST_FRAME=1 it prints
# "first frame: N ms" (from the start of main()) and quits. The script also
# prints the wall time of the whole process run (exec to exit, teardown
# included) as an upper bound.
set -eu

builddir=${1:-build}
runs=${2:-9}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
app="$builddir/app/warbench"

[ -x "$app" ] || { echo "no $app: build first" >&2; exit 1; }

median () {
  sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# One X server for all runs (Xvfb start-up is not the app's), so the runs
# go through a helper that xvfb-run starts once.
if [ "${WARBENCH_FIRST_FRAME_INNER:-}" != 1 ]; then
  export WARBENCH_FIRST_FRAME_INNER=1
  exec xvfb-run -a -s '-screen 0 1280x1024x24' dbus-run-session -- "$0" "$builddir" "$runs"
fi

export WARBENCH_BENCH_FIRST_FRAME=1
export GSETTINGS_BACKEND=memory
export GTK_A11Y=none
export GDK_BACKEND=x11
export WARBENCH_DATADIR="$srcdir/data"

for renderer in default cairo; do
  if [ "$renderer" = default ]; then unset GSK_RENDERER; else export GSK_RENDERER=$renderer; fi
  frames=""
  walls=""
  # One warm-up run: the first start reads fonts and libraries from disk.
  "$app" >/dev/null 2>&1 || true
  i=0
  while [ "$i" -lt "$runs" ]; do
    t0=$(date +%s%N)
    out=$("$app" 2>/dev/null | sed -n 's/^first frame: \([0-9.]*\) ms$/\1/p')
    t1=$(date +%s%N)
    [ -n "$out" ] || { echo "run $i ($renderer): no first frame reported" >&2; exit 1; }
    frames="$frames $out"
    walls="$walls $(( (t1 - t0) / 1000000 ))"
    i=$((i + 1))
  done
  printf '%-8s first frame (ms):%s\n' "$renderer" "$frames"
  printf '%-8s exec to exit (ms):%s\n' "$renderer" "$walls"
  printf '%-8s median first frame %s ms, median exec to exit %s ms\n' "$renderer" \
    "$(echo $frames | tr ' ' '\n' | median)" "$(echo $walls | tr ' ' '\n' | median)"
done
