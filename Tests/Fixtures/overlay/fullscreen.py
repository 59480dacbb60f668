#!/usr/bin/python3
"""A full-screen window that paints one colour, for the overlay's tests.

usage: fullscreen.py [COLOUR]   (default darkslateblue; GTK 3 through python3-gi)

Its Wayland app_id (and X11 class) is keymenu-test-app. Every key it receives
is written to stdout as `key NAME`, so a test can tell that none reached it.
"""
import sys

import gi
gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

colour = sys.argv[1] if len(sys.argv) > 1 else "darkslateblue"
GLib.set_prgname("keymenu-test-app")
window = Gtk.Window(title="keymenu-test-app")
# CSS rather than a draw handler: no python3-gi-cairo needed.
css = Gtk.CssProvider()
css.load_from_data(f"window {{ background: {colour}; }}".encode())
Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), css,
                                         Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)


def key(_widget, event):
    print("key", Gdk.keyval_name(event.keyval), flush=True)
    return True


window.connect("key-press-event", key)
window.connect("destroy", Gtk.main_quit)
window.fullscreen()
window.show_all()
Gtk.main()
