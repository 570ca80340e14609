#!/usr/bin/env python3
"""Figures for bench/score-accuracy/run: agreement of `sgf score` and GNU Go with RE, and the
classes of every disagreement, with examples."""
import collections
import re
import sys


def points(text):
    """Signed margin in points of an RE or computed result (positive: Black), or None."""
    t = text.strip()
    if t in ("0", "Jigo", "Draw"):
        return 0.0
    m = re.fullmatch(r"([BW])\+(\d+(?:\.\d+)?)", t)
    if not m:
        return None
    v = float(m.group(2))
    if abs(v * 4 - round(v * 4)) < 1e-9 and round(v * 4) % 2 == 1:
        v *= 2  # x.25 / x.75: a result in stones (Chinese), twice as many points
    return v if m.group(1) == "B" else -v


def source_of(example):
    """The collection a game comes from, by the first folder of its path."""
    top = example.split("/", 1)[0]
    return {"kgs_6d_u-go": "kgs", "ai_computer-go-dataset": "ai"}.get(top, "pro")


def frac(v):
    return abs(v) - int(abs(v))


def main(corpus, default_tsv, estimator_tsv, gnugo_tsv):
    index = {}
    with open(f"{corpus}/index.tsv", encoding="utf-8") as f:
        next(f)
        for line in f:
            c = line.rstrip("\n").split("\t")
            index[c[0]] = dict(ru=c[2], km=c[3], ha=c[4], re=c[6], moves=c[7])

    def load(path):
        rows = {}
        with open(path, encoding="utf-8") as f:
            for line in f:
                c = line.rstrip("\n").split("\t")
                if c[0] == "file" or len(c) < 12:
                    continue
                name = c[0][len(corpus) + 1:] if c[0].startswith(corpus) else c[0]
                rows[name] = dict(rules=c[2], komi=c[3], result=c[4], recorded=c[5], dispute=c[6],
                                  confidence=c[7], source=c[10], unfinished=c[11] == "unfinished")
        return rows

    def table(title, rows, show_classes):
        print(f"\n{title}")
        stats = collections.defaultdict(lambda: [0, 0, 0, 0, 0, 0])
        classes = collections.defaultdict(list)
        for name, r in rows.items():
            rec = points(index.get(name, {}).get("re", r["recorded"]))
            got = points(r["result"])
            s = stats[r["rules"]]
            t = stats["all"]
            exact = rec is not None and got is not None and abs(rec - got) < 1e-6
            winner = rec is not None and got is not None and (rec > 0) == (got > 0) and (rec < 0) == (got < 0)
            for x in (s, t):
                x[0] += 1
                x[1] += exact
                x[2] += winner
                if not r["unfinished"]:
                    x[3] += 1
                    x[4] += exact
                    x[5] += winner
            if exact or not show_classes:
                continue
            info = index.get(name, {})
            km = info.get("km", "")
            if rec is None:
                cls = "RE not a plain score (e.g. B+8194, W+0.02)"
            elif re.fullmatch(r"[BW]\+\d+\.(25|75)", info.get("re", "")):
                cls = "RE in stones that the count does not reproduce"
            elif abs(frac(rec) - frac(got)) > 1e-6:
                cls = "komi differs from KM (RE's fraction does not fit KM: Fox KM[0], handicap)"
            elif r["unfinished"]:
                cls = "board not finished (reported unfinished)"
            elif abs(rec - got) == 1:
                cls = "off by one point (teire, seki or dame parity)"
            elif abs(rec - got) == 2:
                cls = "off by two points (one stone judged alive/dead differently)"
            elif (rec > 0) != (got > 0):
                cls = "other winner (dead-stone misjudgement)"
            else:
                cls = "margin off by more than 2 (dead-stone misjudgement)"
            classes[cls].append(f"{name} RU={info.get('ru')} KM={km} RE={info.get('re')} got={r['result']} "
                                f"by={r['source']} conf={r['confidence']}")
        print(f"  {'rules':<14}{'games':>7}{'exact':>9}{'winner':>9}   finished:{'games':>7}{'exact':>9}{'winner':>9}")
        for k in sorted(stats, key=lambda k: (k == "all", -stats[k][0])):
            s = stats[k]
            pct = lambda a, b: f"{100.0 * a / b:8.2f}%" if b else "       -"
            print(f"  {k:<14}{s[0]:>7}{pct(s[1], s[0])}{pct(s[2], s[0])}   {'':9}{s[3]:>7}{pct(s[4], s[3])}{pct(s[5], s[3])}")
        if show_classes:
            print("\n  disagreement classes by source (KGS, AI programs (mostly Fox), professional), "
                  "one example each:")
            print(f"  {'games':>6} {'KGS':>5} {'AI':>5} {'pro':>5}  class")
            for cls, ex in sorted(classes.items(), key=lambda kv: -len(kv[1])):
                by = collections.Counter(source_of(e) for e in ex)
                print(f"  {len(ex):6} {by['kgs']:5} {by['ai']:5} {by['pro']:5}  {cls}")
                print(f"          e.g. {ex[0]}")
        return stats

    default = load(default_tsv)
    estimator = load(estimator_tsv)
    table("sgf score (dead stones: TB/TW markup where the record has it, else the built-in estimator)",
          default, True)
    table("sgf score --no-markup (built-in estimator only)", estimator, False)

    sample = []
    with open(gnugo_tsv, encoding="utf-8") as f:
        for line in f:
            name, _, said = line.rstrip("\n").partition("\t")
            m = re.search(r"(Black|White) wins by ([\d.]+)", said)
            g = None
            if m:
                g = float(m.group(2)) * (1 if m.group(1) == "Black" else -1)
            elif "Jigo" in said or "jigo" in said:
                g = 0.0
            sample.append((name, g))
    if sample:
        n = len(sample)
        ge = gw = oe = ow = 0
        for name, g in sample:
            rec = points(index[name]["re"])
            got = points(estimator.get(name, {}).get("result", "")) if name in estimator else None
            if rec is None:
                continue
            if g is not None:
                ge += abs(g - rec) < 1e-6
                gw += (g > 0) == (rec > 0)
            if got is not None:
                oe += abs(got - rec) < 1e-6
                ow += (got > 0) == (rec > 0)
        print(f"\nGNU Go (--score aftermath) beside sgf score --no-markup on the same {n} games:")
        print(f"  GNU Go      exact {100.0 * ge / n:6.2f}%  winner {100.0 * gw / n:6.2f}%")
        print(f"  sgf score   exact {100.0 * oe / n:6.2f}%  winner {100.0 * ow / n:6.2f}%")


if __name__ == "__main__":
    main(*sys.argv[1:5])
