import CAdw
import CGtk
import DemoData
import DemoDatabase
import TableViewCore
import TableViewGTK
import TableViewSQLite

#if canImport(Glibc)
  import Glibc
#endif

/// The demo's window, a GNOME application's (libadwaita): a header bar with a view switcher for the five pages
/// (or the keys 1–5) and a menu (keyboard shortcuts, quit), the page, and a status line (the engine's figures too with the menu's Engine Statistics).
/// The style follows the system's dark preference through libadwaita's style manager, or `--dark`/`--light`.
final class DemoWindow {
  let options: DemoOptions
  let application: UnsafeMutablePointer<AdwApplication>
  let window: UnsafeMutablePointer<GtkWidget>
  /// The view stack: one page a name, each a box the page's widget goes into when it is first shown.
  let stack: UnsafeMutablePointer<GtkWidget>
  let statusLabel: UnsafeMutablePointer<GtkWidget>
  /// The header bar's view switcher (its title: the pages' buttons in a row while they fit).
  let switcher: UnsafeMutablePointer<GtkWidget>
  let loop: OpaquePointer
  /// The view stack's boxes, by page name.
  private var slots: [String: UnsafeMutablePointer<GtkWidget>] = [:]
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
  /// The pages' titles and icons in the view switcher.
  static let pageTitles = [
    ("Feed", "view-list-bullet-symbolic"), ("Fixed", "view-list-symbolic"),
    ("Looping", "media-playlist-repeat-symbolic"), ("Date", "x-office-calendar-symbolic"),
    ("Chat", "user-available-symbolic"),
  ]

  /// `--open FILE`: the file browsed (and the table shown first) instead of the demo's pages.
  let browser: (file: BrowserFile, table: SQLiteTableDescription?)?
  /// The header bar's title while browsing: the file, and the table shown.
  private var browserTitle: OpaquePointer?

  init(options: DemoOptions, browser: (file: BrowserFile, table: SQLiteTableDescription?)? = nil) {
    self.options = options
    self.browser = browser
    loop = g_main_loop_new(nil, 0)
    // Not unique: every run is its own process (the tests start several at once), and none needs the session
    // bus. Registered here, so the application's start-up (libadwaita's style sheet) is done before the window;
    // GLib's main loop runs below, in `run()`, as it always did.
    application = adw_application_new("org.swifttableview.GTKDemo", G_APPLICATION_NON_UNIQUE)
    let gApplication = UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
    g_application_register(gApplication, nil, nil)
    Self.applyColorScheme(options.colorScheme)
    if options.alwaysShowScrollbars { Self.alwaysShowScrollbars() }

    let gtkApplication = UnsafeMutableRawPointer(application).assumingMemoryBound(to: GtkApplication.self)
    window = adw_application_window_new(gtkApplication)
    let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
    gtk_window_set_title(gtkWindow, "SwiftTableView — GTK4")
    gtk_window_set_default_size(gtkWindow, Int32(options.width), Int32(options.height))

    stack = adw_view_stack_new()
    gtk_widget_set_vexpand(stack, 1)
    let viewStack = OpaquePointer(stack)
    for (index, name) in (browser == nil ? Self.pageNames : ["browser"]).enumerated() {
      let slot = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
      let (title, icon) = browser == nil ? Self.pageTitles[index] : ("Browser", "x-office-spreadsheet-symbolic")
      let page = adw_view_stack_add_titled(viewStack, slot, name, title)
      adw_view_stack_page_set_icon_name(page, icon)
      slots[name] = slot
    }

    // The header bar: the view switcher as its title while it fits, a bar of the same switcher at the bottom
    // when it does not (a narrow window); the primary menu at the end.
    let header = adw_header_bar_new()!
    let switcherBar = adw_view_switcher_bar_new()!
    if let browser {
      // Browsing a file: its name and the table shown are the title (no pages to switch).
      let title = adw_window_title_new(browser.file.name, "")!
      browserTitle = OpaquePointer(title)
      switcher = title
      adw_header_bar_set_title_widget(OpaquePointer(header), title)
    } else {
      let switcherTitle = adw_view_switcher_title_new()!
      switcher = switcherTitle
      adw_view_switcher_title_set_stack(OpaquePointer(switcherTitle), viewStack)
      adw_view_switcher_title_set_title(OpaquePointer(switcherTitle), "SwiftTableView")
      adw_header_bar_set_title_widget(OpaquePointer(header), switcherTitle)
      adw_view_switcher_bar_set_stack(OpaquePointer(switcherBar), viewStack)
      g_object_bind_property(
        gpointerOf(switcherTitle), "title-visible", gpointerOf(switcherBar), "reveal", G_BINDING_SYNC_CREATE)
    }
    adw_header_bar_pack_end(OpaquePointer(header), Self.primaryMenuButton())

    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    statusLabel = gtk_label_new(nil)
    gtk_label_set_xalign(OpaquePointer(statusLabel), 0)
    gtk_label_set_ellipsize(OpaquePointer(statusLabel), PANGO_ELLIPSIZE_END)
    gtk_widget_add_css_class(statusLabel, "dim-label")
    gtk_widget_set_margin_start(statusLabel, 8)
    gtk_widget_set_margin_top(statusLabel, 3)
    gtk_widget_set_margin_bottom(statusLabel, 3)
    let box = { (w: UnsafeMutablePointer<GtkWidget>) in UnsafeMutableRawPointer(w).assumingMemoryBound(to: GtkBox.self)
    }
    gtk_box_append(box(column), header)
    gtk_box_append(box(column), stack)
    gtk_box_append(box(column), switcherBar)
    gtk_box_append(box(column), statusLabel)
    adw_application_window_set_content(
      UnsafeMutableRawPointer(window).assumingMemoryBound(to: AdwApplicationWindow.self),
      MinimumSizeFrame.wrapping(column))

    installActions()
    Self.installStyle()
    Signals.connect(gpointerOf(stack), "notify::visible-child-name") { [weak self] (_: UnsafeMutableRawPointer?) in
      guard let self, let name = adw_view_stack_get_visible_child_name(OpaquePointer(self.stack)) else { return }
      let page = String(cString: name)
      if page != self.currentName { self.show(page) }
    }

    // The keys 1–5 switch pages, Ctrl-W closes the window and Ctrl-Q quits (in the capture phase: before the table
    // sees them). A bare q is a letter, as in every GNOME application: it does not close the window.
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
    // The state line says what has the focus: a move of it is a change to write.
    Signals.connect(gpointerOf(window), "notify::focus-widget") { [weak self] (_: UnsafeMutableRawPointer?) in
      self?.stateHook?.setNeedsWrite()
    }
  }

