#!/usr/bin/env python3
"""Prints the accessibility tree of an application as AT-SPI (and so Orca) sees it, as one JSON object.

usage: atspi-tree.py PID   (the application's process id)

Every node: role (AT-SPI's role name), name, description, states (AT-SPI state names), attributes, children,
and for one with a value (a spin button) value: [minimum, current, maximum].
The walk goes into the first list (role "list") it finds and stops below list items and headings: their
labels are what a screen reader reads. Exits with 2 when the application is not on the bus.
"""
import json
import os
import sys

if "AT_SPI_BUS_ADDRESS" not in os.environ:
    # The accessibility bus's address, from its launcher on the session bus (libatspi looks on the X root
    # window first, where a launcher started by D-Bus activation does not put it).
    from gi.repository import Gio, GLib

    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                              GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 20000, None)
    os.environ["AT_SPI_BUS_ADDRESS"] = reply.unpack()[0]

import pyatspi  # noqa: E402 (after the bus address is known)


def node(accessible, depth):
    states = accessible.getState()
    item = {
        "role": accessible.getRoleName(),
        "name": accessible.name or "",
        "description": accessible.description or "",
        "states": sorted(pyatspi.stateToString(s) for s in states.getStates()),
    }
    try:
        item["attributes"] = dict(a.split(":", 1) for a in accessible.getAttributes() if ":" in a)
    except Exception:
        item["attributes"] = {}
    try:
        value = accessible.queryValue()
        item["value"] = [value.minimumValue, value.currentValue, value.maximumValue]
    except NotImplementedError:
        pass
    if item["role"] in ("list item", "heading") or depth > 40:
        return item
    item["children"] = [node(child, depth + 1) for child in accessible if child is not None]
    return item


def main():
    wanted = int(sys.argv[1])
    desktop = pyatspi.Registry.getDesktop(0)
    seen = []
    for app in desktop:
        if app is None:
            continue
        pid = app.get_process_id()
        if pid == wanted:
            print(json.dumps(node(app, 0)))
            return 0
        seen.append("%s (%d)" % (app.name, pid))
    print(json.dumps({"error": "no application with pid %d on the bus" % wanted, "applications": seen}))
    return 2


if __name__ == "__main__":
    sys.exit(main())
