#!/usr/bin/env python3
"""Accuracy of `sgf score` against the recorded results of counted games, on a dev half and a test
half of each set, beside GNU Go, with the reliability of the reported confidence.
Run through bench/score-accuracy/run; README.md there says what each table means."""
import argparse
import collections
import concurrent.futures
import hashlib
import json
import math
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile

# Targets of issue 15 on the test half, in percent: (exact, winner).
TARGETS = {"counted": (95.0, 99.0), "counted-more": (90.0, 98.0)}
HELD_OUT = {"tygem-ai"}  # nothing in sgf is chosen on these sets, not even on their dev half
MAX_GAP = 1.0  # dev minus test, in percentage points; more is overfitting

# Reliability bins of the reported confidence: [low, high).
BINS = [(0.0, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 0.99),
        (0.99, 1.000001)]


def half_of(path):
    """The split rule: dev or test by a stable hash of the file's path within its set."""
    return "dev" if int(hashlib.sha1(path.encode()).hexdigest()[:8], 16) % 2 == 0 else "test"


def recorded(text):
    """(margin in points or None, winner sign or None) of an RE value; positive is Black.
    A margin counts for exact agreement only when it is a count in points (a multiple of 0.5) or
    in stones (x.25 / x.75, twice as many points). Fox writes some counted games with a margin
    that is no count (B+0.0 / W+0.0, and tiny fractions such as W+0.02 / B+0.03): the RE quirks,
    left out of the agreement figures (README.md)."""
    t = text.strip()
    if t in ("0", "Jigo", "Draw"):
        return 0.0, 0
    m = re.fullmatch(r"([BW])\+(\d+(?:\.\d+)?)", t)
    if not m:
        return None, None
    sign = 1 if m.group(1) == "B" else -1
    v = float(m.group(2))
    if v == 0:
        return None, sign
    if abs(v * 2 - round(v * 2)) < 1e-9:
        return sign * v, sign
    if abs(v * 4 - round(v * 4)) < 1e-9:
        return sign * 2 * v, sign
    return None, sign


def sign_of(x):
    return (x > 0) - (x < 0)


class Set:
    """`scored_input`: the paths given to sgf (one or a list); `index`: the set's index.tsv, by
    default in `folder`, naming each game by its path within `folder`."""

    def __init__(self, name, folder, scored_input, source_of, index=None):
        self.name = name
        self.light = False  # scored with markup and the first seed only
        self.folder = folder
        self.input = scored_input if isinstance(scored_input, list) else [scored_input]
        self.games = {}  # path within the set -> index row (dict)
        with open(index or os.path.join(folder, "index.tsv"), encoding="utf-8") as f:
            header = f.readline().rstrip("\n").split("\t")
            for line in f:
                row = dict(zip(header, line.rstrip("\n").split("\t")))
                row["source"] = source_of(row)
                row["half"] = half_of(row["file"])
                row["points"], row["winner"] = recorded(row["RE"])
                self.games[row["file"]] = row

    def key(self, output_name):
        """The path within the set of a name in sgf's output."""
        if "!/" in output_name:
            return output_name.split("!/", 1)[1]
        for name, prefix in ((os.path.normpath(output_name), os.path.normpath(self.folder)),
                             (os.path.realpath(output_name), os.path.realpath(self.folder))):
            if name.startswith(prefix + "/"):
                return name[len(prefix) + 1:]
        return output_name


def load_sets(corpus):
    return [
        Set("counted", os.path.join(corpus, "counted"), os.path.join(corpus, "counted"),
            lambda row: row["file"].split("/", 1)[0]),
        Set("counted-more", os.path.join(corpus, "counted-more"),
            os.path.join(corpus, "counted-more", "games.tar.xz"), lambda row: row["source"]),
    ]


def sgf_text(value):
    return value.replace("\\", "\\\\").replace("]", "\\]")


