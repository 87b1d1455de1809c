import CAdw
import CGtk
import DemoDatabase
@_spi(Testing) import TableViewGTK
import TableViewSQLite

#if canImport(Glibc)
  import Glibc
#endif

var options: DemoOptions
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

// `--open FILE`: the file is opened (and the table found) before the window, so that a missing file, one that is not
// a database or an unknown table is a message and status 1, as with tableview-demo --open.
var browserFile: BrowserFile?
var browserTable: SQLiteTableDescription?
if let path = options.open {
  do throws(BrowserFileError) {
    let file = try BrowserFile(path: path)
    browserTable = try options.table.map { name throws(BrowserFileError) in try file.table(named: name) }
    browserFile = file
  } catch {
    printError("tableview-gtk-demo: \(error)")
    exit(1)
  }
}

// The name screen readers (and the accessibility tests, through AT-SPI) know the application by: GTK 4.8 gives
// AT-SPI the program name as the application's name ("Unnamed" without one) and the application name as its
// description; both are read when GTK opens the display.
g_set_prgname("tableview-gtk-demo")
g_set_application_name("tableview-gtk-demo")
// libadwaita draws Adwaita itself: a GTK_THEME naming GTK's built-in Adwaita would replace libadwaita's style sheet
// with GTK's older one (without libadwaita's palette, the avatars would lose their colours). The demo takes it as the
// style asked for instead (`GTK_THEME=Adwaita:dark` is `--dark`) and lets libadwaita draw it.
if let theme = getenv("GTK_THEME").map({ String(cString: $0) }), theme == "Adwaita" || theme.hasPrefix("Adwaita:") {
  if options.colorScheme == nil { options.colorScheme = theme == "Adwaita:dark" ? .dark : nil }
  unsetenv("GTK_THEME")
}
guard gtk_init_check() != 0 else {
  printError("tableview-gtk-demo: cannot open a display (is DISPLAY set? under Xvfb, use xvfb-run)")
  exit(1)
}
// libadwaita's widgets and style sheet (the application would do it on start-up; done here, before any widget).
adw_init()
// Task { @MainActor in … } and DispatchQueue.main run from GLib's loop from here on.
GLibMainQueue.install()

if let delay = options.scrollbarFadeDelay { GTKTableView.scrollIndicatorFadeOutDelay = delay }
// `--columnview`: the page shows the list of tables (no table read) until GtkColumnView takes its place.
let app = DemoWindow(options: options, browser: browserFile.map { ($0, options.benchColumnView ? nil : browserTable) })
app.run()
exit(app.exitStatus)

/// Writes a line to standard error.
func printError(_ message: String) {
  var line = message + "\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
