#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Mutation testing for Warbench's core: do the tests notice a one-token bug?

Each mutation in tools/mutations.txt names a file, an anchor (exact text that
occurs once in that file), its replacement and what the change means. For each
one this script edits a scratch copy of the tree, rebuilds it, runs the
non-GUI suites (core, cli, data) and records whether a test failed (the
mutation is "killed") or every test still passed (it "survived"). A mutation
that does not compile is "invalid". The score is killed / (killed + survived).

The scratch copy is made once (the working tree as it is, or `git archive
REV` with --rev) and configured once with -Dgui=disabled; each mutation is
undone before the next, even on Ctrl+C. The work tree is never touched.

Run by hand before a large change, not in CI: a full run takes most of an
hour. See docs/testing.md.

  tools/mutate.py --list                  the mutations, anchors checked
  tools/mutate.py --only 'spi-*'          a subset (glob on the id, or a
                                          substring of the id or the file)
  tools/mutate.py --rev HEAD -j 2         the whole list against a commit
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

SUITES = ["core", "cli", "data"]
PASSED = {"OK", "SKIP", "EXPECTEDFAIL"}


class MutationError(Exception):
    """A mutation list that cannot be used as it is; the message says why."""


@dataclass
class Mutation:
    id: str
    file: str
    find: str
    replace: str
    desc: str
    line: int            # where the block starts in the list
    at: int = 0          # the anchor's line in the source file


@dataclass
class Result:
    mutation: Mutation
    status: str          # killed, survived, invalid, skipped
    killer: str = ""     # the failing test (and check case), or "timeout"
    seconds: float = 0.0
    log: str = ""        # the build or test log, for invalid and killed


# --- the list ---------------------------------------------------------------

def unescape(text: str) -> str:
    r"""\n is a newline, \t a tab, \\ a backslash; anything else stays as written."""
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and text[i + 1] in "nt\\":
            out.append({"n": "\n", "t": "\t", "\\": "\\"}[text[i + 1]])
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def parse_list(path: Path) -> list[Mutation]:
    """Blocks of `key: value` lines separated by blank lines; # starts a comment line."""
    keys = ("id", "file", "find", "replace", "desc")
    mutations: list[Mutation] = []
    block: dict[str, str] = {}
    start = 0

    def finish() -> None:
        nonlocal block
        if not block:
            return
        missing = [k for k in keys if k not in block]
        if missing:
            raise MutationError(f"{path}:{start}: a mutation needs {', '.join(missing)}")
        mutations.append(Mutation(block["id"], block["file"], unescape(block["find"]),
                                  unescape(block["replace"]), block["desc"], start))
        block = {}

    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if raw.startswith("#"):
            continue
        if not raw.strip():
            finish()
            continue
        m = re.match(r"([a-z]+):(?: (.*))?$", raw)
        if not m or m.group(1) not in keys:
            raise MutationError(f"{path}:{n}: expected one of {', '.join(k + ':' for k in keys)} "
                                f"at the start of the line, found {raw!r}")
        if not block:
            start = n
        if m.group(1) in block:
            raise MutationError(f"{path}:{n}: “{m.group(1)}” given twice in one mutation")
        block[m.group(1)] = m.group(2) or ""
    finish()

    seen: dict[str, int] = {}
    for mu in mutations:
        if not re.fullmatch(r"[a-z0-9][a-z0-9._-]*", mu.id):
            raise MutationError(f"{path}:{mu.line}: “{mu.id}” is not an id (lower case, digits, . _ -)")
        if mu.id in seen:
            raise MutationError(f"{path}:{mu.line}: the id “{mu.id}” is used twice "
                                f"(first at line {seen[mu.id]})")
        seen[mu.id] = mu.line
        if not mu.find:
            raise MutationError(f"{path}:{mu.line}: {mu.id}: the anchor is empty")
        if mu.find == mu.replace:
            raise MutationError(f"{path}:{mu.line}: {mu.id}: the replacement is the anchor itself")
    return mutations


