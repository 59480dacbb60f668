#!/usr/bin/python3
"""functions-ran.py CALLGRIND_OUT BINARY ORDER SCRIPT [ARCHIVE...] [--then
CALLGRIND_OUT...]: where the functions of BINARY that ran go, for lld.

Every instruction address callgrind recorded in BINARY (valgrind
--tool=callgrind --dump-instr=yes --compress-pos=no --compress-strings=no) is
named by the function symbol (nm) that holds it; by address rather than by
callgrind's fn= names, which miss functions entered by a jump (tail calls) and
ones valgrind could not name. ORDER gets their names, one per line, sorted:
lld's --symbol-ordering-file, which moves each section that defines a listed
name to the front of .text.

Except names several local symbols share (an outlined copy, a merged thunk)
that an ARCHIVE (the Swift toolchain's static libraries) defines in a plain
.text section: those libraries give each public function a section of its own
but put their local ones together, one .text per object file, so listing
`outlined destroy of Any?` would move fifteen of FoundationEssentials' object
files, and _StringProcessing and _RegexParser whole, to the front (1.4 MB).
SCRIPT, a linker script added to lld's layout (INSERT), places those by
section name instead: .text.NAME, the sections our own objects (compiled with
-function-sections) hold them in; the archives' copies stay where they are.
SCRIPT also gathers the compiler's unnamed functions (.L sections, which no
symbol names).

The profiles after --then (other programs of the same multi-call binary:
keymenuctl, keymenu-whiptail) add the functions only they ran, listed after
the first profile's, sorted too: lld keeps the file's order, so keymenud's
functions stay together at the start of .text and the clients' follow them.

make link-order (scripts/link-order.sh) writes linker/keymenud.order and
linker/keymenud.ld with it."""
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


def shared_local_names(binary):
    """The names more than one symbol of the binary has."""
    listing = subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout
    seen, shared = set(), set()
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 3:
            if fields[2] in seen:
                shared.add(fields[2])
            seen.add(fields[2])
    return shared


def names_in_plain_text(archives):
    """The function names the archives define in a section named .text alone."""
    if not archives:
        return set()
    listing = subprocess.run(["nm", "-f", "sysv", *archives], capture_output=True, text=True).stdout
    names = set()
    for line in listing.splitlines():
        fields = [field.strip() for field in line.split("|")]
        if len(fields) >= 7 and fields[3] == "FUNC" and fields[6] == ".text":
            names.add(fields[0])
    return names


SCRIPT_HEADER = """\
/* Written by make link-order (scripts/functions-ran.py, which says why),
 * with linker/keymenud.order; make release adds it to lld's own layout. */
"""


# Swift's compiler puts some constants (protocol conformance descriptors,
# among others) in sections named .rodata but flagged writable; one of them
# made the whole output .rodata writable (2.2 MB), which then lay in a
# writable segment, whose pages CodePages.release (keymenud when quiet, a
# compat box once drawn) cannot give back as it gives back the read-only
# segments'. These go to a writable section of their own (138 KB), after
# .data, and .rodata stays read-only.
WRITABLE_RODATA = """\
SECTIONS
{
  .rodata.writable : { INPUT_SECTION_FLAGS(SHF_WRITE) *(.rodata .rodata.*) }
}
INSERT AFTER .data;
"""


def linker_script(section_names):
    """The INSERT script: unnamed functions, then the shared names' sections;
    then the writable .rodata kept apart."""
    shared = "".join(f'\n      ".text.{name}"' for name in section_names)
    return (
        SCRIPT_HEADER
        + "SECTIONS\n{\n"
        + "  .text.unnamed : { *(.text..L*) }\n"
        + f"  .text.shared : {{ *({shared}\n    ) }}\n"
        + "}\nINSERT BEFORE .text;\n"
        + WRITABLE_RODATA
    )


def functions_ran(profile, binary, rows, starts):
    """The names of BINARY's functions that ran in PROFILE (its object named
    by any path to the same file: a client ran it through a link)."""
    own = os.path.realpath(binary)
    in_binary = False
    ran = set()
    with open(profile) as lines:
        for line in lines:
            if line.startswith("ob="):
                in_binary = os.path.realpath(line[3:].strip()) == own
            elif in_binary and line.startswith("0x"):
                address = int(line.split()[0], 16)
                index = bisect.bisect_right(starts, address) - 1
                if index >= 0 and address < starts[index] + max(rows[index][1], 1):
                    ran.add(rows[index][2])
    if not ran:
        sys.exit(f"functions-ran: no instruction of {os.path.basename(binary)} in {profile}")
    return ran


def main():
    arguments = sys.argv[1:]
    then = []
    if "--then" in arguments:
        then = arguments[arguments.index("--then") + 1:]
        arguments = arguments[:arguments.index("--then")]
    profile, binary, order_path, script_path = arguments[:4]
    archives = arguments[4:]
    rows = function_symbols(binary)
    starts = [row[0] for row in rows]
    ran = functions_ran(profile, binary, rows, starts)
    after = set()
    for other in then:
        after |= functions_ran(other, binary, rows, starts)
    after -= ran
    by_section = (ran | after) & shared_local_names(binary) & names_in_plain_text(archives)
    first = sorted(ran - by_section)
    second = sorted(after - by_section)
    with open(order_path, "w") as order:
        order.write("".join(name + "\n" for name in first + second))
    with open(script_path, "w") as script:
        script.write(linker_script(sorted(by_section)))
    print(f"{len(first)} functions in {order_path} and {len(second)} after them from {len(then)} more profiles, "
          f"{len(by_section)} by section name in {script_path}")


main()
