"""Shared parts of the scene and image fuzzers: running the binary under limits, verdicts, the
defect table, the regression corpus and delta reduction. Standard library only."""

import argparse
import codecs
import os
import re
import resource
import shlex
import shutil
import signal
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(HERE, "corpus")

# Limits of one run. 2 GiB of address space is plenty for the Swift runtime (it starts under 256 MiB)
# and stops a runaway allocation long before it hurts the machine.
TIMEOUT = 10.0
ADDRESS_SPACE = 2 << 30
MAX_RSS_MB = 300           # a run's peak resident memory above this is a defect ("memory")
STDERR_KEEP = 64 * 1024    # bytes of stderr kept per run
MAX_MESSAGE = 2000         # a one-line message longer than this floods the terminal (user text echoed whole)

DEFECTS = ("crash", "hang", "memory", "bad message", "wrong exit code")


class Run:
    """The outcome of one run of the binary."""

    def __init__(self, argv, status, timed_out, stdout, stderr, maxrss_kb, seconds):
        self.argv, self.status, self.timed_out = argv, status, timed_out
        self.stdout, self.stderr, self.maxrss_kb, self.seconds = stdout, stderr, maxrss_kb, seconds

    @property
    def signal(self):
        return os.WTERMSIG(self.status) if os.WIFSIGNALED(self.status) else None

    @property
    def code(self):
        return os.WEXITSTATUS(self.status) if os.WIFEXITED(self.status) else None

    def describe(self):
        if self.timed_out:
            return "timeout after %.0f s (killed)" % self.seconds
        if self.signal is not None:
            return "killed by signal %d (%s)" % (self.signal, signal.Signals(self.signal).name)
        return "exit %d" % self.code


def set_limits(address_space=ADDRESS_SPACE):
    """Limits the fuzzer's own address space and core files; children inherit them. (Set here rather
    than in a preexec_fn, which is unsafe with the worker threads.)"""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard == resource.RLIM_INFINITY or hard > address_space:
        resource.setrlimit(resource.RLIMIT_AS, (address_space, hard))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))   # no core files from crashes


def run(argv, cwd, timeout=TIMEOUT):
    """Runs argv as the leader of a new process group (under the limits of set_limits); kills the
    group on timeout. Returns a Run with the child's own peak RSS (from wait4)."""
    import subprocess
    out_path = os.path.join(cwd, ".stdout")
    err_path = os.path.join(cwd, ".stderr")
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        start = time.monotonic()
        proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                process_group=0)
    deadline = start + timeout
    timed_out, pause = False, 0.001
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            timed_out = True
            try:
                os.killpg(proc.pid, signal.SIGKILL)   # the child's own group: it and anything it started
            except ProcessLookupError:
                pass
            pid, status, usage = os.wait4(proc.pid, 0)
            break
        time.sleep(pause)
        pause = min(pause * 2, 0.02)
    proc.returncode = -1   # reaped here; keep Popen from waiting again
    seconds = time.monotonic() - start
    with open(out_path, "rb") as f:
        stdout = f.read(STDERR_KEEP)
    with open(err_path, "rb") as f:
        stderr = f.read(STDERR_KEEP)
    os.unlink(out_path)
    os.unlink(err_path)
    return Run(argv, status, timed_out, stdout, stderr, usage.ru_maxrss, seconds)


CONTROL = re.compile(rb"[\x00-\x1f\x7f]")


def verdict(r, names, max_rss_mb=MAX_RSS_MB):
    """(class, detail): class None when the run is fine. A failure message must contain one of `names`
    (the input's file name); a usage error (64) may name one of the command's options instead."""
    if r.timed_out:
        return "hang", "no exit within %.0f s" % r.seconds
    mb = r.maxrss_kb / 1024
    if r.signal is not None or (r.code is not None and r.code >= 128):
        text = r.stderr.decode("utf-8", "replace").lower()
        if "out of memory" in text or "alloc" in text or mb > ADDRESS_SPACE / 2 ** 20 * 0.9:
            return "memory", "died at the memory limit (%s)" % r.describe()
        return "crash", r.describe()
    if mb > max_rss_mb:
        return "memory", "peak RSS %.0f MB > %d MB (%s)" % (mb, max_rss_mb, r.describe())
    if r.code == 0:
        return None, "ok"
    if r.code not in (1, 64):
        return "wrong exit code", r.describe()
    err = r.stderr
    if not err.strip():
        return "bad message", "exit %d with nothing on stderr" % r.code
    body = err[:-1] if err.endswith(b"\n") else err
    if len(body) > MAX_MESSAGE:
        return "bad message", "a message of %s%d bytes" % ("over " if len(err) >= STDERR_KEEP else "", len(body))
    if b"\n" in body:
        return "bad message", "%d lines on stderr" % (body.count(b"\n") + 1)
    if CONTROL.search(body):
        return "bad message", "raw control characters on stderr"
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return "bad message", "invalid UTF-8 on stderr"
    if re.search("[\x80-\x9f\u2028\u2029]", text):   # C1 controls (CSI …) and line separators
        return "bad message", "raw control characters on stderr"
    allowed = list(names) + ([w for w in r.argv if w.startswith("--")] if r.code == 64 else [])
    if not any(n and n in text for n in allowed):
        return "bad message", "does not name %s" % " or ".join(sorted(set(allowed)))
    return None, "clean message"


