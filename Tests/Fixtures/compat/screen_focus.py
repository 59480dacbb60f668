#!/usr/bin/python3
"""Helpers for the compat key measurements (measure_keys.sh, run_real_cases.sh).

screen_focus.py focus SNAPFILE
    SNAPFILE is what in_tmux.sh's @snap key appends (with IN_TMUX_SNAP_ATTRS=1:
    the pane with its colours): "cursor X Y", the pane's lines, "@@". For
    each snap, prints one line describing where the highlight is:

        hi=red:b Banana + blue:<Ok> cur=<Ok> top=b Banana

    hi   the runs of text inside the dialog's outer frame drawn on another
         background than the frame's own (newt's focused item or button is
         red, its selected-but-unfocused list item blue; dialog's
         highlighted item and active button are blue), in screen order;
    cur  the text under the terminal cursor (a <button> or the rest of the
         cell up to two spaces or a frame line);
    top  the first line of the list (the first row under the prompt that
         starts with the same column as the highlighted item), to see how
         far a list scrolled.
    A snap taken after the program ended prints "ended".

screen_focus.py escape FILE
    Prints FILE's bytes as one line of escaped text: printable ASCII as is,
    backslash as \\\\, \\t \\n \\r, every other byte as \\xHH. A missing
    file prints nothing.
"""
import re
import sys
from collections import Counter

SGR = re.compile(r"\x1b\[([0-9;]*)m")
COLOURS = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
FRAME = set("│┌┐└┘├┤─┬┴┼")


def parse_row(line):
    cells, fg, bg, bold, rev = [], None, None, 0, 0
    i = 0
    while i < len(line):
        m = SGR.match(line, i)
        if m:
            for p in (int(p) if p else 0 for p in m.group(1).split(";")):
                if p == 0:
                    fg, bg, bold, rev = None, None, 0, 0
                elif p == 1:
                    bold = 1
                elif p == 7:
                    rev = 1
                elif p == 27:
                    rev = 0
                elif 30 <= p <= 37:
                    fg = p - 30
                elif 40 <= p <= 47:
                    bg = p - 40
                elif p == 39:
                    fg = None
                elif p == 49:
                    bg = None
            i = m.end()
            continue
        if line[i] == "\x1b":
            i += 1
            continue
        cells.append((line[i], (fg, bg, bold, rev)))
        i += 1
    return cells


def describe(snap):
    lines = snap.split("\n")
    if not lines or not lines[0].startswith("cursor "):
        return "ended"
    _, cx, cy = lines[0].split()
    cx, cy = int(cx), int(cy)
    rows = [parse_row(l) for l in lines[1:]]
    if not any(any(c.strip() for c, _ in r) for r in rows):
        return "ended"
    # The outer frame: the first row with a corner, to its bottom corner.
    top = left = right = None
    for y, r in enumerate(rows):
        text = "".join(c for c, _ in r)
        if "┌" in text:
            top, left, right = y, text.index("┌"), text.rindex("┐") if "┐" in text else len(text) - 1
            break
    if top is None:
        top, left, right = 0, 0, 79
    bottom = len(rows) - 1
    for y in range(top + 1, len(rows)):
        r = rows[y]
        if left < len(r) and r[left][0] == "└":
            bottom = y
            break
    inside = Counter()
    for y in range(top, bottom + 1):
        for c, a in rows[y][left:right + 1]:
            inside[a[1]] += 1
    window = inside.most_common(1)[0][0] if inside else None
    runs = []
    for y in range(top, bottom + 1):
        cur = None
        for x, (c, a) in enumerate(rows[y]):
            if x < left or x > right:
                cur = None
                continue
            key = a[1] if a[1] != window else None
            if a[3]:
                key = "reverse"
            if key is None or c in FRAME:
                cur = None
                continue
            if cur is not None and cur[0] == key and cur[3] == x - 1:
                cur[2] += c
                cur[3] = x
            else:
                cur = [key, y, c, x, x]
                runs.append(cur)
    # Runs of one colour on one row, apart by a few blanks only (dialog
    # leaves the gap between a tag and its item undrawn), are one.
    merged = []
    for run in runs:
        key, y, text, x1, x0 = run
        if not text.strip():
            continue
        if merged and merged[-1][0] == key and merged[-1][1] == y and x0 - merged[-1][3] <= 4:
            last = merged[-1]
            last[2] += " " * (x0 - last[3] - 1) + text
            last[3] = x1
        else:
            merged.append([key, y, text, x1, x0])
    hi = []
    for key, y, text, _, x0 in merged:
        if text.strip():
            name = key if isinstance(key, str) else COLOURS[key] if key is not None else "default"
            hi.append((y, x0, f"{name}:{text.strip()}"))
    # The text under the cursor.
    cur_text = ""
    if 0 <= cy < len(rows):
        row = "".join(c for c, _ in rows[cy])
        if cx < len(row):
            lt = row.rfind("<", max(0, cx - 12), cx + 1)
            gt = row.find(">", cx)
            if lt >= 0 and gt >= 0 and gt - lt < 24 and ">" not in row[lt:cx]:
                cur_text = row[lt:gt + 1]
            else:
                end = cx
                while end < len(row) and row[end] not in FRAME and row[end:end + 2] != "  ":
                    end += 1
                cur_text = row[cx:end].strip()
    # The list's first visible line: the first row, below the frame's top, whose
    # text starts at the column of the first highlighted run.
    first = ""
    if hi and not hi[0][2].split(":", 1)[1].startswith("<"):
        y0, x0, _ = hi[0]
        for y in range(top + 1, y0 + 1):
            row = "".join(c for c, _ in rows[y])
            if x0 < len(row) and row[x0] not in " │" and (x0 == 0 or row[x0 - 1] in " │┤├["):
                seg = row[x0:]
                seg = re.split(r"  |│", seg)[0].strip()
                if seg:
                    first = seg
                    break
    return "hi=" + " + ".join(h for _, _, h in hi) + " cur=" + cur_text + (" top=" + first if first else "")


def escape(data):
    out = []
    for b in data:
        if b == 0x5C:
            out.append("\\\\")
        elif b == 0x09:
            out.append("\\t")
        elif b == 0x0A:
            out.append("\\n")
        elif b == 0x0D:
            out.append("\\r")
        elif 0x20 <= b < 0x7F:
            out.append(chr(b))
        else:
            out.append("\\x%02x" % b)
    return "".join(out)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("focus", "escape"):
        sys.exit("usage: screen_focus.py focus SNAPFILE | escape FILE")
    if sys.argv[1] == "escape":
        try:
            with open(sys.argv[2], "rb") as f:
                print(escape(f.read()))
        except FileNotFoundError:
            print()
        return
    try:
        with open(sys.argv[2], encoding="utf-8", errors="replace") as f:
            text = f.read()
    except FileNotFoundError:
        print("ended")
        return
    # Each snap ends with "@@"; one taken after the end is "@@" alone.
    for snap in text.split("@@\n")[:-1]:
        print(describe(snap))


if __name__ == "__main__":
    main()
