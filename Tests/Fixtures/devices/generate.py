#!/usr/bin/env python3
"""Generate the emulated evdev devices used by the umockdev tests.

    python3 Tests/Fixtures/devices/generate.py           # (re)write the files
    python3 Tests/Fixtures/devices/generate.py --check   # exit 1 if they are stale

For every profile in PROFILES this writes, next to this script:
  PROFILE.umockdev  sysfs attributes + udev properties of inputN and eventN
                    (what `umockdev-run -d` / Testbed.add_from_string load)
  PROFILE.ioctl     the answers to every EVIOCG* request a reader makes
                    (what `umockdev-run -i /dev/input/eventN=...` loads)
  PROFILE-VARIANT.ioctl  the same ioctls with a different pressed-key bitmap
                    (EVIOCGKEY), for SYN_DROPPED resync tests.
Output is deterministic (no timestamps); standard library only; x86_64 layout.

umockdev (0.17.16) ioctl pitfalls this script works around:
  * A request is answered only by a line with the *identical* request number,
    and for variable-length requests (EVIOCGBIT, EVIOCGNAME, EVIOCGKEY, ...)
    that number encodes the caller's buffer size. umockdev takes the size from
    the length of the hex data on the line. So every request is written once
    per buffer size used by the readers we care about (seen with
    UMOCKDEV_DEBUG=ioctl; a missing size shows as "result -1" there):
      libevdev 1.13 : EVIOCGBIT(0,8) EVIOCGNAME/PHYS/UNIQ(255) EVIOCGPROP(8)
                      EVIOCGBIT(t, 8|16|96) EVIOCGKEY(96) EVIOCGLED(8)
                      EVIOCGSW(8) EVIOCGREP EVIOCGID EVIOCGVERSION EVIOCGABS(a)
      evtest 1.35   : EVIOCGBIT(0,31) EVIOCGBIT(t,767) EVIOCGNAME(256)
                      EVIOCGPROP(248) EVIOCGLED(6144) EVIOCGABS(a)
                      (evtest --query: EVIOCGKEY(767), left out, see below)
      thd 0.5.0     : EVIOCGBIT(0,128)
      python3-evdev : EVIOCGBIT(0,96) EVIOCGBIT(0,4) EVIOCGEFFECTS EVIOCGABS(a)
  * An unanswered 'E' request fails with -1/ENOENT; libevdev then fails the
    whole libevdev_new_from_fd() with -ENOENT. A line with return value -1
    gives the same ENOENT on purpose: we use it for EVIOCGUNIQ of a device
    whose uniq is NULL (kernel: ENOENT, which libevdev accepts).
  * An unknown ioctl *name* in the file silently drops every line after it
    (UMOCKDEV_DEBUG=ioctl-tree shows it). Only names umockdev knows are used.
  * EVIOCGBIT/EVIOCGNAME/... return values mimic the kernel: the number of
    bytes copied (bitmaps are rounded up to whole longs, then capped at the
    caller's size; strings include the NUL).
  * umockdev always copies the whole line's data (= the size in the request),
    while the kernel copies only up to its own bitmap size. A caller that
    claims more than its buffer holds gets its stack overwritten: evtest
    --query asks EVIOCGKEY(767) into 96 bytes ("stack smashing detected").
    So no EVIOCGKEY/LED/SW/SND line of size 767: evtest --query then fails
    cleanly (ENOENT) instead. No other reader we know asks for 767 there.
  * EVIOCGREP is only written for devices with EV_REP (libevdev only asks
    then; the kernel answers ENOSYS otherwise). EVIOCGBIT(EV_REP) is not
    written (the kernel answers EINVAL; nobody relies on it).
"""
import os
import struct
import sys

