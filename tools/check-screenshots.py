#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the metainfo's screenshots against data/screenshots/: software
centres download each <image> from the project's repository, so each URL
must name a file that is in it, a PNG of the width and height the metainfo
gives; each screenshot has a caption, one is the default, and no file in
data/screenshots/ is left unused.

usage: check-screenshots.py METAINFO SOURCE_DIR
"""

import os
import re
import struct
import sys
import xml.etree.ElementTree as ET

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path):
    """(width, height) from the IHDR chunk, or None if @path is not a PNG."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != PNG_SIGNATURE or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def main():
    metainfo, source_dir = sys.argv[1:3]
    errors = []
    component = ET.parse(metainfo).getroot()

    homepage = next((u.text for u in component.findall("url") if u.get("type") == "homepage"), "")
    m = re.fullmatch(r"https://github\.com/([^/]+)/([^/]+)/?", homepage or "")
    if not m:
        print(f"{metainfo}: the homepage {homepage!r} is not a GitHub repository", file=sys.stderr)
        sys.exit(1)
    raw = re.compile(r"https://raw\.githubusercontent\.com/%s/%s/[^/]+/(.+)"
                     % (re.escape(m.group(1)), re.escape(m.group(2))))

    screenshots = component.findall("screenshots/screenshot")
    if not screenshots:
        errors.append("no screenshots")
    defaults = [s for s in screenshots if s.get("type") == "default"]
    if len(defaults) != 1:
        errors.append(f"{len(defaults)} default screenshots, expected 1")

    used = set()
    for n, shot in enumerate(screenshots, 1):
        caption = (shot.findtext("caption") or "").strip()
        if not caption:
            errors.append(f"screenshot {n}: no caption")
        images = shot.findall("image")
        if not images:
            errors.append(f"screenshot {n}: no image")
        for image in images:
            url = (image.text or "").strip()
            found = raw.fullmatch(url)
            if not found:
                errors.append(f"screenshot {n}: {url!r} is not a file of "
                              f"{m.group(1)}/{m.group(2)} (https://raw.githubusercontent.com/...)")
                continue
            rel = found.group(1)
            path = os.path.join(source_dir, rel)
            used.add(os.path.normpath(rel))
            if not os.path.isfile(path):
                errors.append(f"screenshot {n}: {rel} is not in the source tree")
                continue
            size = png_size(path)
            if size is None:
                errors.append(f"screenshot {n}: {rel} is not a PNG")
                continue
            want = (int(image.get("width", "0")), int(image.get("height", "0")))
            if size != want:
                errors.append(f"screenshot {n}: {rel} is {size[0]} x {size[1]}, the metainfo "
                              f"says {want[0]} x {want[1]}")

    shots_dir = os.path.join(source_dir, "data", "screenshots")
    if os.path.isdir(shots_dir):
        for name in sorted(os.listdir(shots_dir)):
            rel = os.path.normpath(os.path.join("data", "screenshots", name))
            if rel not in used:
                errors.append(f"{rel} is not used by the metainfo")

    for e in errors:
        print(f"{metainfo}: {e}", file=sys.stderr)
    if errors:
        sys.exit(1)
    print(f"{metainfo}: {len(screenshots)} screenshots, each in the source tree at its size")


if __name__ == "__main__":
    main()
