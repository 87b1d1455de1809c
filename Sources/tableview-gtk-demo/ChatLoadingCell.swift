import CGtk
import DemoData
import TableViewGTK

/// The row above the loaded messages while older ones remain: a page loads when the user comes
/// near it.
final class ChatLoadingCell: GTKView {
  init() {
    let label = gtk_label_new(ChatConversation.loadingTitle)!
    gtk_widget_add_css_class(label, "chat-loading")
    gtk_label_set_xalign(OpaquePointer(label), 0.5)
    super.init(widget: label, accessibleRole: GTK_ACCESSIBLE_ROLE_LIST_ITEM)
  }

  override func setSelected(_ selected: Bool, animated: Bool) {}
  override func setHighlighted(_ highlighted: Bool, animated: Bool) {}
}