def check_anchor(mu: Mutation, text: str | None, list_path: Path) -> None:
    """The anchor must occur exactly once; records its line."""
    where = f"{list_path}:{mu.line}: {mu.id}"
    if text is None:
        raise MutationError(f"{where}: no file {mu.file}")
    count = text.count(mu.find)
    if count == 0:
        raise MutationError(f"{where}: the anchor is not in {mu.file} (the code changed? "
                            f"update the anchor):\n    {mu.find!r}")
    if count > 1:
        lines, i = [], text.find(mu.find)
        while i >= 0:
            lines.append(str(text.count("\n", 0, i) + 1))
            i = text.find(mu.find, i + 1)
        raise MutationError(f"{where}: the anchor occurs {count} times in {mu.file} (lines "
                            f"{', '.join(lines)}); add context around it until it is unique:"
                            f"\n    {mu.find!r}")
    mu.at = text.count("\n", 0, text.find(mu.find)) + 1


def select(mutations: list[Mutation], patterns: list[str]) -> list[Mutation]:
    if not patterns:
        return mutations

    def matches(mu: Mutation, p: str) -> bool:
        if any(c in p for c in "*?["):
            return fnmatch.fnmatchcase(mu.id, p) or fnmatch.fnmatchcase(mu.file, p)
        return p in mu.id or p in mu.file

    return [mu for mu in mutations if any(matches(mu, p) for p in patterns)]


# --- running ----------------------------------------------------------------

def git(repo: Path, *args: str) -> bytes:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, stdout=subprocess.PIPE).stdout


