"""Keys from a client of keymenud's socket, for bench/overlay-latency.py.

A drive-tier connection that opens a menu of its own (`menu.open`) and
presses keys on it (`modal.press`, as keymenu-whiptail and keymenu-dmenu do
for the keys of their terminal): the path a key takes from another process
through keymenud to the overlay, without the emulated evdev device (umockdev's
preload answers each read() of an emulated device through a socket to the
test's process, two round trips per event: that rig's cost, not keymenud's).
The answers are read on a thread of their own and dropped.
"""
import json
import socket
import threading


class SocketKeys:
    """One connection to keymenud; `press` returns as soon as the line is written."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.next_id = 1
        self.menu = None
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()

    def _drain(self):
        try:
            while self.sock.recv(65536):
                pass
        except OSError:
            pass

    def _send(self, method, params):
        request = self.next_id
        self.next_id += 1
        line = json.dumps({"jsonrpc": "2.0", "id": request, "method": method, "params": params}) + "\n"
        self.sock.sendall(line.encode())
        return request

    def open_menu(self, title, items):
        """Opens a menu of `items` (its answer comes when it is closed)."""
        self.menu = self._send("menu.open", {"title": title, "items": [{"title": i} for i in items]})

    def press(self, key):
        """Presses `key` (KEY_DOWN, ...) on the menu this connection opened."""
        self._send("modal.press", {"request": self.menu, "key": key})

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass
