import CGtk

// GObject signals with Swift closures. GTK's g_signal_connect macro is not imported; these call
// g_signal_connect_data with a C thunk (no captured context) per signal shape, pass the closure in
// a retained box as user data, and release the box in the destroy notify when the handler is
// disconnected or the object finalised: no closure outlives its object, none leaks.

/// A Swift closure kept alive for a C callback.
final class ClosureBox<Function> {
  let function: Function
  init(_ function: Function) {
    self.function = function
    Signals.liveClosures += 1
  }
  deinit { Signals.liveClosures -= 1 }
}

/// Releases a `ClosureBox` when GLib drops the handler.
private let releaseBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// Connects a C `handler` to `signal` on `instance`, with `function` boxed as its user data.
private func connectBoxed<Function>(
  _ instance: UnsafeMutableRawPointer, _ signal: String, _ function: Function, _ handler: GCallback
) -> UInt {
  let box = Unmanaged.passRetained(ClosureBox(function) as AnyObject).toOpaque()
  return g_signal_connect_data(instance, signal, handler, box, releaseBox, GConnectFlags(rawValue: 0))
}

/// The boxed closure behind a user-data pointer.
private func unbox<Function>(_ data: gpointer?, as: Function.Type) -> Function {
  (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! ClosureBox<Function>).function
}

/// Connects Swift closures to GObject signals, for the signal shapes a table view needs. The closure
/// runs on the main thread (GTK's); it is released when the object is finalised.
///
///     Signals.connect(button, "clicked") { print("clicked") }
public enum Signals {
  /// Closures connected to signals and not yet released (they go when their object is finalised or
  /// the handler disconnected): a leak shows as a count that keeps growing.
  nonisolated(unsafe) public internal(set) static var liveClosures = 0

  /// `void handler(instance, user_data)`: "clicked", "value-changed", "scroll-end", "after-paint".
  @discardableResult
  public static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping () -> Void)
    -> UInt
  {
    typealias Thunk = @convention(c) (gpointer?, gpointer?) -> Void
    let thunk: Thunk = { _, data in unbox(data, as: (() -> Void).self)() }
    return connectBoxed(instance, signal, body, unsafeBitCast(thunk, to: GCallback.self))
  }

  /// `void handler(instance, gpointer, user_data)`: a list item factory's "setup" and "bind", a
  /// gesture's "cancel".
  @discardableResult
  public static func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping (UnsafeMutableRawPointer?) -> Void
  ) -> UInt {
    typealias Thunk = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
    let thunk: Thunk = { _, object, data in unbox(data, as: ((UnsafeMutableRawPointer?) -> Void).self)(object) }
    return connectBoxed(instance, signal, body, unsafeBitCast(thunk, to: GCallback.self))
  }

  /// `void handler(instance, double, double, user_data)`: "drag-begin", "drag-update", "drag-end",
  /// "motion".
  @discardableResult
  public static func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping (Double, Double) -> Void
  ) -> UInt {
    typealias Thunk = @convention(c) (gpointer?, Double, Double, gpointer?) -> Void
    let thunk: Thunk = { _, a, b, data in unbox(data, as: ((Double, Double) -> Void).self)(a, b) }
    return connectBoxed(instance, signal, body, unsafeBitCast(thunk, to: GCallback.self))
  }

  /// `void handler(instance, int, double, double, user_data)`: a click gesture's "pressed" and "released".
  @discardableResult
  public static func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping (Int32, Double, Double) -> Void
  ) -> UInt {
    typealias Thunk = @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void
    let thunk: Thunk = { _, n, a, b, data in unbox(data, as: ((Int32, Double, Double) -> Void).self)(n, a, b) }
    return connectBoxed(instance, signal, body, unsafeBitCast(thunk, to: GCallback.self))
  }

  /// `gboolean handler(instance, user_data)`: "close-request".
  @discardableResult
  public static func connectHandled(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping () -> Bool
  ) -> UInt {
    typealias Thunk = @convention(c) (gpointer?, gpointer?) -> gboolean
    let thunk: Thunk = { _, data in unbox(data, as: (() -> Bool).self)() ? 1 : 0 }
    return connectBoxed(instance, signal, body, unsafeBitCast(thunk, to: GCallback.self))
  }

  /// `gboolean handler(instance, double, double, user_data)`: "scroll".
  @discardableResult
  public static func connectHandled(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping (Double, Double) -> Bool
  ) -> UInt {
    typealias Thunk = @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean
    let thunk: Thunk = { _, a, b, data in unbox(data, as: ((Double, Double) -> Bool).self)(a, b) ? 1 : 0 }
    return connectBoxed(instance, signal, body, unsafeBitCast(thunk, to: GCallback.self))
  }

  /// `gboolean handler(instance, guint keyval, guint keycode, GdkModifierType, user_data)`:
  /// "key-pressed".
  @discardableResult
  public static func connectKey(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping (UInt32, GdkModifierType) -> Bool
  ) -> UInt {
    typealias Thunk = @convention(c) (gpointer?, UInt32, UInt32, GdkModifierType, gpointer?) -> gboolean
    let thunk: Thunk = { _, keyval, _, state, data in
      unbox(data, as: ((UInt32, GdkModifierType) -> Bool).self)(keyval, state) ? 1 : 0
    }
    return connectBoxed(instance, signal, body, unsafeBitCast(thunk, to: GCallback.self))
  }
}

/// A GObject-derived pointer of any C type as `gpointer` (GTK's casts are macros Swift cannot import).
@inline(__always)
public func gpointerOf<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutableRawPointer {
  UnsafeMutableRawPointer(pointer)
}

/// An opaque GTK pointer as `gpointer`.
@inline(__always)
public func gpointerOf(_ pointer: OpaquePointer) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

/// A GObject-derived pointer as `GObject *`.
@inline(__always)
public func gobject<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GObject> {
  UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GObject.self)
}
