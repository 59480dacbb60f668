#!/usr/bin/python3
"""read24.py PATH: the floor for a reader that reads one input_event per read().

Opens PATH, reads 24 bytes (one x86_64 struct input_event) per read() until
the writer hangs up, and prints how many records it read; nothing else. Under
umockdev each of those read()s pays the preload's round trip to umockdev-run,
as thd --dump's do (bench/peers.sh).
"""
import os
import sys

fd = os.open(sys.argv[1], os.O_RDONLY)
records = 0
while len(os.read(fd, 24)) == 24:
    records += 1
print(records)