def held_out_set(corpus, work):
    """Games of AI programs on Tygem, from the one-line raw kifu of foreign/tygem-raw-kifu.tar.xz
    (moves per game id; date, players and result in each program's kifu.index), those with a
    counted RE, written as SGF the way counted-more's Tygem files are (AP[converter], the
    converter's KM[6.5] RU[Japanese], PC[TYGEM]). Nothing in sgf was chosen on them: a check of
    how the scorer carries to games of a kind it was not tuned on. None without the archive."""
    archive = os.path.join(corpus, "foreign", "tygem-raw-kifu.tar.xz")
    if not os.path.isfile(archive):
        return None
    results, moves = {}, {}
    with tarfile.open(archive) as tar:
        for member in tar:
            if not member.isfile():
                continue
            program = member.name.split("/")[1]
            text = tar.extractfile(member).read().decode("utf-8", "replace")
            for line in text.splitlines():
                f = line.split("\t")
                if member.name.endswith("kifu.index"):
                    if len(f) >= 10 and re.fullmatch(r"[BW]\+\d+(\.\d+)?", f[8]):
                        results.setdefault(f[0], (f, program))
                elif len(f) == 2:
                    moves.setdefault(f[0], f[1])
    folder = os.path.join(work, "tygem-ai")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "index.tsv"), "w", encoding="utf-8") as index:
        index.write("file\tsource\tRE\n")
        for game_id in sorted(results.keys() & moves.keys()):
            f, program = results[game_id]
            with open(os.path.join(folder, game_id + ".sgf"), "w", encoding="utf-8") as out:
                out.write(f"(;CA[UTF-8]GM[1]FF[4]AP[converter]SZ[19]GN[{game_id}]DT[{sgf_text(f[1])}]"
                          f"PB[{sgf_text(f[2] + ' ' + f[3])}]PW[{sgf_text(f[5] + ' ' + f[6])}]"
                          f"RE[{f[8]}]RO[{sgf_text(f[9])}]KM[6.5]RU[Japanese]PC[TYGEM]{moves[game_id]})\n")
            index.write(f"{game_id}.sgf\t{program}\t{f[8]}\n")
    return Set("tygem-ai", folder, folder, lambda row: row["source"])


def no_rules_set(corpus, work):
    """The games of big/ with a counted RE whose record names no rule set (no RU): professional
    records, most of them (counted/index_missing_RU_or_KM_in_big.tsv), copied out of the archives.
    Their source is the komi and whether both players hold professional ranks (BR and WR "9p" or
    "9p, Meijin"), on which the rules chain decides the counting. Scored with markup and the first
    seed only. None without the archives."""
    index = os.path.join(corpus, "counted", "index_missing_RU_or_KM_in_big.tsv")
    big = os.path.join(corpus, "big")
    archives = [os.path.join(big, a) for a in ("pro-cwi.tar.xz", "ai.zip")]
    if not os.path.isfile(index) or not all(os.path.isfile(a) for a in archives):
        return None
    wanted = {}
    with open(index, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            if row["RU"] == "" and row["game_index"] == "0":
                wanted[row["file_under_corpus_big"]] = row
    folder = os.path.join(work, "no-rules")
    texts = {}
    with tarfile.open(archives[0]) as tar:
        for member in tar:
            if member.isfile() and member.name in wanted:
                texts[member.name] = tar.extractfile(member).read()
    with zipfile.ZipFile(archives[1]) as z:
        for name in z.namelist():
            if name in wanted:
                texts[name] = z.read(name)
    rank = lambda text, key: re.search(rb"\b" + key + rb"\[\d+p(?![A-Za-z])", text) is not None
    with open(folder + ".index.tsv", "w", encoding="utf-8") as out:
        out.write("file\tsource\tRE\n")
        for name in sorted(texts):
            text, row = texts[name], wanted[name]
            path = os.path.join(folder, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(text)
            players = "pro" if rank(text, b"BR") and rank(text, b"WR") else "other"
            out.write(f"{name}\t{players} KM {row['KM'] or '-'}\t{row['RE']}\n")
    s = Set("no-rules", folder, folder, lambda row: row["source"], folder + ".index.tsv")
    s.light = True
    return s


def computer_go_set(corpus, work):
    """The games of the engines' regression folders in rules/ (GNU Go's and Fuego's: games of
    computer-go servers and tournaments, NNGS, CGOS, KGS, UEC) whose RE is a count, in place.
    Not all are whole games (some regression files stop at the position tested), so exact
    agreement has a ceiling below 100%. None without the folders."""
    root = os.path.join(corpus, "rules")
    folders = [os.path.join(root, f) for f in ("gnugo_regression", "fuego_regression")]
    if not all(os.path.isdir(f) for f in folders):
        return None
    index = os.path.join(work, "computer-go.index.tsv")
    with open(index, "w", encoding="utf-8") as out:
        out.write("file\tsource\tRE\n")
        for folder in folders:
            for dirpath, _, names in sorted(os.walk(folder)):
                for name in sorted(names):
                    if not name.lower().endswith(".sgf"):
                        continue
                    path = os.path.join(dirpath, name)
                    with open(path, "rb") as f:
                        text = f.read().decode("utf-8", "replace")
                    m = re.search(r"RE\[([BW]\+\d+(?:\.\d+)?)\]", text)
                    if m and "\t" not in path and "\n" not in path:
                        out.write(f"{os.path.relpath(path, root)}\t{os.path.basename(folder)}"
                                  f"\t{m.group(1)}\n")
    return Set("computer-go", root, folders, lambda row: row["source"], index)


def run_sgf(sgf, s, markup, seed, out, jobs):
    cmd = [sgf, "score", "-j", str(jobs), "--no-progress", "--format", "json", "--seed", str(seed),
           "-o", out]
    if not markup:
        cmd.append("--no-markup")
    cmd.extend(s.input)
    started = time.monotonic()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)}: exit status {done.returncode}")
    return time.monotonic() - started


