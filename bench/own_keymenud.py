"""A keymenud of a bench script's own, and a plain client of its socket
(bench/holding-cost.py, bench/gauge-updates.py).

`own_keymenud(program)` starts PROGRAM with an empty configuration, no
device and its socket in a temporary directory, yields the process and the
socket's path once the socket is there, and stops it at the end.
"""
import contextlib
import json
import os
import socket
import subprocess
import tempfile
import time


@contextlib.contextmanager
def own_keymenud(program):
    with tempfile.TemporaryDirectory() as directory:
        config = os.path.join(directory, "keymenu.toml")
        open(config, "w").close()
        inputs = os.path.join(directory, "input")
        os.mkdir(inputs)
        path = os.path.join(directory, "sock")
        daemon = subprocess.Popen([program, "--config", config, "--socket", path, "--input-dir", inputs],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                if os.path.exists(path):
                    break
                time.sleep(0.05)
            yield daemon, path
        finally:
            daemon.terminate()
            daemon.wait()


class Client:
    """Requests with ids; the error answers to requests not waited for are
    kept in `errors`."""

    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX)
        self.socket.connect(path)
        self.buffer = b""
        self.next_id = 0
        self.errors = []

    def send(self, method, params=None):
        """Sends a request; returns its id."""
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.socket.sendall(json.dumps(message).encode() + b"\n")
        return self.next_id

    def answer(self, request_id):
        """Reads until the answer to `request_id`, and returns it."""
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                message = json.loads(line)
                if message.get("id") == request_id:
                    return message
                if "error" in message:
                    self.errors.append(message["error"]["message"])
            chunk = self.socket.recv(1 << 20)
            if not chunk:
                raise RuntimeError("keymenud closed the connection")
            self.buffer += chunk

    def call(self, method, params=None):
        return self.answer(self.send(method, params))

    def close(self):
        self.socket.close()
