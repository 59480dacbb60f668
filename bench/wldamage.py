#!/usr/bin/python3
"""Pixels reaching a wlroots compositor's output, and keys typed into it, for the overlay benchmark.

usage: /usr/bin/python3 bench/wldamage.py WAYLAND_DISPLAY

bench/x11damage.py's counterpart under sway (1.7, wlroots 0.15; the same holds
for wlroots 0.16). Connects to WAYLAND_DISPLAY (a socket path, or a name in
XDG_RUNTIME_DIR), prints "ready" once set up, and then:

- keeps a zwlr_screencopy_frame_v1 of the first output armed with
  copy_with_damage, into a wl_shm buffer of the whole output (a memfd), and
  for each frame the compositor answers writes "damage T X Y W H" when the
  copied pixels differ from the previous copy (or it is the first), else
  "same T X Y W H" (damage but no new pixels). T is the time inside the
  frame's `ready` event (CLOCK_MONOTONIC nanoseconds, the clock of
  time.monotonic_ns()); X Y W H the damage event's box;
- reads commands on stdin: "key NAME 1|0" presses or releases the key whose
  keysym is NAME (Down, Up, Escape, Return, ...) on a zwp_virtual_keyboard_v1
  of the seat, which the client with the keyboard focus gets (a layer surface
  with exclusive keyboard interactivity, as fuzzel's and tofi's); "quit" ends.

Which time. wlroots answers an armed frame from its output's commit handler
(types/wlr_screencopy_v1.c, frame_handle_output_commit: 0.15.1 lines 275-318,
0.16.2 lines 264-314) at the first commit that carries a buffer while the
client's damage is not empty, copies the pixels, then sends damage and
`ready` with event->when (frame_send_ready(frame, event->when), 0.15.1 line
316, 0.16.2 line 312). event->when is `now`, read with
clock_gettime(CLOCK_MONOTONIC) at the top of wlr_output_commit, after the
compositor rendered the frame and before the backend took it
(types/output/output.c: 0.15.1 lines 670-677 and 758-764, 0.16.2 lines 754-762
and 834-841). The headless backend's commit presents at once
(backend/headless/output.c, output_commit: wlr_output_send_present with
presented = true, 0.15.1 lines 66-71, 0.16.2 lines 67-73; its presentation
clock is CLOCK_MONOTONIC), so on headless sway T is the moment the new
picture is on the output. The time this process receives `ready` would be
later by the copy (done in the commit handler, after T), the compositor's
flush of its clients at the end of that event loop turn, and this process's
wake-up: costs of the measurement, not of the program measured. T is used.

Which region. The damage a frame waits for is kept per client and output, not
per frame: screencopy_damage_accumulate unions the output's whole pending
damage, clipped to the output (0.15.1 lines 43-58, 0.16.2 lines 41-58), and
the frame's box only says which pixels read_pixels copies (frame_shm_copy).
So a frame of a small region (capture_output_region) fires at exactly the
same commits and times as one of the whole output, and its copy is cheaper;
but damage alone does not say that pixels changed: sway 1.7 damages the
output for every commit of a layer surface (layer_shell.c handle_surface_commit,
output_damage_surface), also of one it does not draw (it draws no top-layer
surface over a full-screen window, and top is fuzzel's default layer), and
for a commit of the same picture. So the whole output is copied and a frame
counts as "damage" only when its pixels changed: a program that draws nothing
shows as a missing sample, not as a fast one. The copy is after T, so in no
sample: measured on headless sway, `ready` reached this process's output
0.6-0.8 ms after T with the whole 1280x720 output copied and compared, 0.2 ms
with a 1x1 region, and the samples were the same within their noise.

The key: wlroots' virtual keyboard needs the keymap first (as a file
descriptor, XKB text with its NUL), and does not update the modifier state
from keys (update_state = false in virtual_keyboard_key): the client sends
modifiers itself, here once (none) after the keymap, as Down, Up, Escape and
Return change none. The keymap is the one sway compiles by default (rules
evdev, model pc105, layout us), made with libxkbcommon (which sway links)
through ctypes; the key's evdev code is the keymap's keycode for NAME less 8,
as XKeysymToKeycode finds it for x11damage.py. A process of its own, so that
the benchmark's umockdev preload stays out of its connection. The Wayland
wire format is written by hand (standard library only), as in
Tests/Fixtures/overlay/wl_pointer.py.
"""
import ctypes
import mmap
import os
import select
import socket
import struct
import sys
import time

