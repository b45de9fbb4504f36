#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Checks the Flatpak manifest offline (no remote is needed):
#   1. flatpak-builder --show-manifest parses it; with G_DEBUG=fatal-warnings an
#      unknown key (a typo such as "comand") aborts instead of being ignored;
#   2. the app id, runtime and command are the ones Warbench ships with;
#   3. the sandbox stays tight: finish-args only from the list below. File
#      access goes through the portal (GtkFileChooserNative), so no --filesystem.
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

for arg in m.get("finish-args", []):
    if arg not in ALLOWED_FINISH_ARGS:
        errors.append(f"finish-args: {arg!r} widens the sandbox; if it is really "
                      "needed, add it to ALLOWED_FINISH_ARGS in this script")

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

if not modules:
    errors.append("no modules")
else:
    main = m["modules"][-1]
    if main.get("name") != "warbench":
        errors.append(f"last module should be 'warbench', found {main.get('name')!r}")
    if "-Dtests=disabled" not in main.get("config-opts", []):
        errors.append("module 'warbench': config-opts must contain -Dtests=disabled")
    dirs = [s for s in main.get("sources", []) if s.get("type") == "dir"]
    if not dirs:
        errors.append("module 'warbench': expected a source of type 'dir'")
    for s in dirs:
        root = os.path.join(os.path.dirname(os.path.abspath(manifest_path)), s.get("path", ""))
        if not os.path.isfile(os.path.join(root, "meson.build")):
            errors.append(f"module 'warbench': dir source {s.get('path')!r} has no meson.build")

for e in errors:
    print(f"{manifest_path}: {e}", file=sys.stderr)
if errors:
    sys.exit(1)
print(f"{manifest_path}: OK")
PY
