"""keymenud under test: started in the testbed, watched through /proc,
stopped with SIGTERM.

It runs with UMOCKDEV_DIR and the umockdev preload (inherited from the
driver), NOTIFY_SOCKET pointing at a datagram socket in the work directory
(READY=1 says it serves), its log in the work directory, and
PR_SET_PDEATHSIG so that it never outlives the driver.
"""
import asyncio
import ctypes
import os
import signal
import socket
import subprocess
import time


def _die_with_parent():
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class DaemonProcess:
    """One keymenud and what /proc says about it."""

    def __init__(self, program, config, socket_path, directory, testbed_root, arguments=()):
        self.socket_path = socket_path
        self.log_path = os.path.join(directory, "keymenud.log")
        notify_path = os.path.join(directory, "notify")
        self.notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.notify.bind(notify_path)
        self.notify.setblocking(False)
        environment = {key: value for key, value in os.environ.items()
                       if key not in ("LISTEN_FDS", "LISTEN_PID", "KEYMENU_SOCKET")}
        environment.update(NOTIFY_SOCKET=notify_path)
        if testbed_root is not None:
            environment.update(UMOCKDEV_DIR=testbed_root)
        self.log = open(self.log_path, "wb")
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [program, "--config", config, "--socket", socket_path, *arguments], stdin=subprocess.DEVNULL,
            stdout=self.log, stderr=subprocess.STDOUT, env=environment, preexec_fn=_die_with_parent)
        self.pid = self.process.pid
        self.exit_status = None
        self.rusage = None

    async def wait_ready(self, timeout=20):
        """Waits for READY=1; raises when keymenud exits or it does not come."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"keymenud exited with {self.process.returncode} before READY=1")
            try:
                message = self.notify.recv(4096).decode(errors="replace")
                if "READY=1" in message.split("\n"):
                    return
            except BlockingIOError:
                await asyncio.sleep(0.02)
        raise RuntimeError(f"no READY=1 within {timeout} s")

    def alive(self):
        return self.process.poll() is None

    def memory_kb(self):
        """(VmRSS, RssAnon) in kB, read at once, or None."""
        try:
            with open(f"/proc/{self.pid}/status") as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
            return tuple(int(fields[name].split()[0]) for name in ("VmRSS", "RssAnon"))
        except (OSError, KeyError, ValueError):
            return None

    def status_field(self, name):
        """A `Name: value` field of /proc/PID/status (first word), or None."""
        try:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith(name + ":"):
                        return line.split()[1]
        except OSError:
            return None
        return None

    def open_files(self):
        try:
            return len(os.listdir(f"/proc/{self.pid}/fd"))
        except OSError:
            return None

    def cpu_seconds(self):
        """User + system CPU time so far, from /proc/PID/stat."""
        try:
            with open(f"/proc/{self.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    async def stop(self, timeout=20):
        """SIGTERM, then waits for the exit; its status (SIGKILL after `timeout`)."""
        if self.alive():
            self.process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                reaped, status, rusage = os.wait4(self.pid, os.WNOHANG)
            except ChildProcessError:  # reaped already (it had exited)
                break
            if reaped == self.pid:
                self._reaped(status, rusage)
                return self.exit_status
            if self.process.returncode is not None:
                break
            await asyncio.sleep(0.05)
        if self.exit_status is None and self.process.returncode is None:
            self.process.kill()
            _, status, rusage = os.wait4(self.pid, 0)
            self._reaped(status, rusage)
            self.exit_status = f"killed after not exiting within {timeout} s of SIGTERM"
        elif self.exit_status is None:
            self.exit_status = self.process.returncode
        return self.exit_status

    def _reaped(self, status, rusage):
        self.rusage = rusage
        self.process.returncode = os.waitstatus_to_exitcode(status)
        self.exit_status = self.process.returncode

    def close(self):
        if self.alive():
            self.process.kill()
            self.process.wait()
        self.notify.close()
        self.log.close()

    def log_text(self):
        with open(self.log_path, "rb") as log:
            return log.read().decode(errors="replace")