# --- evdev constants (checked against <linux/input-event-codes.h> if present) ---
C = dict(
    EV_SYN=0x00, EV_KEY=0x01, EV_REL=0x02, EV_ABS=0x03, EV_MSC=0x04, EV_SW=0x05,
    EV_LED=0x11, EV_SND=0x12, EV_REP=0x14, EV_FF=0x15,
    KEY_ESC=1, KEY_BACKSPACE=14, KEY_TAB=15, KEY_LEFTCTRL=29, KEY_KPASTERISK=55,
    KEY_NUMLOCK=69, KEY_KP7=71, KEY_KP8=72, KEY_KP9=73, KEY_KPMINUS=74, KEY_KP4=75,
    KEY_KP5=76, KEY_KP6=77, KEY_KPPLUS=78, KEY_KP1=79, KEY_KP2=80, KEY_KP3=81,
    KEY_KP0=82, KEY_KPDOT=83, KEY_KPENTER=96, KEY_KPSLASH=98, KEY_HOME=102,
    KEY_UP=103, KEY_LEFT=105, KEY_RIGHT=106, KEY_DOWN=108, KEY_MUTE=113,
    KEY_VOLUMEDOWN=114, KEY_VOLUMEUP=115, KEY_POWER=116, KEY_MENU=139, KEY_COFFEE=152,
    KEY_BACK=158, KEY_PLAYPAUSE=164, KEY_EXIT=174, KEY_F13=183, KEY_F24=194,
    BTN_LEFT=0x110, BTN_RIGHT=0x111, BTN_MIDDLE=0x112, BTN_TOOL_FINGER=0x145,
    BTN_TOUCH=0x14a, KEY_OK=0x160, KEY_SELECT=0x161, KEY_NUMERIC_0=0x200,
    KEY_INFO=0x166, KEY_RED=0x18e, KEY_GREEN=0x18f, KEY_YELLOW=0x190, KEY_BLUE=0x191,
    KEY_CONTEXT_MENU=0x1b6,
    BTN_SOUTH=0x130, BTN_EAST=0x131, BTN_NORTH=0x133, BTN_WEST=0x134, BTN_TL=0x136,
    BTN_TR=0x137, BTN_SELECT=0x13a, BTN_START=0x13b, BTN_MODE=0x13c, BTN_THUMBL=0x13d,
    BTN_THUMBR=0x13e,
    REL_X=0, REL_Y=1, REL_WHEEL=8, ABS_X=0, ABS_Y=1, ABS_Z=2, ABS_RX=3, ABS_RY=4, ABS_RZ=5,
    ABS_HAT0X=0x10, ABS_HAT0Y=0x11, MSC_SCAN=4,
    LED_NUML=0, LED_CAPSL=1, LED_SCROLLL=2, INPUT_PROP_POINTER=0,
    BUS_USB=0x03, BUS_I8042=0x11, BUS_HOST=0x19,  # no BUS_IR in linux/input.h
)
globals().update(C)
# highest code per type, as the kernel's bitmaps are sized (KEY_MAX, REL_MAX, ...)
MAXBIT = {0: 0x1f, EV_KEY: 0x2ff, EV_REL: 0x0f, EV_ABS: 0x3f, EV_MSC: 0x07,
          EV_SW: 0x10, EV_LED: 0x0f, EV_SND: 0x07, EV_FF: 0x7f}
PROP_MAX = 0x1f
KEY_MIN_INTERESTING = KEY_MUTE  # modalias lists keys from here on
EV_VERSION = 0x010001
LONG = 8                         # sizeof(unsigned long), x86_64

