#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Checks the Flatpak manifest offline (no remote is needed):
#   1. flatpak-builder --show-manifest parses it; with G_DEBUG=fatal-warnings an
#      unknown key (a typo such as "comand") aborts instead of being ignored;
#   2. the app id, runtime and command are the ones Warbench ships with;
#   3. the runtime is the GNOME release of the GLib, GTK and libadwaita that
#      meson.build pins (GLIB/GDK/ADW_VERSION_MAX_ALLOWED), and its SDK's meson
#      is new enough for meson.build's meson_version;
#   4. the sandbox stays tight: finish-args exactly the list below. File
#      access goes through the portal (GtkFileChooserNative), so no --filesystem;
#   5. it builds offline: every source of a module other than Warbench's own is
#      pinned (a checksum or a commit), so one `flatpak-builder --download-only`
#      online is all a later offline build needs; the dir source skips the
#      build directories ./dev makes.
# tools/check-installed.py checks the manifest against what meson installs.
#
# usage: tools/check-flatpak-manifest.sh [MANIFEST]
# env:   FLATPAK_BUILDER (default: flatpak-builder in PATH), APP_ID
# Exits 77 (skipped, for meson) when flatpak-builder is not installed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
app_id=${APP_ID:-io.github.warbench.Warbench}
manifest=${1:-$here/../flatpak/$app_id.json}
builder=${FLATPAK_BUILDER:-flatpak-builder}

if ! command -v "$builder" >/dev/null 2>&1; then
  echo "check-flatpak-manifest: $builder not found, skipping" >&2
  exit 77
fi

manifest=$(cd "$(dirname "$manifest")" && pwd)/$(basename "$manifest")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
parsed=$work/manifest.json

# Run from a scratch directory: flatpak-builder leaves a .flatpak-builder/
# state directory in the current one.
if ! (cd "$work" && G_DEBUG=fatal-warnings "$builder" --show-manifest "$manifest" >"$parsed"); then
  echo "check-flatpak-manifest: flatpak-builder rejected $manifest" >&2
  exit 1
fi

python3 - "$manifest" "$parsed" "$app_id" <<'PY'
import json
import os
import re
import sys

manifest_path, parsed_path, app_id = sys.argv[1:4]
with open(parsed_path, encoding="utf-8") as f:
    m = json.load(f)

ALLOWED_FINISH_ARGS = {
    "--share=ipc",
    "--socket=fallback-x11",
    "--socket=wayland",
    "--device=dri",
}
# What each GNOME runtime ships: GLib, GTK, libadwaita; and for the runtimes
# Warbench has used, the oldest meson its SDK can have (the SDK built its own
# libadwaita 1.2, which needs meson 0.59, with it).
GNOME_RUNTIMES = {
    "43": {"glib": (2, 74), "gtk": (4, 8), "adw": (1, 2), "meson": (0, 59, 0)},
    "44": {"glib": (2, 76), "gtk": (4, 10), "adw": (1, 3)},
    "45": {"glib": (2, 78), "gtk": (4, 12), "adw": (1, 4)},
    "46": {"glib": (2, 80), "gtk": (4, 14), "adw": (1, 5)},
    "47": {"glib": (2, 82), "gtk": (4, 16), "adw": (1, 6)},
}
BUILDSYSTEMS = {"autotools", "cmake", "cmake-ninja", "meson", "simple", "qmake"}

errors = []

def expect(key, want):
    got = m.get(key)
    if got != want:
        errors.append(f"{key}: expected {want!r}, found {got!r}")

expect("id" if "id" in m else "app-id", app_id)
expect("runtime", "org.gnome.Platform")
expect("sdk", "org.gnome.Sdk")
expect("command", "warbench")
if not m.get("runtime-version"):
    errors.append("runtime-version: missing")

name = os.path.basename(manifest_path)
if name != app_id + ".json":
    errors.append(f"file name {name!r} should be {app_id + '.json'!r}")

finish_args = m.get("finish-args", [])
for arg in finish_args:
    if arg not in ALLOWED_FINISH_ARGS:
        errors.append(f"finish-args: {arg!r} widens the sandbox; if it is really "
                      "needed, add it to ALLOWED_FINISH_ARGS in this script")
for arg in sorted(ALLOWED_FINISH_ARGS - set(finish_args)):
    errors.append(f"finish-args: {arg!r} is missing (a desktop app needs it)")
if len(finish_args) != len(set(finish_args)):
    errors.append("finish-args: an argument is given twice")

