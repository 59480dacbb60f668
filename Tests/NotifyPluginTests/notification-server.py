#!/usr/bin/python3
"""A small org.freedesktop.Notifications server for the Notify plugin's tests.

Usage: notification-server.py LOG

Owns org.freedesktop.Notifications on the bus in DBUS_SESSION_BUS_ADDRESS and
appends one JSON line to LOG per call (and {"event": "ready"} once the name is
owned). The private interface org.keymenu.Test plays the person:
  Invoke(u id, s key)    emits ActionInvoked(id, key), then NotificationClosed(id, 2)
                         as servers do after a click
  Close(u id, u reason)  emits NotificationClosed(id, reason)
CloseNotification emits NotificationClosed(id, 3), as the specification says.
"""
import json
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
TEST = "org.keymenu.Test"


def plain(value):
    if isinstance(value, (dbus.Byte, dbus.Int32, dbus.UInt32, dbus.Boolean, int)):
        return int(value)
    return str(value)


class Server(dbus.service.Object):
    def __init__(self, bus, log):
        super().__init__(bus, PATH)
        self.log = log
        self.next_id = 1

    def record(self, **entry):
        with open(self.log, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout):
        notification = self.next_id
        self.next_id += 1
        self.record(
            method="Notify", id=notification, app_name=str(app_name), replaces_id=int(replaces_id),
            app_icon=str(app_icon), summary=str(summary), body=str(body),
            actions=[str(action) for action in actions],
            hints={str(key): plain(value) for key, value in hints.items()},
            expire_timeout=int(expire_timeout))
        return notification

    @dbus.service.method(NAME, in_signature="u")
    def CloseNotification(self, notification):
        self.record(method="CloseNotification", id=int(notification))
        self.NotificationClosed(notification, 3)

    @dbus.service.method(NAME, out_signature="as")
    def GetCapabilities(self):
        return ["actions", "body", "body-markup"]

    @dbus.service.method(NAME, out_signature="ssss")
    def GetServerInformation(self):
        return ("keymenu-test", "keymenu", "1", "1.2")

    @dbus.service.signal(NAME, signature="us")
    def ActionInvoked(self, notification, key):
        pass

    @dbus.service.signal(NAME, signature="uu")
    def NotificationClosed(self, notification, reason):
        pass

    @dbus.service.method(TEST, in_signature="us")
    def Invoke(self, notification, key):
        self.ActionInvoked(notification, key)
        self.NotificationClosed(notification, 2)

    @dbus.service.method(TEST, in_signature="uu")
    def Close(self, notification, reason):
        self.NotificationClosed(notification, reason)


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName(NAME, bus, do_not_queue=True)
    server = Server(bus, sys.argv[1])
    server.record(event="ready", name=name.get_name())
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
