/// An action of a row's swipe actions (UIKit's `UIContextualAction`): a title, a style, and what to
/// do. The handler gets a completion to call with whether the action was performed (a swipe closes
/// either way; a destructive action usually deletes its row with an animation first).
///
///     let delete = ContextualAction(style: .destructive, title: "Delete") { _, done in
///       posts.remove(at: path.row)
///       try? table.deleteRows(at: [path], with: .automatic)
///       done(true)
///     }
public final class ContextualAction {
  /// How an action looks: UIKit's `UIContextualAction.Style`.
  public enum Style: Sendable, Hashable {
    /// An ordinary action.
    case normal
    /// An action that deletes or destroys something (drawn in red).
    case destructive
  }

  /// What an action does: the action, and a completion to call with whether it was performed.
  public typealias Handler = (ContextualAction, _ completion: @escaping (Bool) -> Void) -> Void

  /// How it looks.
  public let style: Style
  /// Its title.
  public var title: String?
  /// Its width in points when the table shows it, or nil for the table's `swipeActionWidth`.
  public var preferredWidth: Double?
  /// What it does.
  public let handler: Handler

  /// An action.
  public init(style: Style, title: String?, handler: @escaping Handler) {
    self.style = style
    self.title = title
    self.handler = handler
  }
}

/// The actions a swipe on a row reveals, nearest the swiped edge first (UIKit's
/// `UISwipeActionsConfiguration`).
public struct SwipeActionsConfiguration {
  /// The actions, the first one nearest the edge the row was swiped from.
  public var actions: [ContextualAction]
  /// Whether swiping the row all the way across performs the first action (UIKit's default: yes).
  public var performsFirstActionWithFullSwipe = true

  /// A configuration of `actions`.
  public init(actions: [ContextualAction]) {
    self.actions = actions
  }
}

extension TableView {
  /// A row's editing control (UIKit's `UITableViewCell.EditingStyle`).
  public enum EditingStyle: Sendable, Hashable {
    /// No control.
    case none
    /// A delete control (⊖).
    case delete
    /// An insert control (⊕).
    case insert
  }
}
