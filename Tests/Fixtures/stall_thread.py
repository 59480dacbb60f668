#!/usr/bin/python3
"""Stops one thread of a process, leaving its other threads running.

usage: /usr/bin/python3 Tests/Fixtures/stall_thread.py TID SECONDS

Stops thread TID (keymenud's engine is its main thread: TID = PID) with
ptrace: PTRACE_SEIZE, then PTRACE_INTERRUPT, which stops that thread alone
(SIGSTOP, a group stop, would stop every thread). Prints "stopped TID" once
it is stopped, then holds it for SECONDS, or until the process ends (a
service manager killing it: its end is reaped here, so that its parent
hears of it at once). The thread runs again when this exits (the kernel
detaches an exiting tracer).

Needs CAP_SYS_PTRACE or Yama's ptrace_scope 0 (root in make test-systemd's
guest and in the build containers).

Exit status: 0 after the hold or when the process ended, 2 on a usage
error, 3 when ptrace was refused.
"""
import ctypes
import os
import sys
import time

PTRACE_SEIZE = 0x4206
PTRACE_INTERRUPT = 0x4207
WALL = 0x40000000  # __WALL: wait for a thread that is not a child


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    tid, seconds = int(argv[0]), float(argv[1])
    libc = ctypes.CDLL(None, use_errno=True)
    libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
    libc.ptrace.restype = ctypes.c_long
    for request, name in ((PTRACE_SEIZE, "PTRACE_SEIZE"), (PTRACE_INTERRUPT, "PTRACE_INTERRUPT")):
        if libc.ptrace(request, tid, None, None) != 0:
            print(f"stall_thread: {name} {tid}: {os.strerror(ctypes.get_errno())}", file=sys.stderr)
            return 3
    os.waitpid(tid, WALL)  # the interrupt's stop
    print(f"stopped {tid}", flush=True)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            pid, status = os.waitpid(tid, os.WNOHANG | WALL)
        except ChildProcessError:
            return 0
        if pid == tid and (os.WIFEXITED(status) or os.WIFSIGNALED(status)):
            return 0
        time.sleep(0.05)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
