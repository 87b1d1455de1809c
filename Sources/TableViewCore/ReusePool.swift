/// Views waiting to be reused, keyed by reuse identifier, with the factories that make new ones.
///
/// Dequeue and enqueue are O(1) (a dictionary lookup and an array push/pop). The pool is
/// bounded per identifier: `trim(toAtMost:)` drops surplus views, so a viewport that shrinks
/// does not hoard cells.
struct ReusePool {
  private struct Slot {
    var factory: (() -> any ReusableView)?
    var views: ContiguousArray<any ReusableView> = []
  }
  private var slotByIdentifier: [String: Int] = [:]
  private var slots: ContiguousArray<Slot> = []
  /// Views made by factories so far.
  private(set) var createdCount = 0
  /// Dequeues served from the pool.
  private(set) var reusedCount = 0

  /// Creates an empty pool.
  init() {}

  /// Registers how to make a view for `identifier` (replacing an earlier registration).
  mutating func register(_ factory: @escaping () -> any ReusableView, for identifier: String) {
    slots[slot(identifier)].factory = factory
  }

  private mutating func slot(_ identifier: String) -> Int {
    if let slot = slotByIdentifier[identifier] { return slot }
    slots.append(Slot())
    slotByIdentifier[identifier] = slots.count - 1
    return slots.count - 1
  }

  /// Whether a factory is registered for `identifier`.
  func isRegistered(_ identifier: String) -> Bool {
    slotByIdentifier[identifier].map { slots[$0].factory != nil } ?? false
  }

  /// A pooled view for `identifier` (after `prepareForReuse()`), or `nil` when none is waiting.
  /// - Complexity: O(1)
  mutating func dequeue(_ identifier: String) -> (any ReusableView)? {
    guard let slot = slotByIdentifier[identifier], let view = slots[slot].views.popLast() else { return nil }
    reusedCount += 1
    view.prepareForReuse()
    return view
  }

  /// A pooled view, or a new one from the registered factory; `nil` only when nothing is registered.
  /// - Complexity: O(1) plus the factory's cost.
  mutating func dequeueOrMake(_ identifier: String) -> (any ReusableView)? {
    if let view = dequeue(identifier) { return view }
    guard let slot = slotByIdentifier[identifier], let factory = slots[slot].factory else { return nil }
    let view = factory()
    view.reuseIdentifier = identifier
    createdCount += 1
    return view
  }

  /// Returns a view to the pool (views without an identifier are dropped).
  /// - Complexity: amortized O(1)
  mutating func enqueue(_ view: any ReusableView) {
    guard let identifier = view.reuseIdentifier else { return }
    slots[slot(identifier)].views.append(view)
  }

  /// Whether `view` is waiting in the pool (a data source must not hand it out twice).
  /// - Complexity: O(pooled views for its identifier)
  func contains(_ view: any ReusableView) -> Bool {
    guard let identifier = view.reuseIdentifier, let slot = slotByIdentifier[identifier] else { return false }
    return slots[slot].views.contains { $0 === view }
  }

  /// Drops pooled views beyond `limit` per identifier.
  /// - Complexity: O(identifiers + views dropped)
  mutating func trim(toAtMost limit: Int) {
    for i in slots.indices where slots[i].views.count > limit {
      slots[i].views.removeLast(slots[i].views.count - limit)
    }
  }

  /// Every pooled view, all identifiers together (for invariant checks).
  /// - Complexity: O(pooled views)
  var allViews: [any ReusableView] { slots.flatMap(\.views) }

  /// The number of pooled views, all identifiers together.
  /// - Complexity: O(identifiers)
  var count: Int { slots.reduce(0) { $0 + $1.views.count } }

  /// Empties the pool (factories stay).
  /// - Complexity: O(pooled views)
  mutating func removeAll() {
    for i in slots.indices { slots[i].views.removeAll() }
  }
}
