// GTK through the CGtk module (its header, so Clang imports that module): GTK's types and constants have one
// owner, CGtk, and adwaita.h's own #include <gtk/gtk.h> finds them already there. Including GTK here again would
// give CAdw a second copy, and Swift could attribute a GTK constant to either module.
#include "../CGtk/shim.h"
#include <adwaita.h>