def load_scores(s, path):
    """Path within the set -> sgf's JSON object for the first game of the file, for the files of
    the set's index (sgf may have read others beside them)."""
    scores = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            j = json.loads(line)
            key = s.key(j["file"])
            if j.get("game", 0) == 0 and key in s.games:
                scores[key] = j
    return scores


class Tally:
    def __init__(self):
        self.games = self.exact_n = self.exact = self.winner_n = self.winner = 0

    def add(self, row, margin):
        self.games += 1
        if row["points"] is not None:
            self.exact_n += 1
            self.exact += margin is not None and abs(margin - row["points"]) < 1e-6
        # The targets leave the RE quirks out of both figures: a winner counts only where
        # RE is a count in points.
        if row["winner"] is not None and row["points"] is not None:
            self.winner_n += 1
            self.winner += margin is not None and sign_of(margin) == row["winner"]

    def exact_pct(self):
        return 100.0 * self.exact / self.exact_n if self.exact_n else float("nan")

    def winner_pct(self):
        return 100.0 * self.winner / self.winner_n if self.winner_n else float("nan")


def markups_of(s):
    return (True,) if s.light else (True, False)


def seeds_of(s, seeds):
    return seeds[:1] if s.light else seeds


def pct(x):
    return "      -" if math.isnan(x) else f"{x:6.2f}%"


def tally(s, scores, key=lambda row, j: "all"):
    """(group, half) -> Tally over the games of the set; a game sgf did not score counts as wrong."""
    t = collections.defaultdict(Tally)
    for path, row in s.games.items():
        j = scores.get(path)
        margin = j["margin"] if j else None
        t[(key(row, j or {}), row["half"])].add(row, margin)
    return t