# --- profiles -----------------------------------------------------------------
# n: the node is /dev/input/event<n> under /sys/devices/virtual/input/input<n>.
# uniq: "" -> EVIOCGUNIQ answers "" (USB HID); None -> NULL uniq (ENOENT).
# The event types are derived: EV_KEY if keys, EV_REL if rel, ..., EV_REP if rep.
# abs: {axis: (value, min, max, fuzz, flat, resolution)}  (struct input_absinfo)
# udev: ID_INPUT_* classes, as udev's input_id builtin would set them.
# held: variant name -> keys reported as pressed by EVIOCGKEY.
USB_HOST = "usb-0000:00:14.0"
PROFILES = [
    dict(name="keyboard", n=3, dev_name="keymenu Test Keyboard",
         phys=USB_HOST + "-1/input0", uniq="", id=(BUS_USB, 0x1234, 0x5678, 0x0111),
         keys=list(range(KEY_ESC, 128)) + list(range(KEY_F13, KEY_F24 + 1)),
         msc=[MSC_SCAN], led=[LED_NUML, LED_CAPSL, LED_SCROLLL], rep=(250, 33),
         udev=["KEY", "KEYBOARD"], held={"held-leftctrl": [KEY_LEFTCTRL]}),
    dict(name="keypad", n=4, dev_name="keymenu Test Keypad",
         phys=USB_HOST + "-2/input0", uniq="", id=(BUS_USB, 0x1234, 0x5679, 0x0111),
         keys=[KEY_NUMLOCK, KEY_KP0, KEY_KP1, KEY_KP2, KEY_KP3, KEY_KP4, KEY_KP5,
               KEY_KP6, KEY_KP7, KEY_KP8, KEY_KP9, KEY_KPDOT, KEY_KPENTER,
               KEY_KPPLUS, KEY_KPMINUS, KEY_KPASTERISK, KEY_KPSLASH,
               KEY_BACKSPACE, KEY_TAB],
         msc=[MSC_SCAN], led=[LED_NUML], rep=(250, 33), udev=["KEY"]),
    dict(name="remote", n=5, dev_name="keymenu Test IR Remote",
         phys="keymenu-cir/input0", uniq=None, id=(BUS_HOST, 0x1234, 0x567a, 0x0001),
         keys=[KEY_OK, KEY_BACK, KEY_EXIT, KEY_SELECT, KEY_UP, KEY_DOWN, KEY_LEFT,
               KEY_RIGHT, KEY_MENU, KEY_HOME, KEY_POWER, KEY_VOLUMEUP,
               KEY_VOLUMEDOWN, KEY_MUTE, KEY_PLAYPAUSE, KEY_INFO, KEY_RED, KEY_GREEN,
               KEY_YELLOW, KEY_BLUE, KEY_CONTEXT_MENU]
              + list(range(KEY_NUMERIC_0, KEY_NUMERIC_0 + 10)),
         msc=[MSC_SCAN], rep=(500, 125), udev=["KEY"]),
    dict(name="mouse", n=6, dev_name="keymenu Test Mouse",
         phys=USB_HOST + "-4/input0", uniq="", id=(BUS_USB, 0x1234, 0x567b, 0x0111),
         keys=[BTN_LEFT, BTN_RIGHT, BTN_MIDDLE], rel=[REL_X, REL_Y, REL_WHEEL],
         udev=["MOUSE"]),
    dict(name="powerbutton", n=2, dev_name="Power Button",
         phys="LNXPWRBN/button/input0", uniq=None, id=(BUS_HOST, 0x0000, 0x0001, 0x0000),
         keys=[KEY_POWER], udev=["KEY"], usb=False),
    # A keyboard whose name and phys carry what an attacker's USB gadget could
    # call itself: a terminal title (OSC 0), BEL, clear screen, newlines with a
    # forged log line, and a right-to-left override (log and display tests).
    dict(name="hostile", n=9,
         dev_name="Evil\x1b]0;pwned\x07\x1b[2J\n\nfake log: admin \u202egnp.exe",
         phys="usb-evil\x1b[31m/input0", uniq="", id=(BUS_USB, 0x1234, 0x5666, 0x0111),
         keys=list(range(KEY_ESC, 128)), msc=[MSC_SCAN], rep=(250, 33), udev=["KEY", "KEYBOARD"]),
    # A gamepad as the kernel's xpad driver reports an Xbox 360 pad: face,
    # shoulder and stick buttons, two sticks, two triggers and the D-pad as
    # a hat; no EV_REP (keymenu repeats held directions itself).
    dict(name="gamepad", n=10, dev_name="keymenu Test Gamepad",
         phys=USB_HOST + "-5/input0", uniq="", id=(BUS_USB, 0x045e, 0x028e, 0x0114),
         keys=[BTN_SOUTH, BTN_EAST, BTN_NORTH, BTN_WEST, BTN_TL, BTN_TR, BTN_SELECT,
               BTN_START, BTN_MODE, BTN_THUMBL, BTN_THUMBR],
         abs={ABS_X: (0, -32768, 32767, 16, 128, 0), ABS_Y: (0, -32768, 32767, 16, 128, 0),
              ABS_Z: (0, 0, 255, 0, 0, 0), ABS_RX: (0, -32768, 32767, 16, 128, 0),
              ABS_RY: (0, -32768, 32767, 16, 128, 0), ABS_RZ: (0, 0, 255, 0, 0, 0),
              ABS_HAT0X: (0, -1, 1, 0, 0, 0), ABS_HAT0Y: (0, -1, 1, 0, 0, 0)},
         udev=["JOYSTICK"]),
    # An IR receiver whose kernel keymap has nothing a remote needs (as
    # rc-loopback with rc-empty: one key, KEY_COFFEE): every button of the
    # remote comes as MSC_SCAN alone. Not keyboard-like: keymenud opens it
    # when [[remotes]] gives it a scancode table.
    dict(name="ircv", n=11, dev_name="keymenu Test IR Receiver",
         phys="keymenu-cir1/input0", uniq=None, id=(BUS_HOST, 0x1234, 0x567c, 0x0001),
         keys=[KEY_COFFEE], msc=[MSC_SCAN], rep=(500, 125), udev=["KEY"]),
    dict(name="touchpad", n=8, dev_name="keymenu Test Touchpad",
         phys="isa0060/serio1/input0", uniq=None, id=(BUS_I8042, 0x0002, 0x0007, 0x01b1),
         keys=[BTN_LEFT, BTN_TOOL_FINGER, BTN_TOUCH],
         abs={ABS_X: (0, 0, 4000, 0, 0, 40), ABS_Y: (0, 0, 2500, 0, 0, 40)},
         props=[INPUT_PROP_POINTER], udev=["TOUCHPAD"]),
]

