#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The issue-20 tour, in a real window driven from outside.

The app runs as a user runs it (its own process, accessibility on, an X
server of its own): the tour starts a playtest from the Playtest dialog,
tries every way to the order of battle (its shortcut, the sidebar's
toggle), shrinks the window to 800 x 600, opens a saved playtest from the
command line (the running app takes it; a damaged one is refused in a
dialog), chooses an attack by clicking
the hexes on the map, makes it, and undoes it with Ctrl+Z. Widgets are
found and read through AT-SPI (pyatspi); keys and clicks go through
xdotool, as a person's would.

    tour.py BUILDDIR SOURCEDIR [SHOTDIR]
    tour.py --translated BUILDDIR SOURCEDIR [SHOTDIR]

With --translated the app runs in German (LANGUAGE=de, the catalogue
built in BUILDDIR/po): its window, the New Playtest dialog and a playtest
must show no English message that po/de.po translates.

Exits 77 (skipped) when xdotool, Xvfb, dbus-run-session or pyatspi is
missing; ./dev installs them all, so CI never skips.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

SKIP = 77


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def outer(argv):
    """Runs the tour under an X server and a session bus of its own."""
    for tool in ("xdotool", "Xvfb", "dbus-run-session", "import"):
        if shutil.which(tool) is None:
            print(f"SKIP: {tool} is not installed (./dev installs it)")
            return SKIP
    probe = subprocess.run(["/usr/bin/python3", "-c", "import pyatspi"], capture_output=True)
    if probe.returncode != 0:
        print("SKIP: pyatspi is not installed (python3-pyatspi; ./dev installs it)")
        return SKIP
    # A display of its own, far from the ones desktops and xvfb-run take
    # (0, 99…): a free number is tried until a server holds it. The server
    # writes the number on -displayfd once it takes connections (its
    # socket file appears before that).
    import random
    import select
    xvfb, display = None, None
    for attempt in range(20):
        n = random.randint(200, 9000)
        if os.path.exists("/tmp/.X%d-lock" % n) or os.path.exists("/tmp/.X11-unix/X%d" % n):
            continue
        read_fd, write_fd = os.pipe()
        # -noreset: the server resets when its last client leaves (the
        # accessibility bus's launcher does, once it has set its property),
        # and a client connecting meanwhile is hung up on.
        proc = subprocess.Popen(["Xvfb", ":%d" % n, "-displayfd", str(write_fd), "-screen", "0", "1280x1024x24",
                                 "-nolisten", "tcp", "-noreset"], pass_fds=(write_fd,),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_fd)
        said = b""
        end = time.monotonic() + 30
        while time.monotonic() < end and not said.endswith(b"\n"):
            ready, _, _ = select.select([read_fd], [], [], 0.5)
            if ready:
                chunk = os.read(read_fd, 64)
                if not chunk:
                    break
                said += chunk
        os.close(read_fd)
        if proc.poll() is None and said.strip() == str(n).encode():
            xvfb, display = proc, str(n)
            break
        proc.kill()
        proc.wait()
    if xvfb is None:
        fail("no Xvfb could start")
    try:
        env = dict(os.environ)
        env["DISPLAY"] = ":" + display
        env.pop("XAUTHORITY", None)
        # Accessibility on: the tour reads the widgets through AT-SPI.
        env.pop("GTK_A11Y", None)
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        cmd = ["dbus-run-session", "--", "/usr/bin/python3", os.path.abspath(__file__), "--inner"] + argv
        return subprocess.run(cmd, env=env).returncode
    finally:
        xvfb.terminate()
        try:
            xvfb.wait(5)
        except subprocess.TimeoutExpired:
            xvfb.kill()


# --- inside the X server and the bus ---------------------------------------------------

