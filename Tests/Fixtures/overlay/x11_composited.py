#!/usr/bin/python3
"""Whether a compositing manager runs on an X display (libX11 through ctypes).

usage: x11_composited.py DISPLAY

Exit 0 when the selection _NET_WM_CM_S0 (screen 0's compositing manager, as
GDK asks) has an owner, 1 when it has none or the display cannot be opened,
2 for usage errors.
"""
import ctypes
import sys


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    x11 = ctypes.CDLL("libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XInternAtom.restype = ctypes.c_ulong
    x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x11.XGetSelectionOwner.restype = ctypes.c_ulong
    x11.XGetSelectionOwner.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(argv[1].encode())
    if not display:
        return 1
    try:
        atom = x11.XInternAtom(display, b"_NET_WM_CM_S0", 0)
        return 0 if x11.XGetSelectionOwner(display, atom) != 0 else 1
    finally:
        x11.XCloseDisplay(display)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
