import CGtk
import DemoData
import TableViewCore
import TableViewGTK

/// A chat message as a bubble: the author and time over the text, wrapping. Other people's bubbles
/// sit on the left on grey, the user's own on the right in blue. A bubble is as wide as its text
/// (short replies make small bubbles) up to three quarters of the row.
///
/// The row lays its bubble out itself (a custom layout): self-sizing asks the bubble for its
/// natural width once and its height at the width it gets, as `GTKTableViewCell` does with its
/// labels.
final class ChatMessageCell: GTKView {
  let bubble: UnsafeMutablePointer<GtkWidget>
  let metaLabel: UnsafeMutablePointer<GtkWidget>
  let textLabel: UnsafeMutablePointer<GtkWidget>
  /// Whether the bubble is the user's own (on the right).
  private(set) var isMine = false
  /// The widest share of the row a bubble takes.
  static let widestShare = 0.78

  init() {
    let root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_widget_add_css_class(root, "chat-row")
    gtk_widget_set_layout_manager(root, gtk_custom_layout_new(nil, chatRowMeasure, chatRowAllocate))
    bubble = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
    gtk_widget_add_css_class(bubble, "chat-bubble")
    metaLabel = gtk_label_new(nil)!
    gtk_widget_add_css_class(metaLabel, "chat-meta")
    gtk_label_set_xalign(OpaquePointer(metaLabel), 0)
    gtk_label_set_single_line_mode(OpaquePointer(metaLabel), 1)
    gtk_label_set_ellipsize(OpaquePointer(metaLabel), PANGO_ELLIPSIZE_END)
    textLabel = gtk_label_new(nil)!
    gtk_widget_add_css_class(textLabel, "chat-text")
    let text = OpaquePointer(textLabel)
    gtk_label_set_xalign(text, 0)
    gtk_label_set_wrap(text, 1)
    // Words wrap; a word wider than the bubble breaks between characters (no overflow).
    gtk_label_set_wrap_mode(text, PANGO_WRAP_WORD_CHAR)
    gtk_label_set_natural_wrap_mode(text, GTK_NATURAL_WRAP_NONE)
    gtk_box_append(UnsafeMutableRawPointer(bubble).assumingMemoryBound(to: GtkBox.self), metaLabel)
    gtk_box_append(UnsafeMutableRawPointer(bubble).assumingMemoryBound(to: GtkBox.self), textLabel)
    gtk_widget_set_parent(bubble, root)
    super.init(widget: root, accessibleRole: GTK_ACCESSIBLE_ROLE_LIST_ITEM)
    g_object_set_data(gobject(root), Self.ownerKey, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    g_object_set_data(gobject(widget), Self.ownerKey, nil)
  }

  static let ownerKey = "chat-message-cell"

  static func owner(of widget: UnsafeMutablePointer<GtkWidget>?) -> ChatMessageCell? {
    guard let widget, let data = g_object_get_data(gobject(widget), ownerKey) else { return nil }
    return Unmanaged<ChatMessageCell>.fromOpaque(data).takeUnretainedValue()
  }

  /// Shows `message`; `isFirstUnread` marks the first message the user has not read.
  func show(_ message: ChatMessage, isFirstUnread: Bool) {
    setText(metaLabel, isFirstUnread ? message.title + " · first unread" : message.title)
    setText(textLabel, message.text)
    if message.isMine != isMine {
      isMine = message.isMine
      setCSSClass("mine", enabled: isMine)
      if isMine { gtk_widget_add_css_class(bubble, "mine") } else { gtk_widget_remove_css_class(bubble, "mine") }
    }
    if isFirstUnread {
      gtk_widget_add_css_class(bubble, "unread")
    } else {
      gtk_widget_remove_css_class(bubble, "unread")
    }
  }

  /// Shows a message still on its way from the database: "…" over "loading", on the left.
  func showPlaceholder() {
    setText(metaLabel, "…")
    setText(textLabel, "loading")
    if isMine {
      isMine = false
      setCSSClass("mine", enabled: false)
      gtk_widget_remove_css_class(bubble, "mine")
    }
    gtk_widget_remove_css_class(bubble, "unread")
  }

  /// Sets a label's text only when it changed (GTK measures again on every set).
  private func setText(_ label: UnsafeMutablePointer<GtkWidget>, _ text: String) {
    if let current = gtk_label_get_text(OpaquePointer(label)), String(cString: current) == text { return }
    gtk_label_set_text(OpaquePointer(label), text)
  }

  /// Messages are not selected: no selection look.
  override func setSelected(_ selected: Bool, animated: Bool) {}
  /// No highlight either.
  override func setHighlighted(_ highlighted: Bool, animated: Bool) {}

  /// The bubble's frame in a content box `width` wide: its width (its text's natural width, at most
  /// ``widestShare`` of the row) and height, on the left or (the user's own) on the right.
  func bubbleFrame(width: Int32) -> GtkAllocation {
    var minimum: Int32 = 0
    var natural: Int32 = 0
    gtk_widget_measure(bubble, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
    let widest = max(1, Int32(Double(width) * Self.widestShare))
    let bubbleWidth = min(width, max(minimum, min(natural, widest)))
    var minimumHeight: Int32 = 0
    var naturalHeight: Int32 = 0
    gtk_widget_measure(bubble, GTK_ORIENTATION_VERTICAL, bubbleWidth, &minimumHeight, &naturalHeight, nil, nil)
    return GtkAllocation(
      x: isMine ? width - bubbleWidth : 0, y: 0, width: bubbleWidth, height: max(minimumHeight, naturalHeight))
  }
}

private let chatRowMeasure: GtkCustomMeasureFunc = { widget, orientation, forSize, minimum, natural, _, _ in
  guard let cell = ChatMessageCell.owner(of: widget) else { return }
  if orientation == GTK_ORIENTATION_HORIZONTAL {
    minimum?.pointee = 0
    natural?.pointee = 320
  } else {
    let height = cell.bubbleFrame(width: forSize < 0 ? 320 : forSize).height
    minimum?.pointee = height
    natural?.pointee = height
  }
}

private let chatRowAllocate: GtkCustomAllocateFunc = { widget, width, _, _ in
  guard let cell = ChatMessageCell.owner(of: widget) else { return }
  var frame = cell.bubbleFrame(width: width)
  gtk_widget_size_allocate(cell.bubble, &frame, -1)
}
