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
  /// The identifier looked up last and its slot: a table dequeues one identifier again and again,
  /// and comparing it costs less than hashing it.
  private var lastIdentifier = ""
  private var lastSlot = -1
  /// The view the latest `dequeueOrMake` handed out, until the next enqueue or `takeFresh` (held
  /// strongly, so that no other object can take its address meanwhile).
  private var handedOut: (any ReusableView)?
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
    guard let slot = lookUp(identifier), let view = slots[slot].views.popLast() else { return nil }
    reusedCount += 1
    view.prepareForReuse()
    return view
  }

  /// A pooled view, or a new one from the registered factory; `nil` only when nothing is registered.
  /// - Complexity: O(1) plus the factory's cost.
  mutating func dequeueOrMake(_ identifier: String) -> (any ReusableView)? {
    if let view = dequeue(identifier) {
      handedOut = view
      return view
    }
    guard let slot = lookUp(identifier), let factory = slots[slot].factory else { return nil }
    let view = factory()
    view.reuseIdentifier = identifier
    createdCount += 1
    handedOut = view
    return view
  }

  /// Whether `view` is the one the latest `dequeueOrMake` handed out with no enqueue since: such
  /// a view is neither pooled nor shown, so the checks of a data source's cell can be skipped.
  /// Forgets it (a second call for the same view says `false`).
  /// - Complexity: O(1)
  mutating func takeFresh(_ view: any ReusableView) -> Bool {
    guard let fresh = handedOut, fresh === view else { return false }
    handedOut = nil
    return true
  }

  /// The slot of `identifier`, if it has one.
  @inline(__always) private mutating func lookUp(_ identifier: String) -> Int? {
    if lastSlot >= 0, identifier == lastIdentifier { return lastSlot }
    guard let slot = slotByIdentifier[identifier] else { return nil }
    lastIdentifier = identifier
    lastSlot = slot
    return slot
  }

  /// Returns a view to the pool (views without an identifier are dropped).
  /// - Complexity: amortized O(1)
  mutating func enqueue(_ view: any ReusableView) {
    handedOut = nil
    guard let identifier = view.reuseIdentifier else { return }
    slots[lookUp(identifier) ?? slot(identifier)].views.append(view)
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
    handedOut = nil
    for i in slots.indices { slots[i].views.removeAll() }
  }
}
