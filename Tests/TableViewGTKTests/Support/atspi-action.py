#!/usr/bin/env python3
"""Performs an action of one accessible object of an application through AT-SPI, as Orca does when its user
activates it (a push button's "click").

usage: atspi-action.py PID ROLE NAME ACTION   (the application's process id; AT-SPI's role name, the object's
name and the action's name: "push button" "5M" "click")

Prints the actions the object offers. Exits with 2 when there is no such object or action, 1 when it fails.
"""
import os
import sys

if "AT_SPI_BUS_ADDRESS" not in os.environ:
    # The accessibility bus's address, from its launcher on the session bus (as atspi-tree.py finds it).
    from gi.repository import Gio, GLib

    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                              GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 20000, None)
    os.environ["AT_SPI_BUS_ADDRESS"] = reply.unpack()[0]

import pyatspi  # noqa: E402 (after the bus address is known)


def find(accessible, role, name, depth=0):
    if accessible.getRoleName() == role and (accessible.name or "") == name:
        return accessible
    if depth > 40:
        return None
    for child in accessible:
        if child is not None:
            found = find(child, role, name, depth + 1)
            if found is not None:
                return found
    return None


def main():
    pid, role, name, action = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    for app in pyatspi.Registry.getDesktop(0):
        if app is None or app.get_process_id() != pid:
            continue
        target = find(app, role, name)
        if target is None:
            print("no %s named %r" % (role, name))
            return 2
        actions = target.queryAction()
        names = [actions.getName(i) for i in range(actions.nActions)]
        print("actions: %s" % names)
        if action not in names:
            return 2
        return 0 if actions.doAction(names.index(action)) else 1
    print("no application with pid %d on the bus" % pid)
    return 2


if __name__ == "__main__":
    sys.exit(main())
