// GDK's X11 backend and Xlib, for the GTK demo's handling of a window destroyed by another program. GTK through the
// CGtk module (its header, so Clang imports that module), as CAdw does: GTK's types have one owner.
#include "../CGtk/shim.h"
#include <gdk/x11/gdkx.h>
