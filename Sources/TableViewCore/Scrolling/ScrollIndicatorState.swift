/// When an overlay scroll indicator shows, widens and fades: the rules of GNOME's overlay scrollbars (and of
/// UIKit's scroll indicators, which also appear on a scroll and fade when it stops), kept in one place for every
/// backend.
///
/// The indicator is drawn over the content's edge and is invisible at rest. A scroll, or the pointer moving over
/// the table, fades it in. It fades out again `fadeOutDelay` seconds after it was shown or last scrolled, unless
/// the pointer is on it or near it (then it is *hovering*: drawn wide enough to grab, and kept). A pointer moving
/// with a button held over the content (a drag of the rows) is not hovering; one that pressed on the indicator
/// keeps it while it drags. Times are seconds on the table's clock; the fades ease out over `fadeDuration`.
///
/// Every mutation says whether what is drawn changed; `nextDeadline(at:)` says when to call `update(at:)` next.
@_spi(Backend) public struct ScrollIndicatorState: Sendable, Equatable {
  /// Seconds from the last scroll (or from being shown) to the start of the fade-out by default: GTK's 2 s.
  public static let defaultFadeOutDelay = 2.0
  /// Seconds from the last scroll (or from being shown) to the start of the fade-out.
  public let fadeOutDelay: Double
  /// Seconds a fade in or out takes: GTK's 1 s.
  public static let fadeDuration = 1.0
  /// Seconds the pointer stays near the indicator before it widens (a pointer passing by does not widen it).
  public static let hoverDelay = 0.03
  /// How near the pointer must come to widen the indicator, in pixels; once wide, how far it may go and keep it.
  public static let closeDistance = 5.0
  public static let farDistance = 10.0

  /// Whether the pointer is on or near the indicator, or dragging it: it is drawn wide and does not fade.
  public private(set) var isHovering = false
  /// The opacity the indicator fades towards (0 or 1).
  public private(set) var targetOpacity = 0.0
  /// When the indicator was last scrolled or shown.
  private var lastActivity = -Double.infinity
  /// The fade under way: from `fadeFrom` at `fadeStart` towards `targetOpacity`.
  private var fadeFrom = 0.0
  private var fadeStart = -Double.infinity
  /// Since when the pointer has been near the indicator without widening it yet.
  private var nearSince: Double?

  /// An indicator at rest: invisible. It fades out `fadeOutDelay` seconds after a scroll (NaN, negative or
  /// infinite: the default; at most an hour).
  public init(fadeOutDelay: Double = defaultFadeOutDelay) {
    self.fadeOutDelay = fadeOutDelay.isFinite && fadeOutDelay >= 0 ? min(fadeOutDelay, 3_600) : Self.defaultFadeOutDelay
  }

  /// The indicator's opacity at `now`, 0 (invisible) to 1.
  public func opacity(at now: Double) -> Double {
    let elapsed = Self.finite(now) - fadeStart
    guard elapsed < Self.fadeDuration else { return targetOpacity }
    let progress = max(0, elapsed) / Self.fadeDuration
    let remaining = 1 - progress
    let eased = 1 - remaining * remaining * remaining
    return fadeFrom + (targetOpacity - fadeFrom) * eased
  }

  /// Whether a fade is under way at `now` (the backend redraws every frame until it ends).
  public func isFading(at now: Double) -> Bool {
    Self.finite(now) - fadeStart < Self.fadeDuration && opacity(at: now) != targetOpacity
  }

  /// When the fade under way at `now` ends (`nil` when none is): a backend that draws it frame by frame also wakes
  /// then, so the end is drawn even when frames stall.
  public func fadeEnd(at now: Double) -> Double? {
    isFading(at: now) ? fadeStart + Self.fadeDuration : nil
  }

  /// The content scrolled: the indicator fades in (if it is not in) and stays `fadeOutDelay` more.
  public mutating func scrolled(at now: Double) {
    let now = Self.finite(now)
    update(at: now)
    lastActivity = now
    fade(to: 1, at: now)
  }

  /// The pointer moved over the table, `distance` pixels from the indicator across its length (0 or less: on
  /// it), with a button held or not. The indicator fades in and, near enough, widens.
  public mutating func pointerMoved(distance: Double, buttonHeld: Bool, at now: Double) {
    let now = Self.finite(now)
    update(at: now)
    if targetOpacity == 0 { lastActivity = now }
    fade(to: 1, at: now)
    let distance = distance.isNaN ? .infinity : distance
    if buttonHeld {
      // A drag keeps what it started on: the indicator's thumb, or the rows.
      nearSince = nil
    } else if distance <= 0 {
      nearSince = nil
      isHovering = true
    } else if distance <= (isHovering ? Self.farDistance : Self.closeDistance) {
      if !isHovering && nearSince == nil { nearSince = now }
    } else {
      nearSince = nil
      isHovering = false
    }
    update(at: now)
  }

  /// The pointer left the table.
  public mutating func pointerLeft(at now: Double) {
    nearSince = nil
    isHovering = false
    update(at: now)
  }

  /// Applies what time does (every event applies it before and after its change, so a late timer changes nothing
  /// and `nextDeadline(at:)` is never before the last event): a pointer that stayed near widens the indicator; past the delay, one that is not
  /// hovering starts fading out.
  public mutating func update(at now: Double) {
    let now = Self.finite(now)
    // The deadlines' own sums: a timer that fires exactly at `nextDeadline(at:)` finds the rule due.
    if let since = nearSince, now >= since + Self.hoverDelay {
      nearSince = nil
      isHovering = true
    }
    if targetOpacity != 0, !isHovering, now >= lastActivity + fadeOutDelay {
      fade(to: 0, at: now)
    }
  }

  /// When `update(at:)` must run next (the pointer's hover delay or the fade-out's start), or `nil` when only an
  /// event can change anything. A fade under way also needs a frame each (`isFading(at:)`).
  public func nextDeadline(at now: Double) -> Double? {
    var deadline: Double?
    if let since = nearSince { deadline = since + Self.hoverDelay }
    if targetOpacity != 0, !isHovering {
      let fadeOut = lastActivity + fadeOutDelay
      deadline = min(deadline ?? fadeOut, fadeOut)
    }
    return deadline
  }

  private mutating func fade(to target: Double, at now: Double) {
    guard target != targetOpacity else { return }
    fadeFrom = opacity(at: now)
    fadeStart = now
    targetOpacity = target
  }

  /// A clock reading that is not a number counts as the start of time (never a crash, never stuck).
  private static func finite(_ time: Double) -> Double { time.isFinite ? time : 0 }
}
