import CGtk
import DemoData
import TableViewCore
import TableViewGTK

#if canImport(Glibc)
  import Glibc
#endif

/// The demo's window: a row of buttons for the five pages (or the keys 1–5), the page, and a status
/// line with the engine's figures.
final class DemoWindow {
  let options: DemoOptions
  let window: UnsafeMutablePointer<GtkWidget>
  let content: UnsafeMutablePointer<GtkWidget>
  let statusLabel: UnsafeMutablePointer<GtkWidget>
  let loop: OpaquePointer
  var buttons: [UnsafeMutablePointer<GtkWidget>] = []
  private(set) var pages: [String: any DemoPage] = [:]
  private(set) var current: (any DemoPage)?
  private(set) var currentName = ""
  var exitStatus: Int32 = 0
  /// The window as a `GtkWindow *`.
  var gtkWindow: UnsafeMutablePointer<GtkWindow> {
    UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
  }
  var stateHook: StateHook?
  var statusSourceID: UInt32 = 0

  static let pageNames = ["feed", "fixed", "loop", "date", "chat"]

  init(options: DemoOptions) {
    self.options = options
    loop = g_main_loop_new(nil, 0)
    window = gtk_window_new()
    let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
    gtk_window_set_title(gtkWindow, "SwiftTableView — GTK4")
    gtk_window_set_default_size(gtkWindow, Int32(options.width), Int32(options.height))

    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start] {
      side(bar, 6)
    }
    content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    gtk_widget_set_vexpand(content, 1)
    statusLabel = gtk_label_new(nil)
    gtk_label_set_xalign(OpaquePointer(statusLabel), 0)
    gtk_label_set_ellipsize(OpaquePointer(statusLabel), PANGO_ELLIPSIZE_END)
    gtk_widget_set_margin_start(statusLabel, 8)
    gtk_widget_set_margin_top(statusLabel, 3)
    gtk_widget_set_margin_bottom(statusLabel, 3)
    let box = { (w: UnsafeMutablePointer<GtkWidget>) in UnsafeMutableRawPointer(w).assumingMemoryBound(to: GtkBox.self)
    }
    gtk_box_append(box(column), bar)
    gtk_box_append(box(column), content)
    gtk_box_append(box(column), statusLabel)
    gtk_window_set_child(gtkWindow, MinimumSizeFrame.wrapping(column))