# The runtime against meson.build's pins.
source_root = os.path.dirname(os.path.dirname(os.path.abspath(manifest_path)))
with open(os.path.join(source_root, "meson.build"), encoding="utf-8") as f:
    meson_build = f.read()
pins = {}
for key, macro in (("glib", "GLIB"), ("gtk", "GDK"), ("adw", "ADW")):
    found = re.search(r"'%s_VERSION_MAX_ALLOWED',\s*'%s_VERSION_(\d+)_(\d+)'" % (macro, macro),
                      meson_build)
    if found:
        pins[key] = (int(found.group(1)), int(found.group(2)))
    else:
        errors.append(f"meson.build: no {macro}_VERSION_MAX_ALLOWED pin")
runtime_version = m.get("runtime-version")
want = [v for v, r in GNOME_RUNTIMES.items() if all(r[k] == pins.get(k) for k in pins)]
if len(pins) == 3 and not want:
    errors.append(f"no GNOME runtime in GNOME_RUNTIMES ships {pins}; add it to this script")
elif want and runtime_version != want[0]:
    errors.append(f"runtime-version: {runtime_version!r}, but meson.build pins the API of "
                  f"GLib {pins['glib']}, GTK {pins['gtk']} and libadwaita {pins['adw']}: "
                  f"GNOME {want[0]}")
meson_min = GNOME_RUNTIMES.get(runtime_version, {}).get("meson")
found = re.search(r"meson_version:\s*'>=\s*(\d+)\.(\d+)\.(\d+)'", meson_build)
if not found:
    errors.append("meson.build: no meson_version: '>= X.Y.Z'")
elif meson_min is not None and tuple(int(g) for g in found.groups()) > meson_min:
    errors.append(f"meson.build asks for meson >= {'.'.join(found.groups())}, the GNOME "
                  f"{runtime_version} SDK may have only {'.'.join(map(str, meson_min))}")

def walk(modules):
    for mod in modules:
        if isinstance(mod, str):  # an included file: checked on its own
            continue
        yield mod
        yield from walk(mod.get("modules", []))

modules = list(walk(m.get("modules", [])))
for mod in modules:
    bs = mod.get("buildsystem", "autotools")
    if bs not in BUILDSYSTEMS:
        errors.append(f"module {mod.get('name')!r}: unknown buildsystem {bs!r}")

# Offline builds: everything but Warbench's own source is pinned.
for mod in modules:
    if mod.get("name") == "warbench":
        continue
    for src in mod.get("sources", []):
        if isinstance(src, str):
            continue
        kind = src.get("type", "")
        if kind in ("archive", "file") and "url" in src and not src.get("sha256"):
            errors.append(f"module {mod.get('name')!r}: {kind} {src.get('url')} has no sha256")
        if kind == "git" and "url" in src and not src.get("commit"):
            errors.append(f"module {mod.get('name')!r}: git {src.get('url')} has no commit")

# The build directories ./dev makes are never copied into the build.
with open(os.path.join(source_root, "dev"), encoding="utf-8") as f:
    dev_dirs = set(re.findall(r"\$\{WARBENCH_\w*DIR:-([\w.-]+)\}", f.read()))
if not dev_dirs:
    errors.append("dev: no build directories found (${WARBENCH_..._DIR:-NAME})")

if not modules:
    errors.append("no modules")
else:
    main = m["modules"][-1]
    if main.get("name") != "warbench":
        errors.append(f"last module should be 'warbench', found {main.get('name')!r}")
    if "-Dtests=disabled" not in main.get("config-opts", []):
        errors.append("module 'warbench': config-opts must contain -Dtests=disabled")
    if main.get("buildsystem") != "meson":
        errors.append("module 'warbench': buildsystem should be 'meson'")
    dirs = [s for s in main.get("sources", []) if s.get("type") == "dir"]
    if not dirs:
        errors.append("module 'warbench': expected a source of type 'dir'")
    for s in dirs:
        missing = sorted((dev_dirs | {".git", ".flatpak-builder"}) - set(s.get("skip", [])))
        if missing:
            errors.append(f"module 'warbench': the dir source does not skip {missing}")
        root = os.path.join(os.path.dirname(os.path.abspath(manifest_path)), s.get("path", ""))
        if not os.path.isfile(os.path.join(root, "meson.build")):
            errors.append(f"module 'warbench': dir source {s.get('path')!r} has no meson.build")

for e in errors:
    print(f"{manifest_path}: {e}", file=sys.stderr)
if errors:
    sys.exit(1)
print(f"{manifest_path}: OK")
PY
