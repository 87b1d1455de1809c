/// The demo's keyboard-shortcuts window (GTK's `GtkShortcutsWindow`, opened with Ctrl-? or from the header bar's
/// menu): every key the window, the tables, the feed's search and the date picker answer to.
enum ShortcutsWindow {
  /// One shortcut: its accelerators (GTK's syntax, alternatives separated by spaces) and what it does.
  typealias Shortcut = (accelerator: String, title: String)

  /// The groups of the window, in order.
  static let groups: [(title: String, shortcuts: [Shortcut])] = [
    (
      "General",
      [
        ("<Control>question", "Keyboard shortcuts"), ("1 2 3 4 5", "Feed, fixed rows, looping list, date picker, chat"),
        ("Tab <Shift>Tab", "The next or previous control: the header bar, the page's buttons, the list, the entries"),
        ("<Control>w", "Close the window"), ("<Control>q", "Quit"),
      ]
    ),
    (
      "Lists",
      [
        ("Up Down", "Move the focus (with Shift: extend the selection)"), ("Page_Up Page_Down", "Move a page"),
        ("Home End", "First or last row"), ("bracketleft bracketright", "Previous or next section"),
        ("Return space", "Select the focused row"), ("Escape", "Cancel (close a swipe, put a held row back)"),
        ("Delete", "The row's editing control in edit mode"), ("m", "Pick the row up to move it (Up, Down, Return)"),
        ("Menu <Shift>F10", "The row's context menu"),
        ("s Left Right", "The row's swipe actions (then Left, Right or Tab choose one, Return performs it)"),
      ]
    ),
    (
      "Feed",
      [
        ("<Control>e", "Edit mode on or off"), ("<Control>n", "New post"),
        ("slash <Control>f", "Search the posts (the database feed)"),
        ("Down", "From the search into the results"), ("Escape", "Leave the search"),
      ]
    ),
    (
      "SQLite browser (--open)",
      [
        ("<Control>f", "Filter the rows by their text (or start typing on the rows)"),
        ("<Control>l <Control>g", "Go to a row by number"), ("Return", "The focused cell's whole value"),
        ("Left Right", "The column cursor"), ("Escape", "Clear the filter, then back to the tables"),
      ]
    ),
    (
      "Date picker",
      [("Left Right", "Year, month or day"), ("Up Down", "The previous or next value"), ("Page_Up Page_Down", "Five")]
    ),
  ]

  /// The window as GtkBuilder XML (its object id "shortcuts").
  static var xml: String {
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <interface>
        <object class="GtkShortcutsWindow" id="shortcuts">
          <property name="modal">1</property>
          <property name="title">Keyboard Shortcuts</property>
          <child>
            <object class="GtkShortcutsSection">
              <property name="section-name">shortcuts</property>
              <property name="max-height">12</property>

      """
    for group in groups {
      text += """
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">\(escaped(group.title))</property>

        """
      for shortcut in group.shortcuts {
        text += """
                      <child>
                        <object class="GtkShortcutsShortcut">
                          <property name="accelerator">\(escaped(shortcut.accelerator))</property>
                          <property name="title">\(escaped(shortcut.title))</property>
                        </object>
                      </child>

          """
      }
      text += """
                  </object>
                </child>

        """
    }
    text += """
            </object>
          </child>
        </object>
      </interface>
      """
    return text
  }

  /// `text` with XML's special characters escaped.
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
