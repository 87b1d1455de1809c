import CGtk
import TableViewGTK

#if canImport(Glibc)
  import Glibc
#endif

let options: DemoOptions
do {
  options = try DemoOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  // --help is an answer (standard output, status 0); a mistake is an error (standard error, 2).
  if error.description.hasPrefix("usage") {
    print(error.description)
    exit(0)
  }
  printError("\(error)")
  exit(2)
}

// The name screen readers (and the accessibility tests, through AT-SPI) know the application by: GTK reads
// it when it opens the display.
g_set_application_name("tableview-gtk-demo")
guard gtk_init_check() != 0 else {
  printError("tableview-gtk-demo: cannot open a display (is DISPLAY set? under Xvfb, use xvfb-run)")
  exit(1)
}
// Task { @MainActor in … } and DispatchQueue.main run from GLib's loop from here on.
GLibMainQueue.install()

let app = DemoWindow(options: options)
app.run()
exit(app.exitStatus)

/// Writes a line to standard error.
func printError(_ message: String) {
  var line = message + "\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
