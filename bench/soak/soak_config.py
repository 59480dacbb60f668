"""The keymenud configuration of the soak and the plugin files it needs.

Socket connections of the soak's own uid get the drive tier (the tier of a
script; root would otherwise be admin). A hotkey on the keyboard (F5) and one
on the remote (Menu) open a configured menu whose items show configured
alerts. The external plugin "soak" crashes on the schedule of
crash_schedule.py, is always restarted after a short delay and is pinged
every second. The hostile phase's part (hostile.py's CONFIG) comes first:
the socket open to every uid (mode 0666), the test uids' tiers, commands on
(as nobody, timeout_ms 10 s) and the configured items its floods invoke.
"""
import os
import pwd
import shutil

import hostile

HERE = os.path.dirname(os.path.abspath(__file__))
PLUGIN_FILES = ["crashing_plugin.py", "crash_schedule.py"]

TEMPLATE = """\
log_level = "info"

{hostile}
[[socket.tiers]]
uid = {uid}
tier = "drive"

[[hotkeys]]
key = "KEY_F5"
menu = "soak"

[[hotkeys]]
key = "KEY_MENU"
menu = "soak"

[menus.soak]
title = "Soak"
items = [
  {{ title = "Question", alert = {{ title = "Configured question", buttons = ["No", "Yes"], cancel = "No", timeout_ms = 3000 }} }},
  {{ title = "Deeper", items = [ {{ title = "Notice", alert = {{ title = "Configured notice" }} }} ] }},
  {{ separator = true }},
  {{ title = "Later", alert = {{ title = "Configured later", buttons = ["OK"], timeout_ms = 1000 }} }},
]

[plugins.soak]
program = ["/usr/bin/python3", "{directory}/crashing_plugin.py", "{short}", "{long}"]
user = "{user}"
restart = "always"
restart_delay_ms = {restart_delay_ms}
ping_interval_ms = {ping_interval_ms}
ping_timeout_ms = {ping_timeout_ms}
"""


def plugin_user():
    """nobody when we are root (plugins never run as root), else ourselves."""
    return "nobody" if os.getuid() == 0 else pwd.getpwuid(os.getuid()).pw_name


def write_config(directory, schedule):
    """Writes keymenu.toml and the plugin's files into `directory` (made
    readable for the plugin's user); returns the configuration's path."""
    os.chmod(directory, 0o755)
    for name in PLUGIN_FILES:
        target = os.path.join(directory, name)
        shutil.copyfile(os.path.join(HERE, name), target)
        os.chmod(target, 0o755)
    path = os.path.join(directory, "keymenu.toml")
    with open(path, "w") as config:
        config.write(TEMPLATE.format(
            hostile=hostile.config_section(), uid=os.getuid(), directory=directory, user=plugin_user(), short=schedule.short_seconds,
            long=schedule.long_seconds, restart_delay_ms=int(schedule.restart_delay * 1000),
            ping_interval_ms=int(schedule.ping_interval * 1000),
            ping_timeout_ms=int(schedule.ping_timeout * 1000)))
    return path