  /// Asks libadwaita's style manager for `scheme`; with none, the system's preference (the desktop's dark style
  /// setting, through the settings portal).
  static func applyColorScheme(_ scheme: DemoColorScheme?) {
    let manager = adw_style_manager_get_default()
    switch scheme {
    case .dark: adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_FORCE_DARK)
    case .light: adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_FORCE_LIGHT)
    case nil: adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_DEFAULT)
    }
  }

  /// What GNOME's "Always Show Scrollbars" does: GtkSettings' `gtk-overlay-scrolling` off, for every list.
  static func alwaysShowScrollbars() {
    guard let settings = gtk_settings_get_default() else { return }
    var value = GValue()
    g_value_init(&value, g_type_from_name("gboolean"))
    g_value_set_boolean(&value, 0)
    g_object_set_property(
      UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-overlay-scrolling", &value)
    g_value_unset(&value)
  }

  /// The window's own CSS: without a compositor (Xvfb, some X sessions) GTK draws a window's frame as a solid 5-pixel
  /// border inside the window; a window X makes smaller than that frame (no window manager enforces the minimum
  /// size) gets negative sizes for libadwaita's content (GTK warns on every frame). A one-pixel line drawn over the
  /// edge instead takes no room.
  private static func installStyle() {
    guard let display = gdk_display_get_default() else { return }
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(
      provider, "window.solid-csd { padding: 0; box-shadow: inset 0 0 0 1px alpha(currentColor, 0.15); }", -1)
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    g_object_unref(gpointerOf(provider!))  // the display keeps its own reference
  }

  /// Whether the window shows the dark style.
  var isDark: Bool { adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }

  /// The header bar's menu: the keyboard shortcuts and Quit (with their accelerators).
  private static func primaryMenuButton() -> UnsafeMutablePointer<GtkWidget> {
    let menu = g_menu_new()!
    g_menu_append(menu, "Engine _Statistics", "win.show-statistics")
    g_menu_append(menu, "_Keyboard Shortcuts", "win.show-help-overlay")
    g_menu_append(menu, "_Quit", "app.quit")
    let button = gtk_menu_button_new()!
    let menuButton = OpaquePointer(button)
    gtk_menu_button_set_icon_name(menuButton, "open-menu-symbolic")
    gtk_menu_button_set_menu_model(menuButton, UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self))
    gtk_widget_set_tooltip_text(button, "Main Menu")
    g_object_unref(gpointerOf(menu))
    return button
  }

  /// The application's quit action, the window's shortcuts window (`win.show-help-overlay`) and their accelerators
  /// (Ctrl-Q, Ctrl-W, Ctrl-?), as GNOME applications have them.
  private func installActions() {
    let quitAction = g_simple_action_new("quit", nil)!
    Signals.connect(gpointerOf(quitAction), "activate") { [weak self] (_: UnsafeMutableRawPointer?) in self?.quit() }
    g_action_map_add_action(OpaquePointer(application), quitAction)
    g_object_unref(gpointerOf(quitAction))
    let gtkApplication = UnsafeMutableRawPointer(application).assumingMemoryBound(to: GtkApplication.self)
    for (action, accelerator) in [
      ("app.quit", "<Control>q"), ("window.close", "<Control>w"), ("win.show-help-overlay", "<Control>question"),
    ] {
      accelerator.withCString { accel in
        var accels: [UnsafePointer<CChar>?] = [accel, nil]
        gtk_application_set_accels_for_action(gtkApplication, action, &accels)
      }
    }
    // Engine Statistics: a check item of the menu (a stateful action), off unless `--statistics`.
    EngineStatistics.isShown = options.statistics
    let statistics = g_simple_action_new_stateful(
      "show-statistics", nil, g_variant_new_boolean(options.statistics ? 1 : 0))!
    Signals.connect(gpointerOf(statistics), "activate") { [weak self] (_: UnsafeMutableRawPointer?) in
      EngineStatistics.isShown.toggle()
      g_simple_action_set_state(statistics, g_variant_new_boolean(EngineStatistics.isShown ? 1 : 0))
      self?.refreshStatus()
    }
    g_action_map_add_action(OpaquePointer(window), statistics)
    g_object_unref(gpointerOf(statistics))
    let builder = gtk_builder_new_from_string(ShortcutsWindow.xml, -1)!
    if let overlay = gtk_builder_get_object(builder, "shortcuts") {
      gtk_application_window_set_help_overlay(
        UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkApplicationWindow.self), OpaquePointer(overlay))
    }
    g_object_unref(gpointerOf(builder))
  }

  /// Shows the window and runs GLib's main loop until the window closes.
  func run() {
    show(browser == nil ? options.page : "browser")
    gtk_window_present(gtkWindow)
    // Destroyed by another program (`xdotool windowclose`): GDK would abort or exit with an X error; the demo
    // ends as if the window had been closed.
    outsideDestroyGuard = OutsideDestroyGuard(gtkWindow) { [weak self] in
      printError("tableview-gtk-demo: the window was destroyed by another program")
      self?.quit()
    }
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
  /// Ends the demo cleanly if another program destroys the window (X11 only).
  private var outsideDestroyGuard: OutsideDestroyGuard?

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
      case "browser":
        guard let browser else { return }
        let page = BrowserPage(file: browser.file, table: browser.table)
        page.didChange = { [weak self, weak page] in
          guard let self, let page else { return }
          self.showBrowserTitle(page)
          self.stateHook?.setNeedsWrite()
        }
        self.pages[name] = page
        showBrowserTitle(page)
        show(name)
        return
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
    if gtk_widget_get_parent(page.widget) == nil, let slot = slots[name] {
      gtk_widget_set_vexpand(page.widget, 1)
      gtk_box_append(UnsafeMutableRawPointer(slot).assumingMemoryBound(to: GtkBox.self), page.widget)
    }
    current = page
    currentName = name
    adw_view_stack_set_visible_child_name(OpaquePointer(stack), name)
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
    refreshStatus()
    stateHook?.setNeedsWrite()
  }

  /// Shows `widget` in place of the pages (the GtkListView benchmark).
  func replaceContent(with widget: UnsafeMutablePointer<GtkWidget>) {
    guard let slot = slots[currentName] else { return }
    let box = UnsafeMutableRawPointer(slot).assumingMemoryBound(to: GtkBox.self)
    if let current { gtk_box_remove(box, current.widget) }
    current = nil
    gtk_widget_set_vexpand(widget, 1)
    gtk_box_append(box, widget)
  }

  func windowKey(_ keyval: UInt32, state: GdkModifierType) -> Bool {
    if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 {
      switch Int32(keyval) {
      case GDK_KEY_w, GDK_KEY_W, GDK_KEY_q, GDK_KEY_Q:
        quit()
        return true
      default: return current?.handleShortcut(keyval) ?? false
      }
    }
    // Typing in a text field (the chat's composer) is text, not a page switch; the browser has no pages.
    if isTyping(in: window) || browser != nil { return false }
    switch Int32(keyval) {
    case GDK_KEY_1: show("feed")
    case GDK_KEY_2: show("fixed")
    case GDK_KEY_3: show("loop")
    case GDK_KEY_4: show("date")
    case GDK_KEY_5: show("chat")
    default: return false
    }
    return true
  }

  /// The window's title and the header bar's while browsing: "file · table · rows" (the tests find the window
  /// by "SwiftTableView" in its title).
  private func showBrowserTitle(_ page: BrowserPage) {
    let subtitle = page.windowSubtitle
    if let browserTitle, String(cString: adw_window_title_get_subtitle(browserTitle)) != subtitle {
      adw_window_title_set_subtitle(browserTitle, subtitle)
    }
    let title = "\(page.file.name) · \(subtitle) — SwiftTableView"
    if let current = gtk_window_get_title(gtkWindow), String(cString: current) == title { return }
    gtk_window_set_title(gtkWindow, title)
  }

  func refreshStatus() {
    guard let current else { return }
    gtk_label_set_text(OpaquePointer(statusLabel), current.status())
  }
}
