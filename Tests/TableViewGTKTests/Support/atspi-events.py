#!/usr/bin/env python3
"""Prints the AT-SPI events of an application as they arrive, one JSON object a line, as Orca receives them.

usage: atspi-events.py PID   (the application's process id)

Prints {"ready": true} once it listens. Every event: type ("object:state-changed:focused", "focus:"…), detail1,
detail2, data (a string or a number event's payload, else null), and the source's role, name and description.
On SIGUSR1 it makes a call to the application and answers {"flushed": N} (N the events printed so far) once the
reply is in: the application answered after sending every event it sent before, so all those are printed above it.
Exits on SIGTERM.
"""
import json
import os
import signal
import sys

if "AT_SPI_BUS_ADDRESS" not in os.environ:
    # The accessibility bus's address, from its launcher on the session bus (as atspi-tree.py finds it).
    from gi.repository import Gio, GLib

    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                              GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 20000, None)
    os.environ["AT_SPI_BUS_ADDRESS"] = reply.unpack()[0]

import pyatspi  # noqa: E402 (after the bus address is known)
from gi.repository import GLib  # noqa: E402

WANTED = int(sys.argv[1])
printed = 0


def emit(item):
    global printed
    sys.stdout.write(json.dumps(item) + "\n")
    sys.stdout.flush()
    printed += 1


def describe(accessible):
    try:
        return accessible.getRoleName(), accessible.name or "", accessible.description or ""
    except Exception:
        return "", "", ""


def on_event(event):
    try:
        if event.source is None or event.source.get_process_id() != WANTED:
            return
    except Exception:
        return
    role, name, description = describe(event.source)
    data = event.any_data
    if not isinstance(data, (str, int, float, bool)):
        data = describe(data)[1] if hasattr(data, "getRoleName") else None
    emit({"type": event.type, "detail1": event.detail1, "detail2": event.detail2, "data": data,
          "role": role, "name": name, "description": description})


def application():
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.get_process_id() == WANTED:
            return app
    return None


def flush():
    # A round trip to the application: its reply comes after every event it sent before it.
    app = application()
    if app is not None:
        app.name
    # Events that came in during the call are dispatched before the answer is printed.
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)
    sys.stdout.write(json.dumps({"flushed": printed}) + "\n")
    sys.stdout.flush()
    return True


def main():
    for kind in ("object", "focus:", "window"):
        pyatspi.Registry.registerEventListener(on_event, kind)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, flush)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: pyatspi.Registry.stop() or False)
    GLib.idle_add(lambda: sys.stdout.write(json.dumps({"ready": True}) + "\n") and sys.stdout.flush() or False)
    # No idle callback releasing the GIL (this script has one thread): it would keep the loop in flush() busy.
    pyatspi.Registry.start(gil=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