def signature(cls, r, detail=""):
    """The deduplication key: the class, the kind of fault and stderr's first line in outline (file
    names, JSON paths, quoted text and numbers stripped, so user-controlled text does not split it)."""
    lines = [l for l in r.stderr.decode("utf-8", "replace").split("\n") if l.strip()]
    if cls == "crash":   # the runtime's own line ("Fatal error: …", "Swift runtime failure: …")
        lines = [l.strip("* ") for l in lines if "rror" in l or "failure" in l] or lines
    first = lines[0] if lines else ""
    first = re.sub(r"^(Error: \S+\.json: )[^:]*(:|$)", r"\1PATH\2", first)   # the JSON path
    first = re.sub(r"\S+\.(json|png|jpe?g|JPG|PNG)\b", "FILE", first)
    first = re.sub(r"'[^']*'|\"[^\"]*\"", "''", first)
    first = re.sub(r"(got|named|key|value) ['\"].*", r"\1 ...", first)       # an unbalanced quote
    first = re.sub(r"[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?", "N", first)
    first = re.sub(r"[^\x20-\x7e]", "?", first)[:80]
    kind = re.sub(r"[0-9]+", "N", detail) if cls == "bad message" else ""
    if cls in ("hang", "memory"):
        # The message, if any, only says what the input got wrong: one entry per command and file type.
        ext = [os.path.splitext(w)[1].lower() for w in r.argv if re.search(r"\.(json|png|jpe?g)$", w, re.I)]
        first = "%s %s" % (r.argv[1], " ".join(ext[:1]))
    elif not first:
        first = r.argv[1]
    return cls, (kind + ": " + first) if kind else first


def show(argv, replace=None):
    """A command line for people: the binary as `layerscope`, temporary paths as given in `replace`."""
    words = ["layerscope"] + list(argv[1:])
    text = " ".join(shlex.quote(w) for w in words)
    for old, new in (replace or {}).items():
        text = text.replace(old, new)
    return text


class Findings:
    """Distinct defects: the smallest input of each signature, saved under the results folder."""

    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.table = {}   # signature -> dict(count, size, folder, first index)

    def add(self, sig, detail, index, data, file_name, r):
        entry = self.table.get(sig)
        if entry and entry["size"] <= len(data):
            entry["count"] += 1
            return
        count = entry["count"] + 1 if entry else 1
        folder = entry["folder"] if entry else os.path.join(
            self.out_dir, "%02d-%s" % (len(self.table) + 1, sig[0].replace(" ", "-")))
        os.makedirs(folder, exist_ok=True)
        for old in os.listdir(folder):
            os.unlink(os.path.join(folder, old))
        with open(os.path.join(folder, file_name), "wb") as f:
            f.write(data)
        with open(os.path.join(folder, "command.txt"), "w") as f:
            words = [os.path.basename(w) if w.endswith(file_name) else
                     ("out.png" if w.endswith("/o.png") else "frames/" if w.endswith("/frames") else w)
                     for w in r.argv]
            f.write(show(words) + "\n")
        with open(os.path.join(folder, "outcome.txt"), "w") as f:
            f.write("%s: %s\n%s, %.2f s, peak RSS %.0f MB\n" % (
                sig[0], detail, r.describe(), r.seconds, r.maxrss_kb / 1024))
        with open(os.path.join(folder, "stderr.txt"), "wb") as f:
            f.write(r.stderr)
        with open(os.path.join(folder, "stdout.txt"), "wb") as f:
            f.write(r.stdout[:4096])
        self.table[sig] = dict(count=count, size=len(data), folder=folder, index=index, detail=detail)

    def report(self, runs, seconds, stream=sys.stdout):
        print("%d runs in %.1f s, %d distinct defects" % (runs, seconds, len(self.table)), file=stream)
        for (cls, first), e in sorted(self.table.items()):
            print("  %-15s x%-5d %-60s %s" % (cls, e["count"], first[:60], os.path.basename(e["folder"])),
                  file=stream)
        if self.table:
            print("inputs, commands and outputs in %s" % self.out_dir, file=stream)

    def discard_if_empty(self, own):
        """Removes a results folder the fuzzer made itself when nothing was found."""
        if own and not self.table:
            shutil.rmtree(self.out_dir, ignore_errors=True)


