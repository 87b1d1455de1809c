import CGtk
import TableViewCore
import TableViewGTK

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a line to standard error.
func printError(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

// contacts [--count N] [--self-check]
let started = monotonicSeconds()
var count = 2_000
var selfCheck = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--self-check": selfCheck = true
  case "--count":
    guard let value = arguments.popFirst().flatMap(Int.init), value >= 0, value <= 1_000_000 else {
      printError("contacts: --count takes a number of contacts from 0 to 1000000")
      exit(2)
    }
    count = value
  default:
    printError("usage: contacts [--count N] [--self-check]")
    exit(2)
  }
}

if gtk_init_check() == 0 {
  printError("contacts: cannot open a display: set DISPLAY, or run under xvfb-run")
  exit(2)
}
// Task { @MainActor in … } runs from GLib's loop from here on.
GLibMainQueue.install()
let app = ContactsWindow(book: .sample(count: count))
var status: Int32 = 0
app.afterFirstFrame = {
  let seconds = monotonicSeconds() - started
  print("contacts: first frame in \(Double(Int((seconds * 1000).rounded())) / 1000) s (\(count) contacts)")
  guard selfCheck else { return }
  let check = SelfCheck(app: app)
  check.run()
  for failure in check.failures { print("contacts: FAILED \(failure)") }
  if check.failures.isEmpty { print("contacts: self-check passed") }
  status = check.failures.isEmpty ? 0 : 1
  app.quit()
}
app.run()
exit(status)
