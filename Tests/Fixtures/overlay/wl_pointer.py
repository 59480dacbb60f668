#!/usr/bin/python3
"""A virtual pointer on a wlroots compositor, for tapping the overlay in tests.

usage: wl_pointer.py RUNTIME_DIR WIDTH HEIGHT FIFO

Connects to the compositor whose wayland-1 socket is in RUNTIME_DIR, makes a
pointer with the wlr-virtual-pointer protocol (zwlr_virtual_pointer_manager_v1,
which sway offers: headless sway has no input devices, so its seat has no
pointer until this one comes), prints "ready", then carries out the commands
written to FIFO, one per line, until "quit":

    click X Y       move to X, Y (of the WIDTH x HEIGHT output) and press and
                    release the left button
    wheel X Y N     move to X, Y and turn the wheel N notches (positive down)
    swipe X Y1 Y2   press at X, Y1, move to X, Y2, release

Each command ends with a round trip (wl_display.sync), so the compositor has
handled it before the next. The Wayland wire format is written by hand here:
the test machines have no Wayland client library for Python, and a client of
one protocol needs only its few messages.
"""
import os
import socket
import struct
import sys

BTN_LEFT = 0x110


class Connection:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.next_id = 2
        self.buffer = b""
        self.globals = {}
        self.done = set()

    def new_id(self):
        self.next_id += 1
        return self.next_id - 1

    def send(self, obj, opcode, args=b""):
        self.sock.sendall(struct.pack("<II", obj, ((8 + len(args)) << 16) | opcode) + args)

    @staticmethod
    def string(text):
        data = text.encode() + b"\0"
        return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)

    def read_events(self, registry, callback):
        """Reads events until `callback` is done, keeping the registry's globals."""
        while callback not in self.done:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("the compositor closed the connection")
            self.buffer += chunk
            while len(self.buffer) >= 8:
                obj, word = struct.unpack("<II", self.buffer[:8])
                size, opcode = word >> 16, word & 0xFFFF
                if len(self.buffer) < size:
                    break
                body, self.buffer = self.buffer[8:size], self.buffer[size:]
                if obj == 1 and opcode == 0:
                    code = struct.unpack("<I", body[4:8])[0]
                    length = struct.unpack("<I", body[8:12])[0]
                    raise RuntimeError(f"protocol error {code}: {body[12:12 + length - 1].decode()}")
                if obj == registry and opcode == 0:
                    name, length = struct.unpack("<II", body[:8])
                    interface = body[8:8 + length - 1].decode()
                    version = struct.unpack("<I", body[8 + ((length + 3) & ~3):][:4])[0]
                    self.globals[interface] = (name, version)
                elif obj == callback and opcode == 0:
                    self.done.add(callback)

    def roundtrip(self, registry):
        callback = self.new_id()
        self.send(1, 0, struct.pack("<I", callback))  # wl_display.sync
        self.read_events(registry, callback)


def main(argv):
    if len(argv) != 5:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    runtime, width, height, fifo = argv[1], int(argv[2]), int(argv[3]), argv[4]
    wl = Connection(os.path.join(runtime, "wayland-1"))
    registry = wl.new_id()
    wl.send(1, 1, struct.pack("<I", registry))  # wl_display.get_registry
    wl.roundtrip(registry)
    interface = "zwlr_virtual_pointer_manager_v1"
    if interface not in wl.globals:
        sys.stderr.write(f"wl_pointer.py: the compositor has no {interface}\n")
        return 1
    name, _ = wl.globals[interface]
    manager = wl.new_id()
    wl.send(registry, 0, struct.pack("<I", name) + Connection.string(interface) + struct.pack("<II", 1, manager))
    pointer = wl.new_id()
    wl.send(manager, 0, struct.pack("<II", 0, pointer))  # create_virtual_pointer(seat: default)
    wl.roundtrip(registry)
    time = [0]

    def stamp():
        time[0] += 10
        return time[0]

    def move(x, y):
        wl.send(pointer, 1, struct.pack("<IIIII", stamp(), x, y, width, height))  # motion_absolute
        wl.send(pointer, 4)  # frame

    def button(state):
        wl.send(pointer, 2, struct.pack("<III", stamp(), BTN_LEFT, state))
        wl.send(pointer, 4)

    print("ready", flush=True)
    while True:
        with open(fifo) as commands:
            for line in commands:
                words = line.split()
                if not words:
                    continue
                if words[0] == "quit":
                    wl.send(pointer, 8)  # destroy
                    wl.roundtrip(registry)
                    return 0
                if words[0] == "click":
                    move(int(words[1]), int(words[2]))
                    button(1)
                    button(0)
                elif words[0] == "wheel":
                    move(int(words[1]), int(words[2]))
                    notches = int(words[3])
                    for _ in range(abs(notches)):
                        step = 1 if notches > 0 else -1
                        wl.send(pointer, 5, struct.pack("<I", 0))  # axis_source: wheel
                        # axis_discrete: vertical, 15 (a notch, as libinput gives it), one click
                        wl.send(pointer, 7, struct.pack("<IIii", stamp(), 0, step * 15 * 256, step))
                        wl.send(pointer, 4)
                elif words[0] == "swipe":
                    move(int(words[1]), int(words[2]))
                    button(1)
                    move(int(words[1]), int(words[3]))
                    button(0)
                wl.roundtrip(registry)
                print("done " + line.strip(), flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