def common_arguments(description):
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--count", type=int, default=None, help="number of inputs (default 500)")
    p.add_argument("--seconds", type=float, default=None, help="run for this long instead of --count")
    p.add_argument("--jobs", type=int, default=2, help="parallel workers (default 2)")
    p.add_argument("--binary", default=os.environ.get("LAYERSCOPE"), help="layerscope binary ($LAYERSCOPE)")
    p.add_argument("--out", default=None, help="results folder (default: a new temporary folder)")
    p.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds per run (default 10)")
    p.add_argument("--corpus-only", action="store_true", help="run the regression corpus only")
    p.add_argument("--no-corpus", action="store_true", help="skip the regression corpus")
    p.add_argument("--minimize", action="store_true", help="delta-reduce each distinct defect's input")
    p.add_argument("--quiet", action="store_true", help="print only the summary")
    return p


def check_binary(args):
    if not args.binary or not os.access(args.binary, os.X_OK):
        sys.exit("no layerscope binary: give --binary PATH or set LAYERSCOPE")
    args.binary = os.path.abspath(args.binary)
    set_limits()
    if args.count is None and args.seconds is None:
        args.count = 500
    args.own_out = args.out is None
    if args.out is None:
        args.out = tempfile.mkdtemp(prefix="layerscope-fuzz-")
    os.makedirs(args.out, exist_ok=True)


def fill(word, path, work):
    """A command word with its placeholders: {file} the input, {out} a PNG, {dir} a folder for frames."""
    return (word.replace("{file}", path).replace("{out}", os.path.join(work, "o.png"))
            .replace("{dir}", os.path.join(work, "frames")))


# --- parallel campaign -------------------------------------------------------------------------

def _do_case(case_fn, binary, timeout, work, seed, index):
    """Runs input `index` of `seed` in the folder `work`. Returns None when fine, else
    (data, file name, [(signature, detail, run), ...])."""
    data, file_name, commands, names = case_fn(seed, index)
    path = os.path.join(work, file_name)
    with open(path, "wb") as f:
        f.write(data)
    found = []
    for tail in commands:
        argv = [binary] + [fill(w, path, work) for w in tail]
        r = run(argv, work, timeout=timeout)
        cls, detail = verdict(r, names)
        if cls:
            found.append((signature(cls, r, detail), detail, r))
    for leftover in os.listdir(work):
        p = os.path.join(work, leftover)
        shutil.rmtree(p) if os.path.isdir(p) else os.unlink(p)
    return (data, file_name, found) if found else None


