#!/usr/bin/python3
"""The X server's keyboard focus, for the overlay's tests (libX11 through ctypes).

usage: x11_focus.py DISPLAY set NAME     give the focus to the window named NAME
       x11_focus.py DISPLAY check NAME   exit 0 when the window named NAME has it

The window is found with xwininfo (x11-utils). Exit 1 when it is not there or
(check) does not have the focus; 2 for usage errors.
"""
import ctypes
import subprocess
import sys


def window_id(display, name):
    info = subprocess.run(["xwininfo", "-display", display, "-name", name, "-int"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in info.stdout.splitlines():
        if "Window id:" in line:
            return int(line.split("Window id:")[1].split()[0])
    return None


def main(argv):
    if len(argv) != 4 or argv[2] not in ("set", "check"):
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    wanted = window_id(argv[1], argv[3])
    if wanted is None:
        return 1
    x11 = ctypes.CDLL("libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XSetInputFocus.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong]
    x11.XGetInputFocus.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_ulong),
                                   ctypes.POINTER(ctypes.c_int)]
    x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(argv[1].encode())
    if not display:
        return 1
    try:
        if argv[2] == "set":
            x11.XSetInputFocus(display, wanted, 2, 0)   # RevertToParent, CurrentTime
            x11.XSync(display, 0)
        focus = ctypes.c_ulong()
        revert = ctypes.c_int()
        x11.XGetInputFocus(display, ctypes.byref(focus), ctypes.byref(revert))
        return 0 if focus.value == wanted else 1
    finally:
        x11.XCloseDisplay(display)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