# --- request sizes (see the docstring) ---------------------------------------
STR_SIZES = [255, 256]
EVBIT_SIZES = [4, 8, 31, 96, 128]
CODEBIT_SIZES = [8, 16, 96, 767]
PROP_SIZES = [8, 248]
STATE_SIZES = [8, 96, 6144]   # not 767: see the docstring (evtest --query)


def ev_types(p):
    types = [EV_SYN]
    for t, field in ((EV_KEY, "keys"), (EV_REL, "rel"), (EV_ABS, "abs"),
                     (EV_MSC, "msc"), (EV_LED, "led"), (EV_REP, "rep")):
        if p.get(field):
            types.append(t)
    return sorted(types)


def codes(p):
    return {0: ev_types(p), EV_KEY: sorted(p.get("keys", [])),
            EV_REL: sorted(p.get("rel", [])), EV_ABS: sorted(p.get("abs", {})),
            EV_MSC: sorted(p.get("msc", [])), EV_LED: sorted(p.get("led", []))}


def bitmap(bits, nbytes):
    b = bytearray(nbytes)
    for i in bits:
        if i // 8 < nbytes:
            b[i // 8] |= 1 << (i % 8)
    return bytes(b)


def kernel_len(maxbit, n):
    """Bytes the kernel copies for a bitmap request of size n."""
    return min((maxbit + LONG * 8 - 1) // (LONG * 8) * LONG, n)


def ioctl_text(p, pressed=()):
    out = ["# generated by Tests/Fixtures/devices/generate.py: do not edit"]

    def emit(name, ret, data):
        out.append(f"{name} {ret} {data.hex().upper()}")

    cd = codes(p)
    emit("EVIOCGVERSION", 0, struct.pack("<i", EV_VERSION))
    emit("EVIOCGID", 0, struct.pack("<HHHH", *p["id"]))
    if p.get("rep"):
        emit("EVIOCGREP", 0, struct.pack("<II", *p["rep"]))
    emit("EVIOCGEFFECTS", 0, struct.pack("<i", 0))
    for n in STR_SIZES:
        for ioc, s in (("EVIOCGNAME", p["dev_name"]), ("EVIOCGPHYS", p["phys"]),
                       ("EVIOCGUNIQ", p["uniq"])):
            if s is None:        # NULL string: the kernel answers ENOENT
                emit(f"{ioc}(0)", -1, bytes(n))
                continue
            raw = s.encode() + b"\0"
            emit(f"{ioc}(0)", min(len(raw), n), raw[:n].ljust(n, b"\0"))
    for n in EVBIT_SIZES:
        emit("EVIOCGBIT(0)", kernel_len(MAXBIT[0], n), bitmap(cd[0], n))
    for t in sorted(MAXBIT):
        if t:
            for n in CODEBIT_SIZES:
                emit(f"EVIOCGBIT({t})", kernel_len(MAXBIT[t], n), bitmap(cd.get(t, []), n))
    for n in PROP_SIZES:
        emit("EVIOCGPROP(0)", kernel_len(PROP_MAX, n), bitmap(p.get("props", []), n))
    for axis, info in sorted(p.get("abs", {}).items()):
        emit(f"EVIOCGABS({axis})", 0, struct.pack("<6i", *info))
    for ioc, maxbit, bits in (("EVIOCGKEY", MAXBIT[EV_KEY], pressed),
                              ("EVIOCGLED", MAXBIT[EV_LED], []),
                              ("EVIOCGSW", MAXBIT[EV_SW], []),
                              ("EVIOCGSND", MAXBIT[EV_SND], [])):
        for n in STATE_SIZES:
            emit(f"{ioc}(0)", kernel_len(maxbit, n), bitmap(bits, n))
    return "\n".join(out) + "\n"


def sysfs_bitmap(bits, maxbit):
    """The kernel's capabilities/* format: longs, most significant first."""
    words = [0] * (maxbit // (LONG * 8) + 1)
    for b in bits:
        words[b // 64] |= 1 << (b % 64)
    while len(words) > 1 and words[-1] == 0:
        words.pop()
    return " ".join(f"{w:x}" for w in reversed(words))


def modalias(p):
    bus, vendor, product, version = p["id"]
    cd = codes(p)
    s = f"input:b{bus:04X}v{vendor:04X}p{product:04X}e{version:04X}-"
    for letter, t, lo in (("e", 0, 0), ("k", EV_KEY, KEY_MIN_INTERESTING),
                          ("r", EV_REL, 0), ("a", EV_ABS, 0), ("m", EV_MSC, 0),
                          ("l", EV_LED, 0), ("s", EV_SND, 0), ("f", EV_FF, 0),
                          ("w", EV_SW, 0)):
        s += letter + "".join(f"{c:X}," for c in cd.get(t, []) if lo <= c < MAXBIT[t])
    return s


def udev_escaped(text):
    """A udev property value as udev stores it: non-printable bytes as \\xHH."""
    return "".join(chr(b) if 0x20 <= b < 0x7f else f"\\x{b:02x}" for b in text.encode())


def sysfs_attribute(name, value):
    """An `A:` line, or an `H:` line (hex bytes) when the value has bytes
    umockdev's text lines cannot carry (controls, non-ASCII)."""
    raw = (value + "\n").encode()
    if all(0x20 <= b < 0x7f for b in value.encode()):
        return f"A: {name}={value}"
    return f"H: {name}={raw.hex().upper()}"


def umockdev_text(p):
    n, minor = p["n"], 64 + p["n"]
    bus, vendor, product, version = p["id"]
    cd = codes(p)
    caps = [("ev", 0), ("key", EV_KEY), ("rel", EV_REL), ("abs", EV_ABS),
            ("msc", EV_MSC), ("led", EV_LED), ("snd", EV_SND), ("ff", EV_FF),
            ("sw", EV_SW)]
    ids = ["E: ID_INPUT=1"] + [f"E: ID_INPUT_{c}=1" for c in p["udev"]]
    if "TOUCHPAD" in p["udev"]:   # udev's input_id adds the size in mm
        for axis, dim in ((ABS_X, "WIDTH"), (ABS_Y, "HEIGHT")):
            _, lo, hi, _, _, res = p["abs"][axis]
            ids.append(f"E: ID_INPUT_{dim}_MM={(hi - lo) // res}")
    if bus == BUS_USB:
        ids += ["E: ID_BUS=usb", f"E: ID_VENDOR_ID={vendor:04x}", f"E: ID_MODEL_ID={product:04x}"]
    # no header comment here: umockdev rejects a .umockdev file that does not
    # start with "P:" (it has no comment syntax)
    lines = [f"P: /devices/virtual/input/input{n}/event{n}",
             f"N: input/event{n}",
             f"E: DEVNAME=/dev/input/event{n}",
             "E: MAJOR=13",
             f"E: MINOR={minor}",
             "E: SUBSYSTEM=input"] + ids + [
             f"A: dev=13:{minor}",
             f"L: device=../../input{n}",
             "",
             f"P: /devices/virtual/input/input{n}",
             f"E: PRODUCT={bus:x}/{vendor:x}/{product:x}/{version:x}",
             f'E: NAME="{udev_escaped(p["dev_name"])}"',
             f'E: PHYS="{udev_escaped(p["phys"])}"']
    if p["uniq"] is not None:
        lines.append(f'E: UNIQ="{p["uniq"]}"')
    lines.append(f"E: PROP={sysfs_bitmap(p.get('props', []), PROP_MAX)}")
    for attr, t in caps:          # the kernel's uevent lists only the types present
        if t == 0 or t in cd[0]:
            lines.append(f"E: {attr.upper()}={sysfs_bitmap(cd.get(t, []), MAXBIT[t])}")
    lines += [f"E: MODALIAS={modalias(p)}", "E: SUBSYSTEM=input"] + ids + [
              sysfs_attribute("name", p["dev_name"]),
              sysfs_attribute("phys", p["phys"]),
              f"A: uniq={p['uniq'] or ''}",
              f"A: properties={sysfs_bitmap(p.get('props', []), PROP_MAX)}",
              f"A: modalias={modalias(p)}"]
    lines += [f"A: capabilities/{attr}={sysfs_bitmap(cd.get(t, []), MAXBIT[t])}"
              for attr, t in caps]
    lines += [f"A: id/bustype={bus:04x}", f"A: id/vendor={vendor:04x}",
              f"A: id/product={product:04x}", f"A: id/version={version:04x}"]
    return "\n".join(lines) + "\n"


def outputs():
    files = {}
    for p in PROFILES:
        files[p["name"] + ".umockdev"] = umockdev_text(p)
        files[p["name"] + ".ioctl"] = ioctl_text(p)
        for variant, pressed in sorted(p.get("held", {}).items()):
            files[f"{p['name']}-{variant}.ioctl"] = ioctl_text(p, pressed)
    return files


def check_constants(header="/usr/include/linux/input-event-codes.h"):
    """Cross-check C against the system header (skipped if it is missing)."""
    if not os.path.exists(header):
        return []
    found = {}
    for path in (header, os.path.join(os.path.dirname(header), "input.h")):
        with open(path) as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 3 and parts[0] == "#define":
                    try:
                        found[parts[1]] = int(parts[2], 0)
                    except ValueError:
                        pass
    return [f"{k}={v} but the header says {found[k]}"
            for k, v in C.items() if k in found and found[k] != v]


def main(argv):
    if argv not in ([], ["--check"]):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    errors = check_constants()
    if errors:
        print("generate.py: constant table is wrong:\n  " + "\n  ".join(errors), file=sys.stderr)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    stale = []
    for name, text in outputs().items():
        path = os.path.join(here, name)
        try:
            with open(path, encoding="utf-8", newline="") as f:
                same = f.read() == text
        except FileNotFoundError:
            same = False
        if same:
            continue
        stale.append(name)
        if not argv:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
    if argv and stale:
        print("generate.py --check: these files differ from what generate.py writes:", file=sys.stderr)
        for name in stale:
            print("  " + os.path.join(here, name), file=sys.stderr)
        print("run: python3 Tests/Fixtures/devices/generate.py", file=sys.stderr)
        return 1
    if not argv:
        print(f"generate.py: {len(stale)} file(s) written" + (": " + " ".join(stale) if stale else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
