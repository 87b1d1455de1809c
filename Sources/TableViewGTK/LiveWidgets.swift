import CGtk

/// Counts the GTK widgets the backend created that GTK has not yet finalised: a leak of widgets
/// (or of the Swift views that own them) shows as a count that keeps growing while scrolling.
///
/// Each widget is watched with a GObject weak reference, so the count falls only when GTK really
/// frees the widget.
public enum LiveWidgets {
  nonisolated(unsafe) private static var live = 0
  nonisolated(unsafe) private static var created = 0

  /// Widgets created through the backend and not yet finalised.
  public static var count: Int { live }
  /// Widgets ever created through the backend.
  public static var createdCount: Int { created }

  /// Starts counting `object` (a widget the backend just created); called on the main thread.
  static func track(_ object: UnsafeMutableRawPointer) {
    live += 1
    created += 1
    g_object_weak_ref(
      object.assumingMemoryBound(to: GObject.self),
      { _, _ in LiveWidgets.live -= 1 }, nil)
  }
}