def campaign(args, case_fn, findings, log):
    """Runs inputs seed:0, seed:1, … on args.jobs threads (each waits on its own child process);
    records defects in input order, so the results do not depend on scheduling. Returns the count."""
    import threading
    scratch = tempfile.mkdtemp(prefix="layerscope-fuzz-work-")
    start = time.monotonic()
    lock = threading.Lock()
    state = {"next": 0}
    results = {}

    def take():
        with lock:
            i = state["next"]
            if args.count is not None and i >= args.count:
                return None
            if args.seconds is not None and time.monotonic() - start > args.seconds:
                return None
            state["next"] = i + 1
            return i

    def worker(k):
        work = os.path.join(scratch, "w%d" % k)
        os.makedirs(work)
        while True:
            i = take()
            if i is None:
                return
            try:
                res = _do_case(case_fn, args.binary, args.timeout, work, args.seed, i)
            except Exception as e:          # a bug of the fuzzer itself: say so (even with --quiet)
                res = None
                print("fuzzer error on input %d:%d: %r" % (args.seed, i, e), file=sys.stderr, flush=True)
            with lock:
                results[i] = res
                if res:
                    for sig, detail, r in res[2]:
                        if sig not in findings.table and not any(sig == s for s, _, _ in state.get("seen", [])):
                            state.setdefault("seen", []).append((sig, detail, r))
                            log("defect %s: %s  [input %d:%d]" % (sig[0], sig[1][:90], args.seed, i))

    threads = [threading.Thread(target=worker, args=(k,), daemon=True) for k in range(args.jobs)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            while t.is_alive():
                t.join(0.5)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for i in sorted(results):
        if results[i]:
            data, file_name, found = results[i]
            for sig, detail, r in found:
                findings.add(sig, detail, i, data, file_name, r)
    return len(results)


# --- regression corpus -------------------------------------------------------------------------

def corpus_entries(suffixes):
    """(name, path, [argv tail]) for each corpus input ending in one of `suffixes`. Each input X has
    X.cmd beside it: one command a line, `{file}` for the input, `{out}` for an output PNG, `{dir}` for a
    folder of frames, backslash escapes for control characters; a line `timeout SECONDS` sets a time
    limit of its own."""
    entries = []
    if not os.path.isdir(CORPUS):
        return entries
    for name in sorted(os.listdir(CORPUS)):
        if not name.endswith(suffixes):
            continue
        path = os.path.join(CORPUS, name)
        commands, limit = [], None
        with open(os.path.splitext(path)[0] + ".cmd") as f:
            for line in f:
                line = line.strip()
                if line.startswith("timeout "):          # "timeout SECONDS": this input's time limit
                    limit = float(line.split()[1])
                elif line and not line.startswith("#"):
                    # Backslash escapes (\x1b, \r, \n) in a word stand for those characters.
                    commands.append([codecs.decode(w, "unicode_escape") if "\\" in w else w
                                     for w in shlex.split(line)])
        entries.append((name, path, commands) + ((limit,) if limit else ()))
    return entries


def run_fixed(args, entries, findings, log, label):
    """Runs fixed cases, each of which must pass; prints PASS/FAIL per case. An entry is
    (name, path, commands), run in place (relative image names resolve beside it), or
    (name, generator, commands[, seconds]): generator(path) writes a (large) input into a scratch
    folder, deleted afterwards. Returns (runs, failures)."""
    scratch = tempfile.mkdtemp(prefix="layerscope-fuzz-fixed-")
    runs = failures = 0
    try:
        for entry in entries:
            name, source, commands = entry[:3]
            limit = entry[3] if len(entry) > 3 else args.timeout   # a case may set its own time limit
            if callable(source):
                path = os.path.join(scratch, name)
                source(path)
                stored = b"(generated by the fuzzer, %d bytes)\n" % os.path.getsize(path)
            else:
                path = source
                with open(path, "rb") as f:
                    stored = f.read()
            bad = []
            for tail in commands:
                argv = [args.binary] + [fill(w, path, scratch)
                                        for w in tail]
                r = run(argv, scratch, timeout=limit)
                runs += 1
                cls, detail = verdict(r, [os.path.basename(path)])
                if cls:
                    bad.append("%s: %s" % (cls, detail))
                    findings.add(signature(cls, r, detail), detail, label + ":" + name, stored, os.path.basename(path), r)
            if bad:
                failures += 1
                log("FAIL %s %s: %s" % (label, name, "; ".join(bad)))
            else:
                log("PASS %s %s" % (label, name))
            if callable(source):
                os.unlink(path)
            for leftover in os.listdir(scratch):
                os.unlink(os.path.join(scratch, leftover))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return runs, failures


# --- delta reduction ---------------------------------------------------------------------------

def main(doc, label, corpus, make_case, runs_per_case=1, finish=None, prepare=None):
    """The fuzzers' shared main: parses the common options, calls `prepare(args)` (once the binary is
    known), runs the corpus `corpus()` (unless --no-corpus) and the seeded campaign of `make_case`
    (unless --corpus-only; each case runs `runs_per_case` commands), calls `finish(args, findings,
    log)`, prints the table of distinct defects and exits 1 when there is any."""
    args = common_arguments(doc.split("\n\n")[0]).parse_args()
    check_binary(args)
    if prepare:
        prepare(args)
    log = (lambda s: None) if args.quiet else (lambda s: print(s, flush=True))
    findings = Findings(args.out)
    start = time.monotonic()
    runs = 0
    if not args.no_corpus:
        runs, _ = run_fixed(args, corpus(), findings, log, label + " corpus")
    if not args.corpus_only:
        runs += runs_per_case * campaign(args, make_case, findings, log)
    if finish:
        finish(args, findings, log)
    findings.report(runs, time.monotonic() - start)
    findings.discard_if_empty(args.own_out)
    sys.exit(1 if findings.table else 0)


def ddmin_bytes(data, still_fails, budget=200):
    """Classic ddmin over bytes: removes chunks while `still_fails(candidate)` holds."""
    n = 2
    tries = 0
    while len(data) >= 2 and tries < budget:
        chunk = max(1, len(data) // n)
        reduced = False
        for start in range(0, len(data), chunk):
            candidate = data[:start] + data[start + chunk:]
            tries += 1
            if candidate and still_fails(candidate):
                data, n, reduced = candidate, max(n - 1, 2), True
                break
            if tries >= budget:
                break
        if not reduced:
            if chunk == 1:
                break
            n = min(len(data), n * 2)
    return data