def headline(sets, runs, seeds):
    print("\nAgreement with RE per half (exact and winner: games whose RE is a count in points; the "
          "RE quirks are left out)")
    for s in sets:
        held_out = s.name in HELD_OUT
        target_exact, target_winner = TARGETS.get(s.name, (0, 0))
        if held_out:
            print(f"\n{s.name}: held out, no target (nothing was chosen on it)")
        elif s.name in TARGETS:
            print(f"\n{s.name}: targets on the test half {target_exact:.0f}% exact, "
                  f"{target_winner:.0f}% winner; dev within {MAX_GAP:.0f} point of test")
        else:
            print(f"\n{s.name}: no target; chosen on its dev half, dev within {MAX_GAP:.0f} point "
                  f"of test")
        print(f"  {'markup':<10}{'seed':>5}  {'dev exact':>10}{'winner':>9}  {'test exact':>10}"
              f"{'winner':>9}  {'gap exact':>9}{'winner':>8}  flags")
        for markup in markups_of(s):
            for seed in seeds_of(s, seeds):
                t = tally(s, runs[(s.name, markup, seed)])
                dev, test = t[("all", "dev")], t[("all", "test")]
                gap_e = dev.exact_pct() - test.exact_pct()
                gap_w = dev.winner_pct() - test.winner_pct()
                flags = ["held out: the gap is chance alone"] if held_out else []
                if test.exact_pct() < target_exact:
                    flags.append("exact below target")
                if test.winner_pct() < target_winner:
                    flags.append("winner below target")
                if not held_out and max(gap_e, gap_w) > MAX_GAP:
                    flags.append("dev above test by > 1 point: overfitting")
                elif not held_out and min(gap_e, gap_w) < -MAX_GAP:
                    flags.append("gap > 1 point")
                print(f"  {'with' if markup else 'without':<10}{seed:>5}  {pct(dev.exact_pct()):>10}"
                      f"{pct(dev.winner_pct()):>9}  {pct(test.exact_pct()):>10}{pct(test.winner_pct()):>9}"
                      f"  {gap_e:+9.2f}{gap_w:+8.2f}  {', '.join(flags) or 'ok'}")
        t = tally(s, runs[(s.name, True, seeds[0])])
        d, e = t[("all", "dev")], t[("all", "test")]
        print(f"  games: dev {d.games} ({d.exact_n} with a margin in points, {d.winner_n} with a "
              f"winner), test {e.games} ({e.exact_n}, {e.winner_n})")
        # What chance alone makes of the gap: the standard error of a difference of two shares.
        se = lambda p, n1, n2: 100 * math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2)) if n1 and n2 else 0
        pe = (d.exact + e.exact) / max(1, d.exact_n + e.exact_n)
        pw = (d.winner + e.winner) / max(1, d.winner_n + e.winner_n)
        print(f"  standard error of the dev-test gap from the split alone (seed {seeds[0]}, with "
              f"markup): exact {se(pe, d.exact_n, e.exact_n):.2f}, winner "
              f"{se(pw, d.winner_n, e.winner_n):.2f} points")


def breakdown(sets, runs, seeds):
    groupings = [
        ("source", lambda row, j: row["source"]),
        ("rules", lambda row, j: j.get("rules", "(not scored)")),
        ("profile", lambda row, j: j.get("profile") or "(none)"),
        ("board", lambda row, j: ("unfinished" if j["unfinished"] else "finished")
         if "unfinished" in j else "(not scored)"),
    ]
    print(f"\nBy source, rule set (as sgf chose it), profile and board (finished or not, as sgf "
          f"judged it); exact / winner pooled over seeds "
          f"{', '.join(map(str, seeds))}")
    for s in sets:
        for markup in markups_of(s):
            print(f"\n{s.name}, {'with' if markup else 'without'} markup")
            print(f"  {'':<34}{'dev games':>9}{'exact':>9}{'winner':>9}  {'test games':>10}"
                  f"{'exact':>9}{'winner':>9}")
            for name, key in groupings:
                pooled = collections.defaultdict(Tally)
                for seed in seeds_of(s, seeds):
                    for k, t in tally(s, runs[(s.name, markup, seed)], key).items():
                        p = pooled[k]
                        for field in ("games", "exact_n", "exact", "winner_n", "winner"):
                            setattr(p, field, getattr(p, field) + getattr(t, field))
                groups = sorted({g for g, _ in pooled}, key=lambda g: -pooled[(g, "dev")].games)
                for g in groups:
                    d, e = pooled[(g, "dev")], pooled[(g, "test")]
                    n = len(seeds_of(s, seeds))
                    print(f"  {name + ' ' + g:<34}{d.games // n:>9}{pct(d.exact_pct()):>9}"
                          f"{pct(d.winner_pct()):>9}  {e.games // n:>10}{pct(e.exact_pct()):>9}"
                          f"{pct(e.winner_pct()):>9}")


