// Room reserved in a dictionary or set only when many keys are coming: the batch update's
// planning sizes its tables once for a large update (growing one rehashes every key it holds),
// and skips it for a small one, where the call (not specialised here) costs more than it saves.

extension Dictionary {
  /// Reserves room for `count` keys when they are more than 64.
  mutating func reserveIfLarge(_ count: Int) { if count > 64 { reserveCapacity(count) } }
}

extension Set {
  /// Reserves room for `count` members when they are more than 64.
  mutating func reserveIfLarge(_ count: Int) { if count > 64 { reserveCapacity(count) } }
}
