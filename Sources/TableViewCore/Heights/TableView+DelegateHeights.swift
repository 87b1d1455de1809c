// The delegate's optional height methods are requirements of `TableViewDelegate` with defaults, so a
// delegate that writes `heightForRowAt` as in UIKit has it called. Swift cannot ask whether a
// method was implemented, so each default says so itself: it marks the table and returns the
// table's own value. The first call the table makes anyway after a reload (or a new delegate)
// tells it, and from then on it never calls a method the delegate lacks: without row heights the
// fixed-height rows stay one arithmetic run, and no row is asked just to learn that.

/// The delegate's optional height methods, each learned once per reload.
struct DelegateHeightMethods: OptionSet {
  let rawValue: UInt8
  static let rowHeight = Self(rawValue: 1)
  static let estimatedRowHeight = Self(rawValue: 2)
  static let headerHeight = Self(rawValue: 4)
  static let footerHeight = Self(rawValue: 8)
}

/// What the table has learned about its delegate's height methods since the last reload.
struct DelegateHeightCapabilities {
  /// Methods whose first call has been answered.
  var known: DelegateHeightMethods = []
  /// Of those, the ones the delegate implements.
  var implemented: DelegateHeightMethods = []
  /// Defaults that ran since the table last looked: the delegate lacks those methods.
  var defaultsCalled: DelegateHeightMethods = []
  /// How many times a default ran: at most once per method per reload.
  var defaultCalls = 0

  /// Whether the delegate may implement `method`: true until its first call says otherwise.
  func mayImplement(_ method: DelegateHeightMethods) -> Bool {
    !known.contains(method) || implemented.contains(method)
  }
}

extension TableView {
  /// Called by the defaults of `TableViewDelegate`'s height methods.
  func delegateUsedDefault(_ method: DelegateHeightMethods) {
    heights.delegateMethods.defaultsCalled.insert(method)
    heights.delegateMethods.defaultCalls += 1
  }

  /// Forgets what was learned (a reload, or a new delegate).
  func forgetDelegateHeightMethods() {
    heights.delegateMethods = DelegateHeightCapabilities(defaultCalls: heights.delegateMethods.defaultCalls)
  }

  /// Calls one of the delegate's height methods unless it is known to lack it; `nil` when it does.
  /// The first call after a reload learns whether it is implemented.
  @inline(__always)
  func askDelegate(_ method: DelegateHeightMethods, _ call: (any TableViewDelegate) -> Double) -> Double? {
    // The capability first: a method known to be missing costs no load of the weak delegate.
    guard heights.delegateMethods.mayImplement(method), let delegate else { return nil }
    if heights.delegateMethods.known.contains(method) { return askingDataSource { call(delegate) } }
    heights.delegateMethods.defaultsCalled.remove(method)
    let value = askingDataSource { call(delegate) }
    let implemented = !heights.delegateMethods.defaultsCalled.contains(method)
    heights.delegateMethods.defaultsCalled.remove(method)
    heights.delegateMethods.known.insert(method)
    if implemented { heights.delegateMethods.implemented.insert(method) }
    return implemented ? value : nil
  }

  /// The delegate's height for the row, or `nil` when it gives no row heights.
  func delegateHeight(forRowAt path: IndexPath) -> Double? {
    askDelegate(.rowHeight) { $0.tableView(self, heightForRowAt: path) }
  }

  /// The delegate's estimate for the row, or `nil` when it gives no per-row estimates.
  func delegateEstimatedHeight(forRowAt path: IndexPath) -> Double? {
    askDelegate(.estimatedRowHeight) { $0.tableView(self, estimatedHeightForRowAt: path) }
  }

  /// The delegate's height for the header of `section`, or `nil` when it gives none.
  func delegateHeight(forHeaderInSection section: Int) -> Double? {
    askDelegate(.headerHeight) { $0.tableView(self, heightForHeaderInSection: section) }
  }

  /// The delegate's height for the footer of `section`, or `nil` when it gives none.
  func delegateHeight(forFooterInSection section: Int) -> Double? {
    askDelegate(.footerHeight) { $0.tableView(self, heightForFooterInSection: section) }
  }

  /// The delegate, unless it is known to give no row heights.
  var rowHeights: (any TableViewDelegate)? {
    heights.delegateMethods.mayImplement(.rowHeight) ? delegate : nil
  }

  /// The delegate, unless it is known to give no per-row estimates.
  var estimatedRowHeights: (any TableViewDelegate)? {
    heights.delegateMethods.mayImplement(.estimatedRowHeight) ? delegate : nil
  }
}
