#!/usr/bin/python3
"""functions-ran.py CALLGRIND_OUT BINARY: the functions of BINARY that ran, one
mangled name per line, sorted: every instruction address callgrind recorded in
BINARY (valgrind --tool=callgrind --dump-instr=yes --compress-pos=no
--compress-strings=no) named by the function symbol (nm) that holds it.

make link-order (scripts/link-order.sh) writes linker/keymenud.order with it.
By address rather than by callgrind's fn= names: those miss functions entered
by a jump (tail calls) and ones valgrind could not name."""
import bisect
import os
import subprocess
import sys


def function_symbols(binary):
    """(start, size, name) of every function symbol, by address."""
    listing = subprocess.run(["nm", "-n", "-S", binary], capture_output=True, text=True, check=True).stdout
    rows = []
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "tTwW":
            rows.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    return rows


def main():
    profile, binary = sys.argv[1], sys.argv[2]
    rows = function_symbols(binary)
    starts = [row[0] for row in rows]
    own = os.path.basename(binary)
    in_binary = False
    ran = set()
    with open(profile) as lines:
        for line in lines:
            if line.startswith("ob="):
                in_binary = os.path.basename(line[3:].strip()) == own
            elif in_binary and line.startswith("0x"):
                address = int(line.split()[0], 16)
                index = bisect.bisect_right(starts, address) - 1
                if index >= 0 and address < starts[index] + max(rows[index][1], 1):
                    ran.add(rows[index][2])
    if not ran:
        sys.exit(f"functions-ran: no instruction of {own} in {profile}")
    sys.stdout.write("".join(name + "\n" for name in sorted(ran)))


main()
