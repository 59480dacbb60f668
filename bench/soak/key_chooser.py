"""Which key a person presses next during the soak (pure: a seeded random
choice, no I/O).

Mostly the keys that answer alerts and move in menus (Enter, Esc, arrows,
digits, Tab, Backspace), some letters (accelerators, filtering, a button's
first letter), Shift+Tab, an arrow held down with auto-repeat, the remote's
OK/Back/Exit/Select, rarely a hotkey that opens the configured menu, and
very rarely the panic chord (Ctrl+Alt+Esc: everything is dismissed).
"""
import random
import string

KEYBOARD = 3
REMOTE = 5

SYN = (0, 0, 0)

PLAIN = [
    ("KEY_ENTER", 14), ("KEY_KPENTER", 2), ("KEY_ESC", 9), ("KEY_UP", 8), ("KEY_DOWN", 10),
    ("KEY_LEFT", 5), ("KEY_RIGHT", 5), ("KEY_TAB", 3), ("KEY_HOME", 1), ("KEY_END", 2),
    ("KEY_PAGEUP", 1), ("KEY_PAGEDOWN", 1), ("KEY_BACKSPACE", 3),
] + [(f"KEY_{digit}", 1.2) for digit in "123456789"] + [
    (f"KEY_{letter}", 0.4) for letter in string.ascii_uppercase
]
REMOTE_KEYS = [("KEY_OK", 4), ("KEY_BACK", 2), ("KEY_EXIT", 1), ("KEY_UP", 1), ("KEY_DOWN", 3),
               ("KEY_SELECT", 1)]
CHORDS = [
    (("KEY_LEFTSHIFT", "KEY_TAB"), 1),
    (("KEY_LEFTCTRL", "KEY_LEFTALT", "KEY_ESC"), 0.05),
]
HOTKEYS = [(KEYBOARD, "KEY_F5", 0.1), (REMOTE, "KEY_MENU", 0.1)]
HELD = [("KEY_DOWN", 1)]


class KeyChooser:
    """Random presses as lists of (type, code, value) events for one device."""

    def __init__(self, codes, seed):
        self.random = random.Random(seed)
        self.codes = codes
        choices = []
        for name, weight in PLAIN:
            choices.append((weight, ("press", KEYBOARD, (name,))))
        for name, weight in REMOTE_KEYS:
            choices.append((weight, ("press", REMOTE, (name,))))
        for names, weight in CHORDS:
            choices.append((weight, ("press", KEYBOARD, names)))
        for device, name, weight in HOTKEYS:
            choices.append((weight, ("press", device, (name,))))
        for name, weight in HELD:
            choices.append((weight, ("hold", KEYBOARD, (name,))))
        self.weights = [weight for weight, _ in choices]
        self.choices = [choice for _, choice in choices]

    def next(self):
        """(device, events, label) of the next press."""
        kind, device, names = self.random.choices(self.choices, self.weights)[0]
        codes = [self.codes[name] for name in names]
        events = []
        for code in codes:
            events += [(1, code, 1), SYN]
        if kind == "hold":
            events += [(1, codes[-1], 2), SYN] * self.random.randint(1, 4)
        for code in reversed(codes):
            events += [(1, code, 0), SYN]
        return device, events, "+".join(names)