def reliability(sets, runs, seed, field, title):
    """Per half, per bin of confidence `field`: games with a recorded winner and the share sgf
    names."""
    print(f"\nReliability of {title}, with markup, seed {seed}: per bin, the games whose RE names "
          "a winner and the share where sgf names the same winner")
    for half in ("dev", "test"):
        cells = collections.defaultdict(lambda: [0, 0, 0.0])  # (set, bin) -> n, agree, sum conf
        for s in sets:
            for path, j in runs[(s.name, True, seed)].items():
                row = s.games.get(path)
                if not row or row["half"] != half or row["winner"] is None:
                    continue
                c = j.get(field, j["confidence"])
                b = next(i for i, (lo, hi) in enumerate(BINS) if lo <= c < hi)
                agree = sign_of(j["margin"]) == row["winner"]
                # The boards lib/life judges unfinished, of both sets: calibrated on their own.
                for name in (s.name, "both") + (("unfinished",) if j.get("unfinished") else ()):
                    cell = cells[(name, b)]
                    cell[0] += 1
                    cell[1] += agree
                    cell[2] += c
        names = [s.name for s in sets] + ["both", "unfinished"]
        print(f"\n  {half + ' half':<13}" + "".join(f"{n:>26}" for n in names))
        print(f"  {'confidence':<13}" + "".join(f"{'games':>8}{'agree':>9}{'mean':>9}" for _ in names))
        ece = collections.Counter()
        total = collections.Counter()
        for b, (lo, hi) in enumerate(BINS):
            label = f"{lo:.2f}-{min(hi, 1):.2f}" if hi <= 1 else f">= {lo:.2f}"
            line = f"  {label:<13}"
            for n in names:
                games, agree, conf = cells[(n, b)]
                if games:
                    line += f"{games:>8}{pct(100.0 * agree / games):>9}{conf / games:>9.3f}"
                    ece[n] += abs(agree - conf)
                    total[n] += games
                else:
                    line += f"{0:>8}{'-':>9}{'-':>9}"
            print(line)
        print(f"  {'calib. error':<13}" + "".join(
            f"{'':>8}{100.0 * ece[n] / total[n] if total[n] else 0:>8.2f}%{'':>9}" for n in names))
        print("  (agree: share of the games whose winner agrees with RE; mean: mean reported "
              "confidence; unfinished: the boards of both sets that sgf judged unfinished)")


def gnugo_sample(s, size):
    """A deterministic sample of the test half: the games with a margin in points, in the order of
    the SHA-1 of their path, first `size`."""
    test = [p for p, row in s.games.items() if row["half"] == "test" and row["points"] is not None]
    return sorted(test, key=lambda p: hashlib.sha1(("gnugo " + p).encode()).hexdigest())[:size]


def run_gnugo(gnugo, s, sample, scores, jobs, work):
    """GNU Go's aftermath score of each sampled game, with the komi and the scoring (area or
    territory) sgf chose for it, so that the two differ only in dead stones and counting."""
    files = {}
    if s.input[0].endswith(".tar.xz"):
        wanted = set(sample)
        with tarfile.open(s.input[0]) as tar:
            for member in tar:
                if member.name in wanted:
                    out = os.path.join(work, "gnugo", member.name)
                    os.makedirs(os.path.dirname(out), exist_ok=True)
                    with open(out, "wb") as f:
                        f.write(tar.extractfile(member).read())
                    files[member.name] = out
    else:
        files = {p: os.path.join(s.folder, p) for p in sample}

    def one(path):
        j = scores.get(path, {})
        cmd = [gnugo, "--score", "aftermath", "--infile", files[path]]
        if "komi" in j:
            cmd += ["--komi", str(j["komi"])]
        if j.get("scoring") == "area":
            cmd.append("--chinese-rules")
        try:
            said = subprocess.run(cmd, capture_output=True, text=True, timeout=120).stdout
        except subprocess.TimeoutExpired:
            return path, None
        m = re.search(r"(Black|White) wins by ([\d.]+)", said)
        if m:
            return path, float(m.group(2)) * (1 if m.group(1) == "Black" else -1)
        return path, 0.0 if re.search(r"jigo", said, re.I) else None

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        return dict(pool.map(one, [p for p in sample if p in files]))


