#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Installs the build into a scratch DESTDIR and checks that what is
installed and what describes it agree, as a software centre, a file manager
and Flatpak read them:

  - the metainfo: its id is the app id; its launchable is the installed
    desktop file; its <provides> lists exactly the installed programs and the
    MIME types the installed shared-mime-info file defines;
  - the desktop file: Exec runs the Flatpak manifest's command, Icon is the app
    id (and that icon is installed, scalable), MimeType the same MIME types;
  - the thumbnailer: TryExec and Exec name an installed program, Exec passes
    the size, the input and the output, its MIME types are installed ones;
  - Flatpak's export rule: every file in the exported folders (applications,
    icons, metainfo, mime/packages, dbus-1/services) is named after the app id;
  - the manifest: its id is the app id, its command is installed, its cleanup
    removes none of the files above, and its config-opts are options this
    build has.

usage: check-installed.py MESON BUILD_DIR SOURCE_DIR APP_ID
"""

import configparser
import fnmatch
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
# What Flatpak exports from /app/share, only when named after the app id.
EXPORTED = ["applications", "icons", "metainfo", "mime/packages", "dbus-1/services"]

errors = []


def error(msg):
    errors.append(msg)


def read_key_file(path, group):
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # keys are case-sensitive
    with open(path, encoding="utf-8") as f:
        parser.read_file(f)
    if not parser.has_section(group):
        error(f"{path}: no [{group}] group")
        return {}
    return dict(parser[group])


def split_list(value):
    return [v for v in (value or "").split(";") if v]


def main():
    meson, build_dir, source_dir, app_id = sys.argv[1:5]
    manifest_path = os.path.join(source_dir, "flatpak", app_id + ".json")
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)

    options = json.loads(subprocess.run([meson, "introspect", "--buildoptions", build_dir],
                                        check=True, capture_output=True, text=True).stdout)
    opt = {o["name"]: o["value"] for o in options}

    with tempfile.TemporaryDirectory(prefix="wb-install-") as destdir:
        subprocess.run([meson, "install", "-C", build_dir, "--no-rebuild", "--quiet",
                        "--destdir", destdir], check=True, stdout=subprocess.DEVNULL)
        root = destdir + opt["prefix"]
        # bindir and datadir relative to the prefix, as meson keeps them when
        # they are under it.
        for key in ("bindir", "datadir", "mandir"):
            if os.path.isabs(opt[key]):
                opt[key] = os.path.relpath(opt[key], opt["prefix"])
        check(root, opt, app_id, manifest, manifest_path, {o["name"] for o in options})

    for e in errors:
        print(f"check-installed: {e}", file=sys.stderr)
    if errors:
        sys.exit(1)
    print("check-installed: the installed files, the metainfo, the desktop file, "
          "the thumbnailer and the Flatpak manifest agree")


def check(root, opt, app_id, manifest, manifest_path, option_names):
    bindir = os.path.join(root, opt["bindir"])
    datadir = os.path.join(root, opt["datadir"])
    installed = sorted(os.path.relpath(os.path.join(d, f), root)
                       for d, _, files in os.walk(root) for f in files)

    programs = sorted(f for f in os.listdir(bindir)
                      if os.access(os.path.join(bindir, f), os.X_OK)) if os.path.isdir(bindir) else []
    if not programs:
        error(f"nothing installed in {opt['bindir']}")

    # A man page for each program a user runs from a shell, where man finds
    # it after meson install, and man renders it.
    for page in ("warbench-cli.1",) + (("warbench.1",) if "warbench" in programs else ()):
        path = os.path.join(root, opt["mandir"], "man1", page)
        if not os.path.isfile(path):
            error(f"{page} is not installed in {opt['mandir']}/man1")
        elif shutil.which("man"):
            r = subprocess.run(["man", "--warnings", "-l", path], capture_output=True, text=True,
                               env=dict(os.environ, MANWIDTH="80", MANPAGER="cat", PAGER="cat"))
            if r.returncode != 0 or r.stderr.strip() or "warbench" not in r.stdout:
                error(f"man -l {opt['mandir']}/man1/{page}: {r.stderr.strip() or 'status %d' % r.returncode}")

    # MIME types, from the installed shared-mime-info file.
    mime_path = os.path.join(datadir, "mime", "packages", app_id + ".xml")
    mime_types = []
    if not os.path.isfile(mime_path):
        error(f"no {os.path.relpath(mime_path, root)}")
    else:
        for t in ET.parse(mime_path).getroot().iter(MIME_NS + "mime-type"):
            mime_types.append(t.get("type"))
            if t.find(MIME_NS + "glob") is None:
                error(f"MIME type {t.get('type')}: no glob pattern")
    mime_types.sort()

    # The metainfo.
    metainfo_path = os.path.join(datadir, "metainfo", app_id + ".metainfo.xml")
    desktop_name = app_id + ".desktop"
    if not os.path.isfile(metainfo_path):
        error(f"no {os.path.relpath(metainfo_path, root)}")
    else:
        component = ET.parse(metainfo_path).getroot()
        if component.findtext("id") != app_id:
            error(f"metainfo: <id> {component.findtext('id')!r}, expected {app_id!r}")
        launchables = [l.text for l in component.findall("launchable")
                       if l.get("type") == "desktop-id"]
        if launchables != [desktop_name]:
            error(f"metainfo: desktop-id launchables {launchables}, expected [{desktop_name!r}]")
        binaries = sorted(b.text for b in component.findall("provides/binary"))
        if binaries != programs:
            error(f"metainfo: <provides> lists the binaries {binaries}, "
                  f"{opt['bindir']} has {programs}")
        mediatypes = sorted(m.text for m in component.findall("provides/mediatype"))
        if mediatypes != mime_types:
            error(f"metainfo: <provides> lists the media types {mediatypes}, "
                  f"the installed MIME file defines {mime_types}")

    # The desktop file.
    desktop_path = os.path.join(datadir, "applications", desktop_name)
    if not os.path.isfile(desktop_path):
        error(f"no {os.path.relpath(desktop_path, root)}")
    else:
        entry = read_key_file(desktop_path, "Desktop Entry")
        exec_argv = shlex.split(entry.get("Exec", ""))
        if not exec_argv or exec_argv[0] != manifest.get("command"):
            error(f"desktop file: Exec={entry.get('Exec')!r} does not run the manifest's "
                  f"command {manifest.get('command')!r}")
        if entry.get("Icon") != app_id:
            error(f"desktop file: Icon={entry.get('Icon')!r}, expected {app_id!r}")
        if sorted(split_list(entry.get("MimeType"))) != mime_types:
            error(f"desktop file: MimeType={entry.get('MimeType')!r}, "
                  f"the installed MIME file defines {mime_types}")
        if exec_argv and exec_argv[0] not in programs:
            error(f"desktop file: Exec runs {exec_argv[0]!r}, which is not installed")

    # Icons: Flatpak wants one named after the app id, scalable or 64 px and up.
    icon = os.path.join(datadir, "icons", "hicolor", "scalable", "apps", app_id + ".svg")
    if not os.path.isfile(icon):
        error(f"no {os.path.relpath(icon, root)}")

    # Thumbnailers.
    thumb_dir = os.path.join(datadir, "thumbnailers")
    thumbnailers = sorted(os.listdir(thumb_dir)) if os.path.isdir(thumb_dir) else []
    if thumbnailers != [app_id + ".thumbnailer"]:
        error(f"thumbnailers: {thumbnailers}, expected [{app_id + '.thumbnailer'!r}]")
    for name in thumbnailers:
        path = os.path.join(thumb_dir, name)
        entry = read_key_file(path, "Thumbnailer Entry")
        try_exec = entry.get("TryExec")
        argv = shlex.split(entry.get("Exec", ""))
        if try_exec not in programs:
            error(f"{name}: TryExec={try_exec!r} is not an installed program")
        if not argv or argv[0] != try_exec:
            error(f"{name}: Exec={entry.get('Exec')!r} does not run TryExec's program")
        for code, what in (("%s", "the size"), ("%o", "the output")):
            if code not in argv:
                error(f"{name}: Exec does not pass {what} ({code})")
        if "%u" not in argv and "%i" not in argv:
            error(f"{name}: Exec does not pass the input (%u or %i)")
        types = split_list(entry.get("MimeType"))
        if not types or any(t not in mime_types for t in types):
            error(f"{name}: MimeType={entry.get('MimeType')!r}, the installed types are {mime_types}")

    # Flatpak's export rule.
    for folder in EXPORTED:
        base = os.path.join(datadir, folder)
        for d, _, files in os.walk(base):
            for f in files:
                if not f.startswith(app_id):
                    error(f"{os.path.relpath(os.path.join(d, f), root)}: Flatpak exports only "
                          f"files named after {app_id}")

    # The manifest against the install.
    if manifest.get("id", manifest.get("app-id")) != app_id:
        error(f"{manifest_path}: id is not {app_id!r}")
    if manifest.get("command") not in programs:
        error(f"{manifest_path}: command {manifest.get('command')!r} is not installed "
              f"(installed: {programs})")
    # What the sandbox needs; the man pages are for a shell outside it (the
    # runtime has no man), so the manifest may clean them away.
    kept = [p for p in installed
            if p.startswith((opt["bindir"] + "/", opt["datadir"] + "/"))
            and not p.startswith(opt["mandir"] + "/")]
    for pattern in manifest.get("cleanup", []):
        for p in kept:
            if pattern.startswith("/"):
                hit = p == pattern[1:] or p.startswith(pattern[1:].rstrip("/") + "/") \
                    or fnmatch.fnmatch(p, pattern[1:])
            else:
                hit = fnmatch.fnmatch(os.path.basename(p), pattern)
            if hit:
                error(f"{manifest_path}: cleanup {pattern!r} removes {p}")
    main_module = [m for m in manifest.get("modules", [])
                   if isinstance(m, dict) and m.get("name") == "warbench"]
    for module in main_module:
        for arg in module.get("config-opts", []):
            if arg.startswith("-D"):
                name = arg[2:].split("=", 1)[0]
                if name not in option_names:
                    error(f"{manifest_path}: config-opts {arg!r}: this build has no option {name!r}")


if __name__ == "__main__":
    main()