def source_text(repo: Path, rev: str | None, path: str) -> str | None:
    if rev is None:
        p = repo / path
        return p.read_text(encoding="utf-8") if p.is_file() else None
    r = subprocess.run(["git", "-C", str(repo), "show", f"{rev}:{path}"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return r.stdout.decode("utf-8") if r.returncode == 0 else None


def make_copy(repo: Path, rev: str | None, dest: Path) -> None:
    dest.mkdir(parents=True)
    if rev is not None:
        archive = subprocess.Popen(["git", "-C", str(repo), "archive", "--format=tar", rev],
                                   stdout=subprocess.PIPE)
        with tarfile.open(fileobj=archive.stdout, mode="r|") as tar:
            tar.extractall(dest, filter="tar")
        if archive.wait() != 0:
            raise MutationError(f"git archive {rev} failed")
        return
    # Tracked files and untracked ones that are not ignored, as they are now.
    names = git(repo, "ls-files", "-z", "--cached", "--others", "--exclude-standard").split(b"\0")
    for name in sorted({n.decode() for n in names if n}):
        src = repo / name
        if not src.exists() and not src.is_symlink():
            continue          # deleted in the work tree
        out = dest / name
        out.parent.mkdir(parents=True, exist_ok=True)
        if src.is_symlink():
            os.symlink(os.readlink(src), out)
        elif src.is_file():
            shutil.copy2(src, out)


def run(cmd: list[str], log: Path, timeout: float | None = None, cwd: Path | None = None) -> tuple[int | None, float]:
    """Runs @cmd in its own process group, output to @log; None on timeout.
    The group is killed on a timeout and on any exception (Ctrl+C)."""
    t0 = time.monotonic()
    with open(log, "wb") as out:
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=cwd, start_new_session=True)
        try:
            rc = p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_group(p)
            rc = None
        except BaseException:
            kill_group(p)
            raise
    return rc, time.monotonic() - t0


def kill_group(p: subprocess.Popen) -> None:
    try:
        # meson test cancels its tests (each in a session of its own) on SIGTERM.
        os.killpg(p.pid, signal.SIGTERM)
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    except ProcessLookupError:
        pass


def failed_test(build: Path) -> str:
    """The first failing test in the meson log, with the check case that failed."""
    log = build / "meson-logs" / "testlog.json"
    failures = []
    try:
        lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return "?"
    for line in lines:
        try:
            t = json.loads(line)
        except ValueError:
            continue
        if t.get("result") in PASSED:
            continue
        name = t.get("name", "?").split(" / ")[-1]     # "warbench:core / test-spi"
        result = t.get("result", "?")
        # A libcheck failure: "test-spi.c:812:F:spi:test_exchange:0: ..."
        m = re.search(r"^[^:\n]+:\d+:[FE]:[^:\n]*:([^:\n]+):", t.get("stdout") or "", re.M)
        if m:
            name += f" ({m.group(1)})"
        if result == "TIMEOUT":
            name += " (timeout)"
        # Tests cancelled once --maxfail is reached come last.
        failures.append((result in ("INTERRUPT", "CANCELLED"), name))
    failures.sort(key=lambda f: f[0])
    return failures[0][1] if failures else "?"


def clear_testlog(build: Path) -> None:
    for name in ("testlog.json", "testlog.txt"):
        try:
            (build / "meson-logs" / name).unlink()
        except FileNotFoundError:
            pass


def build_and_test(build: Path, jobs: int, timeout: float | None, logs: Path, tag: str) -> tuple[str, str, float]:
    """(status, killer, seconds): status is ok, invalid or failed."""
    ninja = ["ninja", "-C", str(build)] + (["-j", str(jobs)] if jobs else [])
    rc, t_build = run(ninja, logs / f"{tag}.build.log")
    if rc != 0:
        return "invalid", "", t_build
    clear_testlog(build)
    cmd = ["meson", "test", "-C", str(build), "--no-rebuild", "--maxfail", "1", "--print-errorlogs"]
    for s in SUITES:
        cmd += ["--suite", s]
    rc, t_test = run(cmd, logs / f"{tag}.test.log", timeout=timeout)
    if rc is None:
        return "failed", "timeout", t_build + t_test
    if rc == 0:
        return "ok", "", t_build + t_test
    return "failed", failed_test(build), t_build + t_test


def fmt_time(s: float) -> str:
    s = int(round(s))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def report(results: list[Result], total_time: float, rev_text: str) -> None:
    killed = [r for r in results if r.status == "killed"]
    survived = [r for r in results if r.status == "survived"]
    invalid = [r for r in results if r.status == "invalid"]
    w_id = max([len(r.mutation.id) for r in results] + [8])
    w_where = max([len(f"{r.mutation.file}:{r.mutation.at}") for r in results] + [5])
    print()
    print(f"{'mutation':<{w_id}}  {'where':<{w_where}}  {'result':<8}  {'time':>6}  killed by")
    print(f"{'-' * w_id}  {'-' * w_where}  {'-' * 8}  {'-' * 6}  {'-' * 9}")
    for r in results:
        where = f"{r.mutation.file}:{r.mutation.at}"
        print(f"{r.mutation.id:<{w_id}}  {where:<{w_where}}  {r.status:<8}  {fmt_time(r.seconds):>6}  {r.killer}")
    print()
    scored = len(killed) + len(survived)
    score = f"{100.0 * len(killed) / scored:.1f} %" if scored else "n/a"
    print(f"Source: {rev_text}")
    print(f"Score: {len(killed)} killed / {scored} = {score}  "
          f"({len(survived)} survived, {len(invalid)} invalid, {len(results)} run, {fmt_time(total_time)})")
    if survived:
        print("\nSurvivors (no test noticed these; each wants a test or an explanation):")
        for r in survived:
            print(f"  {r.mutation.id}  {r.mutation.file}:{r.mutation.at}  {r.mutation.desc}")
    if invalid:
        print("\nInvalid (did not compile; fix the mutation):")
        for r in invalid:
            print(f"  {r.mutation.id}  {r.mutation.file}:{r.mutation.at}  {r.log}")


def on_sigterm(signum, frame):
    raise KeyboardInterrupt


def first_error(log: Path) -> str:
    """The compiler's first error line in a build log."""
    try:
        for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
            if "error:" in line:
                return line.strip()
    except OSError:
        pass
    return f"see {log}"


def main() -> int:
    repo = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="See docs/testing.md.")
    ap.add_argument("--list", action="store_true", help="list the mutations (anchors checked) and stop")
    ap.add_argument("--only", action="append", default=[], metavar="PATTERN",
                    help="run the mutations whose id or file matches: a glob, else a substring (repeatable)")
    ap.add_argument("--rev", metavar="REV",
                    help="test this commit (git archive REV) instead of the working tree as it is")
    ap.add_argument("-j", "--jobs", type=int, default=0, help="ninja's parallel jobs (default: ninja's own)")
    ap.add_argument("--timeout", type=float, default=0, metavar="SECONDS",
                    help="limit for one test run; a run that exceeds it counts as killed by timeout "
                         "(default: 3 × the unmutated run + 60 s)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch directory (build logs, build)")
    ap.add_argument("--mutations", type=Path, default=repo / "tools" / "mutations.txt", metavar="FILE",
                    help="the mutation list (default: tools/mutations.txt)")
    args = ap.parse_args()

    try:
        mutations = parse_list(args.mutations)
        if args.rev is not None:
            rev = git(repo, "rev-parse", "--verify", f"{args.rev}^{{commit}}").decode().strip()
        else:
            rev = None
        for mu in mutations:
            check_anchor(mu, source_text(repo, rev, mu.file), args.mutations)
    except (MutationError, subprocess.CalledProcessError) as e:
        print(f"mutate: {e}", file=sys.stderr)
        return 2
    chosen = select(mutations, args.only)
    if args.list:
        for mu in chosen:
            print(f"{mu.id}\n  {mu.file}:{mu.at}: {mu.desc}\n  - {mu.find!r}\n  + {mu.replace!r}")
        print(f"\n{len(chosen)} of {len(mutations)} mutations")
        return 0
    if not chosen:
        print(f"mutate: no mutation matches {' '.join(args.only)}", file=sys.stderr)
        return 2

    if rev is not None:
        rev_text = f"{args.rev} = {rev}"
    else:
        head = git(repo, "rev-parse", "HEAD").decode().strip()
        dirty = git(repo, "status", "--porcelain", "--untracked-files=normal").strip()
        rev_text = f"the working tree on {head}" + (" (with local changes)" if dirty else "")

    # SIGTERM as Ctrl+C, so the same clean-up runs.
    signal.signal(signal.SIGTERM, on_sigterm)
    scratch = Path(tempfile.mkdtemp(prefix="warbench-mutate-"))
    src, build, logs = scratch / "src", scratch / "build", scratch / "logs"
    results: list[Result] = []
    t_start = time.monotonic()
    status = 0
    try:
        logs.mkdir()
        print(f"mutate: {len(chosen)} mutations on {rev_text}; scratch {scratch}", flush=True)
        make_copy(repo, rev, src)
        rc, _ = run(["meson", "setup", "-Dgui=disabled", str(build), str(src)], logs / "setup.log")
        if rc != 0:
            print(f"mutate: meson setup failed, see {logs / 'setup.log'}", file=sys.stderr)
            args.keep = True
            return 1
        print("mutate: building and testing the unmutated tree…", flush=True)
        st, killer, secs = build_and_test(build, args.jobs, None, logs, "baseline")
        if st != "ok":
            what = "does not build" if st == "invalid" else f"fails its tests ({killer})"
            print(f"mutate: the unmutated tree {what}; nothing to measure. Logs in {logs}", file=sys.stderr)
            args.keep = True
            return 1
        timeout = args.timeout or 3 * secs + 60
        print(f"mutate: baseline passes ({fmt_time(secs)}); test runs time out after {fmt_time(timeout)}",
              flush=True)

        for n, mu in enumerate(chosen, 1):
            path = src / mu.file
            original = path.read_bytes()
            text = original.decode("utf-8")
            # Checked against the copy too: with no --rev the work tree may
            # have changed since the list was checked.
            check_anchor(mu, text, args.mutations)
            print(f"[{n:>2}/{len(chosen)}] {mu.id} ({mu.file}:{mu.at}) … ", end="", flush=True)
            try:
                path.write_text(text.replace(mu.find, mu.replace, 1), encoding="utf-8")
                st, killer, secs = build_and_test(build, args.jobs, timeout, logs, mu.id)
            finally:
                path.write_bytes(original)
            if st == "invalid":
                r = Result(mu, "invalid", "", secs, first_error(logs / f"{mu.id}.build.log"))
            elif st == "ok":
                r = Result(mu, "survived", "", secs)
            else:
                r = Result(mu, "killed", killer, secs, str(logs / f"{mu.id}.test.log"))
            results.append(r)
            print(f"{r.status}{' by ' + r.killer if r.killer else ''} ({fmt_time(secs)})", flush=True)
    except KeyboardInterrupt:
        print("\nmutate: interrupted; the file being mutated was restored", file=sys.stderr)
        status = 130
    except MutationError as e:
        print(f"\nmutate: {e}", file=sys.stderr)
        status = 2
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        if results:
            report(results, time.monotonic() - t_start, rev_text)
        if args.keep:
            print(f"\nmutate: scratch kept in {scratch} (build logs in {logs})")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