def gnugo_table(s, sample, gnugo_margins, runs, seeds, seconds):
    print(f"\nGNU Go (--score aftermath, komi and area/territory as sgf chose them) beside sgf score "
          f"on the same {len(sample)} games of {s.name}'s test half ({seconds:.0f} s for GNU Go)")
    print(f"  {'':<28}{'exact':>9}{'winner':>9}")
    rows = [("GNU Go", gnugo_margins)]
    for markup in (True, False):
        for seed in seeds:
            scores = runs[(s.name, markup, seed)]
            rows.append((f"sgf {'with' if markup else 'without'} markup, seed {seed}",
                         {p: scores[p]["margin"] if p in scores else None for p in sample}))
    for label, margins in rows:
        t = Tally()
        for p in sample:
            t.add(s.games[p], margins.get(p))
        print(f"  {label:<28}{pct(t.exact_pct()):>9}{pct(t.winner_pct()):>9}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sgf", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--seeds", default="0,1,2")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--gnugo", default="", help="GNU Go executable; empty: no comparison")
    ap.add_argument("--gnugo-sample", type=int, default=150)
    ap.add_argument("--keep", default="", help="folder that keeps sgf's JSON output of every run")
    ap.add_argument("--reuse", action="store_true", help="read the runs kept in --keep, score nothing")
    args = ap.parse_args()
    seeds = [int(x) for x in args.seeds.split(",")]
    sets = load_sets(args.corpus)
    work = tempfile.mkdtemp(prefix="score-accuracy.")
    keep = args.keep or work
    os.makedirs(keep, exist_ok=True)
    # Written beside the kept runs, so that --reuse finds the games under the same names.
    held_out = held_out_set(args.corpus, keep)
    scored = sets + [s for s in (computer_go_set(args.corpus, keep), held_out,
                                 no_rules_set(args.corpus, keep)) if s]

    runs = {}
    for s in scored:
        for markup in markups_of(s):
            for seed in seeds_of(s, seeds):
                out = os.path.join(keep, f"{s.name}.{'markup' if markup else 'no-markup'}.seed{seed}.jsonl")
                if not args.reuse:
                    took = run_sgf(args.sgf, s, markup, seed, out, args.jobs)
                    print(f"scored {s.name} {'with' if markup else 'without'} markup, seed {seed}: "
                          f"{len(s.games)} games in {took:.0f} s", flush=True)
                runs[(s.name, markup, seed)] = load_scores(s, out)

    headline(scored, runs, seeds)
    breakdown(scored, runs, seeds)
    reliability(sets, runs, seeds[0], "dead_stone_confidence",
                "the dead-stone confidence (before calibration)")
    reliability(sets, runs, seeds[0], "confidence",
                "the reported confidence (after calibration: lib/score/calibration.cpp)")

    if args.gnugo and args.gnugo_sample > 0:
        s = sets[1]
        sample = gnugo_sample(s, args.gnugo_sample)
        started = time.monotonic()
        margins = run_gnugo(args.gnugo, s, sample, runs[(s.name, False, seeds[0])], args.jobs, work)
        gnugo_table(s, sample, margins, runs, seeds, time.monotonic() - started)
    else:
        print("\n(no GNU Go comparison)")


if __name__ == "__main__":
    main()
