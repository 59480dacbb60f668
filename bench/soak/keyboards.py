"""The emulated keyboard and remote keymenud reads during the soak.

A umockdev testbed (Tests/Fixtures/hotplug.py's `Devices`, which must run
under the umockdev preload: soak.py re-executes itself with it) with the
fixture keyboard as /dev/input/event3 and the IR remote as event5. Keys are
written to each PTY master as raw input_event records. A PTY holds about 4
KB unread, and more than ~170 unread events corrupt the stream
(../shared/TESTING.md), so before each write the driver asks the PTY's slave
how much is still unread (FIONREAD) and holds back while the daemon lags.
"""
import ctypes
import gc
import os
import sys
import termios

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Fixtures"))
import hotplug  # noqa: E402  (re-executes under the umockdev preload when needed)

EVENT = hotplug.EVENT
UNREAD_LIMIT = 1536
SYS_IOCTL = 16  # x86_64; a raw syscall, because the umockdev preload answers ioctl() on PTYs itself
LIBC = ctypes.CDLL(None, use_errno=True)


class EmulatedKeyboards:
    """Plugged devices by node number, and raw writes to them."""

    def __init__(self, profiles):
        self.devices = hotplug.Devices()
        self.root = self.devices.root
        self.codes = hotplug.load_codes()
        self.slaves = {}
        for number, profile in profiles.items():
            self.devices.plug(number, hotplug.profile_file(profile, "umockdev"),
                              hotplug.profile_file(profile, "ioctl"))
            slave = os.readlink(os.path.join(self.root, "dev", "input", f"event{number}"))
            self.slaves[number] = os.open(slave, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)

    def code(self, name):
        return self.codes[name]

    def unread(self, number):
        """Bytes written to the device and not read by keymenud yet."""
        count = ctypes.c_int(0)
        if LIBC.syscall(SYS_IOCTL, self.slaves[number], termios.FIONREAD, ctypes.byref(count)) != 0:
            raise OSError(ctypes.get_errno(), f"FIONREAD on event{number}'s PTY")
        return count.value

    def room(self, number):
        """Whether a write of a few events may go now."""
        return self.unread(number) < UNREAD_LIMIT

    def write(self, number, events, seconds):
        """Writes (type, code, value) events stamped `seconds`; False if the PTY was full."""
        data = b"".join(EVENT.pack(int(seconds), int(seconds % 1 * 1e6), *event) for event in events)
        try:
            written = os.write(self.devices.plugged[number][0], data)
        except BlockingIOError:
            return False
        if written != len(data):
            raise RuntimeError(f"event{number}: short write ({written} of {len(data)} bytes)")
        return True

    def close(self):
        """Closes the PTYs and removes the testbed (before its directory goes)."""
        for slave in self.slaves.values():
            os.close(slave)
        self.slaves.clear()
        if self.devices is not None:
            self.devices.tb = None  # the last reference: umockdev removes its root now
            self.devices = None
            gc.collect()
