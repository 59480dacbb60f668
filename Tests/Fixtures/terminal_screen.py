#!/usr/bin/python3
"""What a terminal shows after some output: pyte (Debian python3-pyte), a
VT100/xterm emulator in Python, plays the bytes and prints the screen.

usage: /usr/bin/python3 Tests/Fixtures/terminal_screen.py COLUMNS ROWS FILE

FILE holds the bytes written to the terminal, from a blank screen with the
cursor at the top left. Prints one JSON object:

  {"lines": ["row 1 text", ...],          exactly ROWS strings of COLUMNS characters
   "reverse": ["   ######  ", ...],       '#' where a cell is in reverse video
   "bold": ["  ####     ", ...],          '#' where a cell is bold
   "cursor": [row, column]}               1-based

Exit status 2 for usage errors.
"""
import json
import sys

import pyte


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    columns, rows, path = int(argv[1]), int(argv[2]), argv[3]
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    with open(path, "rb") as output:
        stream.feed(output.read())

    def marks(attribute):
        return [
            "".join("#" if getattr(screen.buffer[y][x], attribute) else " " for x in range(columns))
            for y in range(rows)
        ]

    json.dump(
        {
            "lines": screen.display,
            "reverse": marks("reverse"),
            "bold": marks("bold"),
            "cursor": [screen.cursor.y + 1, screen.cursor.x + 1],
        },
        sys.stdout,
        ensure_ascii=False,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