XKB_KEYMAP_FORMAT_TEXT_V1 = 1
WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1 = 1
SCREENCOPY_VERSION = 3


class RuleNames(ctypes.Structure):
    _fields_ = [(name, ctypes.c_char_p) for name in ("rules", "model", "layout", "variant", "options")]


class Keymap:
    """The US keymap as XKB text, and each keysym name's evdev code in it."""

    def __init__(self):
        xkb = ctypes.CDLL("libxkbcommon.so.0")
        libc = ctypes.CDLL(None)
        xkb.xkb_context_new.restype = ctypes.c_void_p
        xkb.xkb_context_new.argtypes = [ctypes.c_int]
        xkb.xkb_keymap_new_from_names.restype = ctypes.c_void_p
        xkb.xkb_keymap_new_from_names.argtypes = [ctypes.c_void_p, ctypes.POINTER(RuleNames), ctypes.c_int]
        xkb.xkb_keymap_get_as_string.restype = ctypes.c_void_p
        xkb.xkb_keymap_get_as_string.argtypes = [ctypes.c_void_p, ctypes.c_int]
        xkb.xkb_keymap_min_keycode.argtypes = [ctypes.c_void_p]
        xkb.xkb_keymap_max_keycode.argtypes = [ctypes.c_void_p]
        xkb.xkb_keymap_key_get_syms_by_level.argtypes = [
            ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32,
            ctypes.POINTER(ctypes.POINTER(ctypes.c_uint32))]
        xkb.xkb_keysym_from_name.restype = ctypes.c_uint32
        xkb.xkb_keysym_from_name.argtypes = [ctypes.c_char_p, ctypes.c_int]
        libc.free.argtypes = [ctypes.c_void_p]
        context = xkb.xkb_context_new(0)
        names = RuleNames(b"evdev", b"pc105", b"us", b"", b"")
        keymap = xkb.xkb_keymap_new_from_names(context, ctypes.byref(names), 0) if context else None
        if not keymap:
            raise RuntimeError("libxkbcommon compiled no US keymap (is xkb-data installed?)")
        text = xkb.xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1)
        self.text = ctypes.string_at(text) + b"\0"
        libc.free(text)
        self.codes = {}
        syms = ctypes.POINTER(ctypes.c_uint32)()
        for keycode in range(xkb.xkb_keymap_min_keycode(keymap), xkb.xkb_keymap_max_keycode(keymap) + 1):
            count = xkb.xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, 0, ctypes.byref(syms))
            for index in range(count):
                self.codes.setdefault(syms[index], keycode - 8)
        self.keysym = lambda name: xkb.xkb_keysym_from_name(name.encode(), 0)

    def code(self, name):
        """The evdev code of the first key whose first level is keysym NAME, or None."""
        return self.codes.get(self.keysym(name))