class Tour:
    def __init__(self, builddir, srcdir, shotdir):
        import pyatspi
        self.pyatspi = pyatspi
        self.builddir = os.path.abspath(builddir)
        self.srcdir = os.path.abspath(srcdir)
        self.shotdir = shotdir
        self.tmp = tempfile.mkdtemp(prefix="warbench-tour-")
        self.procs = []
        self.env = dict(os.environ)
        for name in ("data", "config", "cache"):
            os.makedirs(os.path.join(self.tmp, name), exist_ok=True)
        self.env.update({
            "GSETTINGS_BACKEND": "memory",
            "GSETTINGS_SCHEMA_DIR": os.path.join(self.builddir, "data"),
            "WARBENCH_DATADIR": os.path.join(self.srcdir, "data"),
            "GDK_BACKEND": "x11",
            "GSK_RENDERER": "cairo",
            "XDG_DATA_HOME": os.path.join(self.tmp, "data"),
            "XDG_CONFIG_HOME": os.path.join(self.tmp, "config"),
            "XDG_CACHE_HOME": os.path.join(self.tmp, "cache"),
            "NO_AT_BRIDGE": "0",
        })
        self.env.pop("GTK_A11Y", None)

    # --- AT-SPI ---

    def app(self):
        desktop = self.pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            a = desktop.getChildAtIndex(i)
            if a is not None and a.name == "warbench":
                return a
        return None

    def find(self, root, pred, out=None):
        out = [] if out is None else out
        try:
            if pred(root):
                out.append(root)
            for i in range(root.childCount):
                child = root.getChildAtIndex(i)
                if child is not None:
                    self.find(child, pred, out)
        except Exception:
            pass
        return out

    def named(self, root, name, role=None):
        """Widgets whose accessible name is @name (GTK 4.8 names a button
        with a mnemonic "_Start Start": its label is matched too)."""
        def match(a):
            if role is not None and a.getRoleName() != role:
                return False
            return a.name == name or a.name.endswith(" " + name) and a.name.startswith("_")
        return self.find(root, match)

    def frame(self, title):
        app = self.app()
        if app is None:
            return None
        for i in range(app.childCount):
            w = app.getChildAtIndex(i)
            if w is not None and w.getRoleName() == "frame" and w.name == title:
                return w
        return None

    def frames(self):
        app = self.app()
        if app is None:
            return []
        return [app.getChildAtIndex(i) for i in range(app.childCount)
                if app.getChildAtIndex(i) is not None and app.getChildAtIndex(i).getRoleName() == "frame"]

    def extents(self, a):
        e = a.queryComponent().getExtents(self.pyatspi.WINDOW_COORDS)
        return e.x, e.y, e.width, e.height

    def sensitive(self, a):
        return a.getState().contains(self.pyatspi.STATE_SENSITIVE)

    def press(self, a):
        a.queryAction().doAction(0)

    def wait(self, what, check, timeout=30.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                value = check()
            except Exception:
                value = None
            if value:
                return value
            time.sleep(0.2)
        self.shot("failure.png")
        fail("timed out waiting for " + what)

    def texts(self, root):
        """Every label's text under @root."""
        return [a.name for a in self.find(root, lambda a: a.getRoleName() == "label")]

    # --- X ---

    def xdotool(self, *args):
        r = subprocess.run(["xdotool"] + [str(a) for a in args], capture_output=True, text=True, env=self.env)
        if r.returncode != 0:
            fail("xdotool " + " ".join(str(a) for a in args) + ": " + r.stderr.strip())
        return r.stdout.strip()

    def window_id(self, title):
        def look():
            r = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^" + title + "$"],
                               capture_output=True, text=True)
            ids = r.stdout.split()
            return ids[-1] if ids else None
        return self.wait("the X window “%s”" % title, look)

    def key(self, window, keys):
        self.xdotool("windowfocus", "--sync", window)
        self.xdotool("key", "--clearmodifiers", keys)
        time.sleep(0.4)

    def type(self, window, text):
        self.xdotool("windowfocus", "--sync", window)
        self.xdotool("type", "--delay", "20", text)

    def click(self, window, x, y):
        self.xdotool("mousemove", "--window", window, int(x), int(y))
        time.sleep(0.1)
        self.xdotool("click", "1")
        time.sleep(0.4)

    def shot(self, name, window=None):
        if not self.shotdir:
            return
        os.makedirs(self.shotdir, exist_ok=True)
        args = ["import", "-window", window if window else "root", os.path.join(self.shotdir, "tour-" + name)]
        subprocess.run(args, capture_output=True)

    def spawn(self, *args):
        p = subprocess.Popen([os.path.join(self.builddir, "app", "warbench")] + list(args), env=self.env,
                             stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.tmp, "app.log"), "a"))
        self.procs.append(p)
        return p

    def close(self):
        for p in self.procs:
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(5)
                except subprocess.TimeoutExpired:
                    p.kill()
        log = os.path.join(self.tmp, "app.log")
        if os.path.exists(log):
            text = open(log).read()
            if "CRITICAL" in text or "WARNING" in text:
                print(text, file=sys.stderr)
                fail("the app printed warnings")
        shutil.rmtree(self.tmp, ignore_errors=True)

    # --- the tour ---

    def run(self):
        game = os.path.join(self.srcdir, "data", "games", "battle-of-the-wilderness.warbench")
        title = "Battle of the Wilderness"

        # A saved playtest in the Combat Phase with an attack to make: Gordon
        # (0515) and csa-0218 (0615) beside 1/2/V (0516), 13 to 4.
        moves = os.path.join(self.tmp, "moves.jsonl")
        with open(moves, "w") as f:
            for unit, hex_ in (("1-2-V", "0516"), ("gordon", "0515"), ("csa-0218", "0615"),
                               ("doles", "0716"), ("stonewall", "0212"), ("steuart", "0213")):
                f.write('{"type": "override_move", "unit": "%s", "to": {"hex": "%s"}}\n' % (unit, hex_))
            f.write('{"type": "end_step"}\n')
        playtest = os.path.join(self.tmp, "attack.warbench-play")
        r = subprocess.run([os.path.join(self.builddir, "app", "warbench-cli"), "play", game, "--seed", "2",
                            "--script", moves, "--save", playtest, "--quiet"],
                           capture_output=True, text=True, env=self.env)
        if r.returncode != 0:
            fail("warbench-cli play: " + r.stderr)

        # 1. The app on the Wilderness; a playtest started from its dialog.
        self.spawn(game)
        main = self.wait("the main window", lambda: self.frame(title))
        wid = self.window_id(title)
        playtest_button = self.wait("the Playtest button", lambda: (self.named(main, "Playtest", "push button") or [None])[0])
        oob = self.named(main, "Formations and units")
        if not oob:
            fail("the order of battle's tree has no accessible name")
        oob = oob[0]
        if self.extents(oob)[2] > 0:
            fail("the order of battle was shown before any playtest")
        self.press(playtest_button)
        dialog = self.wait("the New Playtest dialog", lambda: self.frame("New Playtest"))
        self.press(self.named(dialog, "Start", "push button")[0])
        self.wait("the playtest to start", lambda: self.named(main, "End Playtest", "push button"))
        time.sleep(1.0)
        self.shot("1-playtest.png", wid)

        # 2. Every way to the order of battle, which shows the other side's units.
        self.key(wid, "ctrl+shift+o")
        sidebar = self.named(main, "Show Sidebar", "push button")
        if sidebar and self.sensitive(sidebar[0]):
            fail("the sidebar's toggle can be used during a playtest")
        self.key(wid, "F9")
        time.sleep(0.5)
        if self.extents(oob)[2] > 0:
            fail("the order of battle was shown during the playtest")
        if any(self.extents(a)[2] > 0 for a in self.named(main, "Formations and units")):
            fail("an order of battle was shown during the playtest")
        if not any(t.startswith("The editors are closed while a playtest runs") for t in self.texts(main)) and \
           not self.named(main, "End Playtest", "push button"):
            fail("the playtest ended")
        self.shot("2-oob-refused.png", wid)

        # 3. 800 x 600: the map keeps most of the window, the play panes fold
        # over it on demand.
        self.xdotool("windowsize", "--sync", wid, 800, 600)
        time.sleep(1.5)
        # (The frame's extents leave out the client-side decoration's margin.)
        w, h = self.extents(main)[2:]
        if abs(w - 800) > 20 or abs(h - 600) > 20:
            fail("the window is %d x %d, not 800 x 600" % (w, h))
        views = [a for a in self.named(main, "The Wilderness") if a.getRoleName() == "image"]
        if not views:
            fail("the map view has no accessible name")
        if self.extents(views[0])[2] < 600:
            fail("at 800 x 600 the map is %d px wide" % self.extents(views[0])[2])
        self.shot("3-800x600.png", wid)

        # 4. A saved playtest opened from the command line: the running app
        # takes it, in a window of its own.
        before = len(self.frames())
        opener = self.spawn(playtest)
        self.wait("the playtest's window", lambda: len(self.frames()) > before)
        try:
            opener.wait(10)
        except subprocess.TimeoutExpired:
            fail("the second warbench did not hand the file to the running one")
        play = self.frames()[-1]
        time.sleep(1.0)
        pid = self.xdotool("search", "--onlyvisible", "--name", "^" + play.name + "$").split()
        wid2 = [i for i in pid if i != wid]
        if not wid2:
            fail("no X window for the playtest")
        wid2 = wid2[-1]
        self.xdotool("windowsize", "--sync", wid2, 800, 600)
        time.sleep(1.5)
        labels = self.texts(play)
        if not any("Combat Phase" in t for t in labels):
            fail("the playtest is not in its Combat Phase: " + repr(labels[:20]))
        events = self.events(play)
        # Opened where counters read (100 % at least), not the whole map fitted.
        zooms = [t for t in labels if t.endswith("%") and t[:-1].isdigit()]
        if not zooms or int(zooms[0][:-1]) < 100:
            fail("the playtest opened at %s" % (zooms[0] if zooms else "no zoom shown"))
        self.shot("4a-playtest-opened.png", wid2)

        # A damaged playtest given the same way: said, in a dialog, and
        # nothing else opens.
        broken = os.path.join(self.tmp, "broken.warbench-play")
        with open(broken, "w") as f:
            f.write('{"format": "warbench-play", "version": 3, "seed": \n')
        n = len(self.frames())
        self.spawn(broken)
        heading = "Could Not Open “broken.warbench-play”"
        app = self.app()
        self.wait("the dialog about the damaged playtest",
                  lambda: self.find(app, lambda a: a.getRoleName() == "label" and a.name == heading))
        dialogs = [w for w in (app.getChildAtIndex(i) for i in range(app.childCount))
                   if w is not None and self.find(w, lambda a: a.name == heading)]
        close = self.named(dialogs[0], "Close", "push button")
        if not close:
            fail("the dialog about the damaged playtest has no Close button")
        self.shot("4b-damaged-playtest.png")
        self.press(close[0])
        self.wait("the dialog to close", lambda: not self.find(app, lambda a: a.name == heading))
        if len(self.frames()) > n:
            fail("a damaged playtest opened a window")

        # 5. The attack, chosen on the map: each hex brought to the view's
        # centre (Ctrl+G), then clicked.
        view = [a for a in self.find(play, lambda a: a.getRoleName() == "image" and a.name == "The Wilderness")]
        if not view:
            fail("the playtest's map view has no accessible name")
        view = view[0]
        for hex_ in ("0515", "0615", "0516"):
            self.key(wid2, "ctrl+g")
            self.type(wid2, hex_)
            self.key(wid2, "Return")
            time.sleep(0.6)
            x, y, vw, vh = self.extents(view)
            self.click(wid2, x + vw / 2, y + vh / 2)
        odds = self.wait("the attack's odds", lambda: [t for t in self.texts(play) if "13 to 4" in t])
        self.shot("4-attack-chosen.png", wid2)
        attack = [a for a in self.named(play, "Attack", "push button") if self.sensitive(a)]
        if not attack:
            fail("no Attack button after choosing the attack (%s)" % odds)
        self.press(attack[0])
        self.wait("the attack in the battle log", lambda: self.events(play) > events)
        self.shot("5-attacked.png", wid2)

        # 6. Ctrl+Z: the attack undone, the phase as it was.
        self.key(wid2, "ctrl+z")
        self.wait("the undo", lambda: self.events(play) == events)
        if not any("Combat Phase" in t for t in self.texts(play)):
            fail("after the undo the playtest is not back in its Combat Phase")
        if not self.named(play, "Attack", "push button"):
            fail("after the undo the attack cannot be made again")
        self.shot("6-undone.png", wid2)
        print("tour: playtest started, order of battle refused, 800 x 600, attack made and undone")
        return 0

    # --- the German translation ---

    def catalogue(self):
        """po/de.po as {English: German}, the messages whose German differs
        (mnemonics taken out, as the widgets show them)."""
        import re
        text = open(os.path.join(self.srcdir, "po", "de.po"), encoding="utf-8").read()
        pairs = {}
        for entry in text.split("\n\n"):
            m = re.search(r'^msgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)', entry + "\n", re.M)
            if not m:
                continue
            def join(block):
                return "".join(re.findall(r'"(.*)"', block)).replace('\\"', '"').replace("\\n", "\n")
            en, de = join(m.group(1)).replace("_", ""), join(m.group(2)).replace("_", "")
            if en and de and en != de:
                pairs[en] = de
        return pairs

    def run_translated(self):
        """The app with LANGUAGE=de: the window, the New Playtest dialog
        and a playtest show no English message that has German."""
        game = os.path.join(self.srcdir, "data", "games", "battle-of-the-wilderness.warbench")
        self.env.update({"LANGUAGE": "de", "LANG": "C.UTF-8",
                         "WARBENCH_LOCALEDIR": os.path.join(self.builddir, "po")})
        self.env.pop("LC_ALL", None)
        self.env.pop("LC_MESSAGES", None)
        pairs = self.catalogue()
        if len(pairs) < 1000:
            fail("po/de.po has only %d translated messages" % len(pairs))
        title = "Battle of the Wilderness"
        self.spawn(game)
        main = self.wait("the main window", lambda: self.frame(title))
        wid = self.window_id(title)
        self.wait("the German Playtest button", lambda: self.named(main, pairs["Playtest"], "push button"))
        time.sleep(1.0)

        # The game's own words (its tables' and units' names) stay English:
        # they are data.
        import json
        data = set()

        def strings(v):
            if isinstance(v, str):
                data.add(v)
            elif isinstance(v, dict):
                for x in v.values():
                    strings(x)
            elif isinstance(v, list):
                for x in v:
                    strings(x)
        strings(json.load(open(game, encoding="utf-8")))

        def english(root):
            seen = set()
            for a in self.find(root, lambda a: True):
                for text in (a.name, a.description):
                    if text and text.replace("_", "") in pairs and text not in data:
                        seen.add(text)
            return sorted(seen)

        left = english(main)
        if left:
            fail("English in the German window: " + repr(left[:20]))
        self.shot("de-1-window.png", wid)
        self.press(self.named(main, pairs["Playtest"], "push button")[0])
        dialog = self.wait("the New Playtest dialog", lambda: self.frame(pairs["New Playtest"]))
        time.sleep(0.5)
        left = english(dialog)
        if left:
            fail("English in the German New Playtest dialog: " + repr(left[:20]))
        self.shot("de-2-new-playtest.png")
        self.press(self.named(dialog, pairs["Start"], "push button")[0])
        self.wait("the playtest", lambda: self.named(main, pairs["End Playtest"], "push button"))
        time.sleep(1.0)
        left = english(main)
        if left:
            fail("English in the German playtest: " + repr(left[:20]))
        self.shot("de-3-playtest.png", wid)
        print("translated: the window, the New Playtest dialog and a playtest are in German")
        return 0

    def events(self, root):
        """The battle log's count ("7 events")."""
        for t in self.texts(root):
            parts = t.split()
            if len(parts) == 2 and parts[1] in ("event", "events") and parts[0].isdigit():
                return int(parts[0])
        return -1


def inner(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    translated = argv[0] == "--translated"
    if translated:
        argv = argv[1:]
    tour = Tour(argv[0], argv[1], argv[2] if len(argv) > 2 else os.environ.get("WARBENCH_SHOT_DIR"))
    try:
        return tour.run_translated() if translated else tour.run()
    finally:
        tour.close()


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--inner":
        sys.exit(inner(sys.argv[2:]))
    sys.exit(outer(sys.argv[1:]))
