#!/usr/bin/python3
"""Whether a window has the keyboard focus in sway, full screen.

usage: sway_focus.py RUNTIME_DIR APP_ID

Asks the sway whose IPC socket is in RUNTIME_DIR (swaymsg -t get_tree) and
exits 0 when the window with APP_ID is focused and full screen, else 1.
"""
import glob
import json
import os
import subprocess
import sys


def nodes(node):
    yield node
    for child in node.get("nodes", []) + node.get("floating_nodes", []):
        yield from nodes(child)


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    sockets = glob.glob(os.path.join(argv[1], "sway-ipc.*.sock"))
    if not sockets:
        return 1
    tree = subprocess.run(["swaymsg", "-s", sockets[0], "-t", "get_tree", "-r"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    if tree.returncode != 0:
        return 1
    for node in nodes(json.loads(tree.stdout)):
        if node.get("app_id") == argv[2]:
            return 0 if node.get("focused") and node.get("fullscreen_mode") == 1 else 1
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