class Wire:
    """One connection to the compositor: requests out (with file descriptors), events in."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.last_id = 1            # wl_display
        self.pending = b""

    def new_id(self):
        self.last_id += 1
        return self.last_id

    def send(self, obj, opcode, args=b"", fds=()):
        message = struct.pack("<II", obj, (8 + len(args)) << 16 | opcode) + args
        if fds:
            socket.send_fds(self.sock, [message], list(fds))
        else:
            self.sock.sendall(message)

    @staticmethod
    def string(text):
        data = text.encode() + b"\0"
        return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)

    def receive(self):
        """The whole events read by one recv: a list of (object, opcode, arguments)."""
        chunk = self.sock.recv(1 << 16)
        if not chunk:
            raise RuntimeError("the compositor closed the connection")
        self.pending += chunk
        events = []
        while len(self.pending) >= 8:
            obj, word = struct.unpack_from("<II", self.pending)
            size = word >> 16
            if len(self.pending) < size:
                break
            events.append((obj, word & 0xFFFF, self.pending[8:size]))
            self.pending = self.pending[size:]
        return events


class Compositor:
    """The globals bound, a virtual keyboard with the keymap, and the screencopy frame loop."""

    def __init__(self, path, out):
        self.wire = Wire(path)
        self.out = out
        self.globals = {}
        self.registry = self.wire.new_id()
        self.wire.send(1, 1, struct.pack("<I", self.registry))  # wl_display.get_registry
        self.frame = None
        self.roundtrip()
        missing = [name for name in ("wl_shm", "wl_output", "wl_seat", "zwlr_screencopy_manager_v1",
                                     "zwp_virtual_keyboard_manager_v1") if name not in self.globals]
        if missing:
            raise RuntimeError("the compositor has no " + ", ".join(missing))
        self.shm = self.bind("wl_shm", 1)
        self.output = self.bind("wl_output", 1)
        seat = self.bind("wl_seat", 1)
        self.screencopy = self.bind("zwlr_screencopy_manager_v1", SCREENCOPY_VERSION)
        manager = self.bind("zwp_virtual_keyboard_manager_v1", 1)
        self.keymap = Keymap()
        self.keyboard = self.wire.new_id()
        self.wire.send(manager, 0, struct.pack("<II", seat, self.keyboard))  # create_virtual_keyboard
        fd = os.memfd_create("wldamage-keymap", os.MFD_CLOEXEC)
        os.write(fd, self.keymap.text)
        self.wire.send(self.keyboard, 0, struct.pack("<II", WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1,
                                                     len(self.keymap.text)), fds=[fd])  # keymap
        os.close(fd)
        self.wire.send(self.keyboard, 2, struct.pack("<IIII", 0, 0, 0, 0))  # modifiers: none
        self.shape = None           # (format, width, height, stride) of the buffer
        self.buffer = None
        self.pixels = None          # the mmap of the buffer's memfd
        self.previous = None        # the last frame's pixels
        self.box = (0, 0, 0, 0)
        self.failures = 0
        self.rearm_at = None
        self.roundtrip()            # a protocol error in the above ends here, not at the first key

    def bind(self, interface, version):
        name, offered = self.globals[interface]
        new = self.wire.new_id()
        self.wire.send(self.registry, 0, struct.pack("<I", name) + Wire.string(interface)
                       + struct.pack("<II", min(version, offered), new))
        return new

    def roundtrip(self):
        callback = self.wire.new_id()
        self.wire.send(1, 0, struct.pack("<I", callback))  # wl_display.sync
        while True:
            for obj, opcode, body in self.wire.receive():
                if obj == callback and opcode == 0:
                    return
                self.handle(obj, opcode, body)

    def handle(self, obj, opcode, body):
        if obj == 1 and opcode == 0:  # wl_display.error(object, code, message)
            failed, code, length = struct.unpack_from("<III", body)
            raise RuntimeError(f"protocol error {code} on object {failed}: {body[12:11 + length].decode()}")
        if obj == self.registry and opcode == 0:  # global(name, interface, version)
            name, length = struct.unpack_from("<II", body)
            interface = body[8:7 + length].decode()
            version, = struct.unpack_from("<I", body, 8 + (length + 3) // 4 * 4)
            self.globals.setdefault(interface, (name, version))
        elif obj == self.frame and self.frame is not None:
            self.frame_event(opcode, body)

    def key(self, name, down):
        code = self.keymap.code(name)
        if code is None:
            sys.stderr.write(f"wldamage: no key {name} in the US keymap\n")
            return
        stamp = time.monotonic_ns() // 1_000_000 & 0xFFFFFFFF
        self.wire.send(self.keyboard, 1, struct.pack("<III", stamp, code, 1 if down else 0))  # key

    def arm(self):
        """A new frame of the whole output, answered at the next commit with damage."""
        self.rearm_at = None
        self.frame = self.wire.new_id()
        self.wire.send(self.screencopy, 0, struct.pack("<IiI", self.frame, 0, self.output))  # capture_output

    def frame_event(self, opcode, body):
        if opcode == 0:  # buffer(format, width, height, stride): the wl_shm one
            shape = struct.unpack_from("<IIII", body)
            if shape != self.shape:
                self.new_buffer(shape)
        elif opcode == 6:  # buffer_done: every buffer type is known
            self.wire.send(self.frame, 2, struct.pack("<I", self.buffer))  # copy_with_damage
        elif opcode == 4:  # damage(x, y, width, height)
            self.box = struct.unpack_from("<IIII", body)
        elif opcode == 2:  # ready(tv_sec_hi, tv_sec_lo, tv_nsec)
            high, low, nsec = struct.unpack_from("<III", body)
            when = ((high << 32) | low) * 1_000_000_000 + nsec
            pixels = self.pixels[:]
            word = "damage" if pixels != self.previous else "same"
            self.previous = pixels
            self.failures = 0
            self.out.write(f"{word} {when} {' '.join(map(str, self.box))}\n")
            self.wire.send(self.frame, 1)  # destroy
            self.arm()
        elif opcode == 3:  # failed
            self.wire.send(self.frame, 1)
            self.frame = None
            self.failures += 1
            if self.failures == 1:
                sys.stderr.write("wldamage: a screencopy frame failed; trying again every 0.1 s\n")
            self.rearm_at = time.monotonic() + 0.1

    def new_buffer(self, shape):
        fmt, width, height, stride = shape
        size = stride * height
        fd = os.memfd_create("wldamage-frame", os.MFD_CLOEXEC)
        os.ftruncate(fd, size)
        if self.pixels is not None:
            self.pixels.close()
        self.pixels = mmap.mmap(fd, size, mmap.MAP_SHARED, mmap.PROT_READ)
        pool = self.wire.new_id()
        self.wire.send(self.shm, 0, struct.pack("<Ii", pool, size), fds=[fd])  # create_pool
        os.close(fd)
        if self.buffer is not None:
            self.wire.send(self.buffer, 0)  # wl_buffer.destroy
        self.buffer = self.wire.new_id()
        self.wire.send(pool, 0, struct.pack("<IiiiiI", self.buffer, 0, width, height, stride, fmt))
        self.wire.send(pool, 1)  # wl_shm_pool.destroy (the buffer keeps the memory)
        self.shape = shape
        self.previous = None


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    path = argv[1]
    if not os.path.isabs(path):
        path = os.path.join(os.environ.get("XDG_RUNTIME_DIR", ""), path)
    out = os.fdopen(1, "w", buffering=1)
    try:
        compositor = Compositor(path, out)
        compositor.arm()
        out.write("ready\n")
        commands = b""
        while True:
            timeout = None
            if compositor.rearm_at is not None:
                timeout = max(0, compositor.rearm_at - time.monotonic())
            readable = select.select([compositor.wire.sock, 0], [], [], timeout)[0]
            if compositor.rearm_at is not None and time.monotonic() >= compositor.rearm_at:
                compositor.arm()
            if compositor.wire.sock in readable:
                for event in compositor.wire.receive():
                    compositor.handle(*event)
            if 0 in readable:
                chunk = os.read(0, 4096)
                if not chunk:
                    return 0
                commands += chunk
                while b"\n" in commands:
                    line, commands = commands.split(b"\n", 1)
                    words = line.decode().split()
                    if words == ["quit"]:
                        return 0
                    if len(words) == 3 and words[0] == "key" and words[2] in ("0", "1"):
                        compositor.key(words[1], words[2] == "1")
                    elif words:
                        sys.stderr.write(f"wldamage: unknown command {line.decode()!r}\n")
    except (OSError, RuntimeError) as error:
        sys.stderr.write(f"wldamage: {error}\n")
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
