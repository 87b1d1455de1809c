import CAdw
import CGtk
import DemoDatabase
import GRDB
import TableViewGTK

/// One value of the browsed table, whole (Enter or a double click on a cell): a modal window over the browser, its
/// header bar titled with the column (the row and the value's type and size under it), the value in a read-only,
/// wrapping, monospace text view — NULL dim and italic as in the grid, a BLOB as its size and a hex dump of its
/// first 4 KiB, a text whole up to ``textLimit`` characters. Esc closes it.
final class BrowserValueWindow {
  let window: UnsafeMutablePointer<GtkWidget>
  let textView: UnsafeMutablePointer<GtkWidget>
  /// The column's name (the window's title) and what the header bar's subtitle says.
  let title: String
  let subtitle: String
  /// The text shown.
  let text: String
  /// Told once the window is closed.
  var didClose: (() -> Void)?

  /// The characters of a text shown at most: a longer one shows its first ones, with a note (GtkTextView lays a
  /// buffer out in the background, but Pango shapes each paragraph whole).
  static let textLimit = 1 << 20
  /// The bytes of a BLOB the hex dump shows at most.
  static let blobLimit = 4_096

  /// A window showing `value`, the column `column` of the row whose key is `key`, over `parent`.
  init(
    value: DatabaseValue, column: String, key: DatabaseValue?, parent: UnsafeMutablePointer<GtkWindow>?
  ) {
    title = column
    let row = key.map { "row \(DatabaseValueText.cellText($0)) · " } ?? ""
    let isNull: Bool
    switch value.storage {
    case .null:
      text = "NULL"
      subtitle = row + "NULL"
      isNull = true
    case .int64(let number):
      text = String(number)
      subtitle = row + "INTEGER"
      isNull = false
    case .double(let number):
      text = String(number)
      subtitle = row + "REAL"
      isNull = false
    case .string(let whole):
      let count = whole.count
      if count > Self.textLimit {
        text =
          "(showing the first \((Self.textLimit / (1 << 20)).grouped) MB of \(count.grouped) characters)\n\n"
          + whole.prefix(Self.textLimit)
      } else {
        text = whole
      }
      subtitle = row + "TEXT · \(count.grouped) characters"
      isNull = false
    case .blob(let data):
      let bytes = Array(data.prefix(Self.blobLimit))
      var lines = ["BLOB · \(data.count.grouped) bytes", ""]
      for start in stride(from: 0, to: bytes.count, by: DatabaseValueText.bytesPerHexLine) {
        lines.append(
          DatabaseValueText.hexLine(
            bytes[start..<min(start + DatabaseValueText.bytesPerHexLine, bytes.count)], offset: start))
      }
      if data.count > bytes.count { lines += ["", "(the first 4 KiB of \(data.count.grouped) bytes)"] }
      text = lines.joined(separator: "\n")
      subtitle = row + "BLOB · \(data.count.grouped) bytes"
      isNull = false
    }

    window = gtk_window_new()!
    let gtkWindow = Self.gtkWindow(window)
    gtk_window_set_title(gtkWindow, column)
    gtk_window_set_modal(gtkWindow, 1)
    gtk_window_set_destroy_with_parent(gtkWindow, 1)
    if let parent { gtk_window_set_transient_for(gtkWindow, parent) }
    gtk_window_set_default_size(gtkWindow, 640, 440)
    let header = gtk_header_bar_new()!
    gtk_header_bar_set_title_widget(OpaquePointer(header), adw_window_title_new(column, subtitle))
    gtk_window_set_titlebar(gtkWindow, header)

    textView = gtk_text_view_new()!
    let view = UnsafeMutableRawPointer(textView).assumingMemoryBound(to: GtkTextView.self)
    gtk_text_view_set_editable(view, 0)
    gtk_text_view_set_cursor_visible(view, 0)
    gtk_text_view_set_monospace(view, 1)
    gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
    gtk_text_view_set_left_margin(view, 12)
    gtk_text_view_set_right_margin(view, 12)
    gtk_text_view_set_top_margin(view, 10)
    gtk_text_view_set_bottom_margin(view, 10)
    gtk_widget_add_css_class(textView, "browser-value-text")
    if isNull { gtk_widget_add_css_class(textView, "browser-null") }
    let buffer = gtk_text_view_get_buffer(view)
    gtk_text_buffer_set_text(buffer, text, -1)
    GTKAccessible.setAccessibilityLabel("Value of \(column)", on: textView)
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scrolled), textView)
    gtk_window_set_child(gtkWindow, scrolled)

    // Esc closes the window, as a dialog's does.
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signals.connectKey(gpointerOf(keys), "key-pressed") { [weak self] keyval, state in
      let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
      guard Int32(keyval) == GDK_KEY_Escape, modifiers == 0, let self else { return false }
      self.close()
      return true
    }
    gtk_widget_add_controller(window, keys)
    Signals.connect(gpointerOf(window), "destroy") { [weak self] in
      guard let self, let didClose = self.didClose else { return }
      self.didClose = nil
      didClose()
    }
  }

  /// Shows the window, the text view focused.
  func present() {
    gtk_window_present(Self.gtkWindow(window))
    gtk_widget_grab_focus(textView)
  }

  /// Closes (destroys) the window.
  func close() {
    gtk_window_destroy(Self.gtkWindow(window))
  }

  static func gtkWindow(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWindow> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self)
  }
}