    let titles = [
      "1 Feed (1,000,000)", "2 Fixed (10,000,000)", "3 Looping list", "4 Date picker", "5 Chat (1,000,000)",
    ]
    for (index, title) in titles.enumerated() {
      let button = gtk_button_new_with_label(title)!
      gtk_widget_set_focusable(button, 0)
      // Five titles would make the window at least 750 px wide: a narrow window shortens them.
      if let label = gtk_button_get_child(UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self)) {
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
      }
      let name = Self.pageNames[index]
      Signals.connect(gpointerOf(button), "clicked") { [weak self] in self?.show(name) }
      gtk_box_append(box(bar), button)
      buttons.append(button)
    }

    // The keys 1–4 switch pages, q and Ctrl-W close (in the capture phase: before the table sees them).
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signals.connectKey(gpointerOf(keys), "key-pressed") { [weak self] keyval, state in
      self?.windowKey(keyval, state: state) ?? false
    }
    gtk_widget_add_controller(window, keys)

    Signals.connectHandled(gpointerOf(window), "close-request") { [weak self] in
      self?.quit()
      return false
    }
    if let path = options.stateFile { stateHook = StateHook(path: path, window: self) }
  }

  /// Shows the window and runs GLib's main loop until the window closes.
  func run() {
    show(options.page)
    gtk_window_present(gtkWindow)
    // The status line follows the engine a few times a second (never more than the frames).
    statusSourceID = g_timeout_add_full(
      G_PRIORITY_LOW, 250,
      { data in
        Unmanaged<DemoWindow>.fromOpaque(data!).takeUnretainedValue().refreshStatus()
        return 1
      }, Unmanaged.passUnretained(self).toOpaque(), nil)
    if let test = options.selfTest {
      SelfTest.start(test, window: self)
    } else if options.bench {
      FrameBenchmark.start(window: self)
    } else if let rounds = options.soak {
      MemorySoakRun(window: self, rounds: rounds).begin()
    }
    if !quitRequested { g_main_loop_run(loop) }
  }

  private var quitRequested = false

  func quit(status: Int32 = 0) {
    exitStatus = status
    quitRequested = true
    g_main_loop_quit(loop)
  }

  /// Makes `name`'s page current (creating it the first time).
  func show(_ name: String) {
    let page: any DemoPage
    if let existing = pages[name] {
      page = existing
    } else {
      switch name {
      case "fixed": page = FixedRowsPage(rows: options.rows, multipleSelection: options.multipleSelection)
      case "loop": page = LoopingListPage()
      case "date": page = DatePickerPage()
      case "chat":
        if options.chatInMemory {
          page = ChatPage(
            history: options.rows, width: options.width, arrivalInterval: options.chatInterval,
            pageDelay: options.chatPageDelay)
        } else {
          let chat = DatabaseChatPage(
            path: options.chatDatabase, history: options.rows, arrivalInterval: options.chatInterval)
          chat.didChange = { [weak self] in self?.stateHook?.setNeedsWrite() }
          page = chat
        }
      default:
        if options.feedInMemory {
          page = FeedPage(rows: options.rows, width: options.width)
        } else {
          let feed = DatabaseFeedPage(path: options.database, rows: options.rows)
          feed.didChange = { [weak self] in self?.stateHook?.setNeedsWrite() }
          page = feed
        }
      }
      pages[name] = page
    }
    if let current {
      gtk_box_remove(UnsafeMutableRawPointer(content).assumingMemoryBound(to: GtkBox.self), current.widget)
    }
    gtk_widget_set_vexpand(page.widget, 1)
    gtk_box_append(UnsafeMutableRawPointer(content).assumingMemoryBound(to: GtkBox.self), page.widget)
    current = page
    currentName = name
    if let tableView = page.tableView {
      gtk_widget_grab_focus(tableView.viewport)
      tableView.didLayout = { [weak self, weak page] _ in
        page?.tableViewDidLayout()
        self?.stateHook?.setNeedsWrite()
      }
    } else if let picker = (page as? DatePickerPage)?.pickerView {
      gtk_widget_grab_focus(picker.widget)
      picker.didLayout = { [weak self] _ in self?.stateHook?.setNeedsWrite() }
    }
    for (index, button) in buttons.enumerated() {
      if Self.pageNames[index] == name {
        gtk_widget_add_css_class(button, "suggested-action")
      } else {
        gtk_widget_remove_css_class(button, "suggested-action")
      }
    }
    refreshStatus()
    stateHook?.setNeedsWrite()
  }

  /// Shows `widget` in place of the pages (the GtkListView benchmark).
  func replaceContent(with widget: UnsafeMutablePointer<GtkWidget>) {
    let box = UnsafeMutableRawPointer(content).assumingMemoryBound(to: GtkBox.self)
    if let current { gtk_box_remove(box, current.widget) }
    current = nil
    gtk_box_append(box, widget)
  }

  func windowKey(_ keyval: UInt32, state: GdkModifierType) -> Bool {
    if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 {
      guard Int32(keyval) == GDK_KEY_w || Int32(keyval) == GDK_KEY_W else { return false }
      quit()
      return true
    }
    // Typing in a text field (the chat's composer) is text, not a page switch.
    if let focus = gtk_window_get_focus(gtkWindow),
      g_type_check_instance_is_a(
        UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self), gtk_editable_get_type()) != 0
    {
      return false
    }
    switch Int32(keyval) {
    case GDK_KEY_1: show("feed")
    case GDK_KEY_2: show("fixed")
    case GDK_KEY_3: show("loop")
    case GDK_KEY_4: show("date")
    case GDK_KEY_5: show("chat")
    case GDK_KEY_q: quit()
    default: return false
    }
    return true
  }

  func refreshStatus() {
    guard let current else { return }
    gtk_label_set_text(OpaquePointer(statusLabel), current.status())
  }
}
