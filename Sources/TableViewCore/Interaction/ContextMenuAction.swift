/// An action of a context menu (UIKit's `UIAction`): a title, how it looks, whether it is checked,
/// and what it does.
public struct ContextMenuAction {
  /// How an action looks and behaves (UIKit's `UIMenuElement.Attributes`).
  public struct Attributes: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    /// Creates attributes from their raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// It destroys something (drawn in red).
    public static let destructive = Attributes(rawValue: 1)
    /// It cannot be chosen now (drawn dimmed; choosing it does nothing).
    public static let disabled = Attributes(rawValue: 2)
  }

  /// The title.
  public var title: String
  /// How it looks.
  public var attributes: Attributes
  /// Whether it shows a check mark (UIKit's `state == .on`).
  public var isChecked: Bool
  /// What it does.
  public let handler: (ContextMenuAction) -> Void

  /// An action.
  public init(
    title: String, attributes: Attributes = [], isChecked: Bool = false, handler: @escaping (ContextMenuAction) -> Void
  ) {
    self.title = title
    self.attributes = attributes
    self.isChecked = isChecked
    self.handler = handler
  }

  /// Runs the handler, unless the action is disabled. Returns whether it ran.
  @discardableResult
  @_spi(Backend) public func perform() -> Bool {
    guard !attributes.contains(.disabled) else { return false }
    handler(self)
    return true
  }
}
