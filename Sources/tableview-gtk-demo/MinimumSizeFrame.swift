import CGtk
import TableViewGTK

/// A container that never gives its child less than the child's minimum size: a window resized below the
/// minimum of what it shows (which X allows when no window manager enforces the size hints, as under Xvfb) shows
/// the child's top-left part, clipped, instead of squeezing GTK's widgets into negative sizes, which floods
/// standard error with `gtk_widget_size_allocate(): attempt to allocate … with width -5` and
/// `gtk_widget_measure: assertion 'for_size >= -1' failed`.
enum MinimumSizeFrame {
  /// A frame around `child`, to put in a window in its place.
  static func wrapping(_ child: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
    let frame = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_widget_set_overflow(frame, GTK_OVERFLOW_HIDDEN)
    gtk_widget_set_layout_manager(frame, gtk_custom_layout_new(nil, frameMeasure, frameAllocate))
    gtk_box_append(UnsafeMutableRawPointer(frame).assumingMemoryBound(to: GtkBox.self), child)
    return frame
  }
}

/// The child's own measurement.
private let frameMeasure: GtkCustomMeasureFunc = { widget, orientation, forSize, minimum, natural, _, _ in
  guard let child = gtk_widget_get_first_child(widget) else { return }
  gtk_widget_measure(child, orientation, forSize, minimum, natural, nil, nil)
}

/// The child at the frame's size, or at its minimum size where the frame is smaller.
private let frameAllocate: GtkCustomAllocateFunc = { widget, width, height, baseline in
  guard let child = gtk_widget_get_first_child(widget) else { return }
  var minimumWidth: Int32 = 0
  gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, nil, nil, nil)
  let childWidth = max(width, minimumWidth)
  var minimumHeight: Int32 = 0
  gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, childWidth, &minimumHeight, nil, nil, nil)
  gtk_widget_allocate(child, childWidth, max(height, minimumHeight), baseline, nil)
}
