#!/usr/bin/python3
"""Screenshots of an X display for the overlay's end-to-end tests.

usage: screen.py DISPLAY OUT [--differs REF | --same REF]

DISPLAY is an X display (:N) or wayland:SOCKET (a Wayland compositor's socket
path, captured with grim). Captures the screen (X: the root window through xwd,
converted to PPM by Debian's ImageMagick; Wayland: grim's PPM) twice
in a row and succeeds (exit 0) only when both captures are equal, so the
screen has settled, and the condition holds: --differs REF, some pixel differs
from REF.ppm; --same REF, every pixel equals REF.ppm. On success it writes
OUT.ppm and OUT.png. Otherwise it exits 1 (the scenario's `until` runs it
again). Exit 2 for usage errors.
"""
import os
import subprocess
import sys

CONVERT = "/usr/bin/convert"   # /usr/local/bin/convert may be a stand-in


def capture(display):
    if display.startswith("wayland:"):
        env = dict(os.environ, WAYLAND_DISPLAY=display[len("wayland:"):])
        return subprocess.run(["grim", "-t", "ppm", "-"], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, check=True).stdout
    xwd = subprocess.run(["xwd", "-root", "-silent", "-display", display],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    ppm = subprocess.run([CONVERT, "xwd:-", "ppm:-"], input=xwd.stdout,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    return ppm.stdout


def main(argv):
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] not in ("--differs", "--same")):
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    display, out = argv[1], argv[2]
    try:
        first = capture(display)
        second = capture(display)
    except subprocess.CalledProcessError:
        return 1
    if first != second:
        return 1
    if len(argv) == 5:
        with open(argv[4] + ".ppm", "rb") as f:
            reference = f.read()
        if (argv[3] == "--same") != (first == reference):
            return 1
    with open(out + ".ppm", "wb") as f:
        f.write(first)
    subprocess.run([CONVERT, "ppm:" + out + ".ppm", "png:" + out + ".png"], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
