#!/usr/bin/env python3
"""An independent count of players' results over a tar archive of SGF records, compared with
`sgf standings --format json --points seed-ladder` for a sample of players.

Usage: count_results.py SGF_EXE ARCHIVE
Reads every .sgf member with its own small SGF scanner (not the toolkit's parser), counts
games, wins, losses, draws and seed-ladder points per player, and compares the ten players with
the most games and ten more drawn at random (fixed seed). Exits 1 on any difference.
"""
import json
import random
import re
import subprocess
import sys
import tarfile
import unicodedata


def main_line_properties(text):
    """(identifier, first value) pairs of the nodes before the first ')' (the main line),
    and the number of those nodes that hold B or W."""
    props, moves, i, n = {}, 0, 0, len(text)
    ident, node_has_move = "", False
    while i < n:
        c = text[i]
        if c == "[":
            j = i + 1
            value = []
            while j < n and text[j] != "]":
                if text[j] == "\\" and j + 1 < n:
                    j += 1
                value.append(text[j])
                j += 1
            if ident:
                props.setdefault(ident, "".join(value))
                if ident in ("B", "W"):
                    node_has_move = True
            i = j + 1
            continue
        if c == ")":
            break
        if c == ";":
            moves += node_has_move
            node_has_move = False
            ident = ""
        elif c.isalpha():
            if i > 0 and not text[i - 1].isalpha():
                ident = ""
            ident += c
        i += 1
    moves += node_has_move
    return props, moves


def grade(rank):
    m = re.fullmatch(r"\s*(\d+)\s*([kdp])[?*]*\s*", rank or "")
    if not m:
        return None
    k, unit = int(m.group(1)), m.group(2)
    return {"k": 1 - k, "d": k, "p": 9 + k}[unit]


def ladder(winner_grade, loser_grade, ran_away):
    gap = winner_grade - loser_grade
    win = 0 if gap >= 4 else 2 if gap >= 2 else 5
    lose = -5 if -gap >= 4 else 0
    if ran_away:
        lose = -3 * max(win, -lose)
    return win, lose


def count(archive):
    players = {}

    def row(name):
        key = unicodedata.normalize("NFKC", name).casefold()
        key = " ".join(key.split())
        return players.setdefault(key, {"player": name.strip(), "games": 0, "wins": 0,
                                        "losses": 0, "draws": 0, "points": 0.0})

    with tarfile.open(archive) as tar:
        for member in tar:
            if not member.isfile() or not member.name.lower().endswith(".sgf"):
                continue
            text = tar.extractfile(member).read().decode("utf-8", "replace")
            props, moves = main_line_properties(text)
            pb, pw = props.get("PB", "").strip(), props.get("PW", "").strip()
            result = props.get("RE", "").strip()
            m = re.fullmatch(r"([BbWw])\+(.*)", result)
            draw = result.lower() in ("0", "draw", "jigo")
            sides = [(pb, "B", props.get("BR", "")), (pw, "W", props.get("WR", ""))]
            points = {"B": 0, "W": 0}
            if m and moves > 50:
                winner = m.group(1).upper()
                loser = "W" if winner == "B" else "B"
                ranks = {"B": grade(props.get("BR")), "W": grade(props.get("WR"))}
                if ranks["B"] is None or ranks["W"] is None:
                    points = None
                else:
                    ran = re.search(r"escape|runaway|ran away", m.group(2), re.I) is not None
                    points[winner], points[loser] = ladder(ranks[winner], ranks[loser], ran)
            for name, colour, _ in sides:
                if not name:
                    continue
                r = row(name)
                r["games"] += 1
                if m:
                    r["wins" if m.group(1).upper() == colour else "losses"] += 1
                elif draw:
                    r["draws"] += 1
                if points is not None:
                    r["points"] += points[colour]
    return players


def main():
    exe, archive = sys.argv[1], sys.argv[2]
    run = subprocess.run([exe, "standings", "--format", "json", "--points", "seed-ladder",
                          "--quiet", archive], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        print("sgf standings failed:", run.returncode, run.stderr[:500])
        return 1
    ours = {}
    for line in run.stdout.splitlines():
        row = json.loads(line)
        ours[" ".join(unicodedata.normalize("NFKC", row["player"]).casefold().split())] = row
    theirs = count(archive)
    by_games = sorted(theirs, key=lambda k: (-theirs[k]["games"], k))
    sample = by_games[:10] + random.Random(18).sample(by_games[10:], 10)
    bad = 0
    for key in sample:
        want, got = theirs[key], ours.get(key)
        for field in ("games", "wins", "losses", "draws", "points"):
            if got is None or got[field] != want[field]:
                print(f"{want['player']}: {field} expected {want[field]}, "
                      f"sgf says {got and got[field]}")
                bad += 1
    print(f"players {len(theirs)} (sgf: {len(ours)}); checked {len(sample)}: "
          + ", ".join(f"{theirs[k]['player']} {theirs[k]['games']}g {theirs[k]['points']:g}p"
                      for k in sample[:5]))
    return 1 if bad or len(theirs) != len(ours) else 0


if __name__ == "__main__":
    sys.exit(main())
