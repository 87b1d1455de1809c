import SeededRandom
@_spi(Backend) import TableViewCore
import Testing

/// The scrollbar's thumb: exact while the offset and the range agree, monotonic when they do not, exact
/// at both ends.
@Suite("ScrollbarMapping")
struct ScrollbarMappingTests {
  @Test("a new mapping has the thumb at the top")
  func startsAtTop() {
    #expect(ScrollbarMapping().fraction == 0)
  }

  @Test("in sync, following a scroll puts the thumb at offset / range")
  func inSyncFollowsOffset() {
    var mapping = ScrollbarMapping()
    var offset = 0.0
    let maximum = 10_000.0
    for delta in [64.0, 64, 130, 7.5, 1000, -300, -64, 2500, -1, 4000] {
      offset += delta
      mapping.follow(visualDelta: delta, offset: offset, minimum: 0, maximum: maximum)
      #expect(abs(mapping.fraction - offset / maximum) < 1e-12, "offset \(offset)")
    }
  }

  @Test("in sync with a range that does not start at 0")
  func inSyncWithMinimum() {
    var mapping = ScrollbarMapping()
    let (minimum, maximum) = (-40.0, 960.0)
    mapping.follow(visualDelta: 0, offset: minimum, minimum: minimum, maximum: maximum)
    var offset = minimum
    for delta in [250.0, 250, -100, 350] {
      offset += delta
      mapping.follow(visualDelta: delta, offset: offset, minimum: minimum, maximum: maximum)
      #expect(abs(mapping.fraction - (offset - minimum) / (maximum - minimum)) < 1e-12)
    }
  }

  @Test("rows measured below the screen grow the range, and the thumb stays where it is")
  func rangeGrowsBelow() {
    var mapping = ScrollbarMapping()
    mapping.follow(visualDelta: 500, offset: 500, minimum: 0, maximum: 2000)
    let before = mapping.fraction
    #expect(before == 0.25)
    for maximum in [2100.0, 2600, 4000, 1_000_000] {
      mapping.follow(visualDelta: 0, offset: 500, minimum: 0, maximum: maximum)
      #expect(mapping.fraction == before)
    }
  }

  @Test("rows measured above the screen correct the offset, and the thumb stays where it is")
  func correctionAbove() {
    var mapping = ScrollbarMapping()
    mapping.follow(visualDelta: 500, offset: 500, minimum: 0, maximum: 2000)
    let before = mapping.fraction
    // The rows above were taller than estimated: offset and range both grow, nothing visibly moved.
    mapping.follow(visualDelta: 0, offset: 640, minimum: 0, maximum: 2140)
    #expect(mapping.fraction == before)
    // Shorter than estimated.
    mapping.follow(visualDelta: 0, offset: 420, minimum: 0, maximum: 1920)
    #expect(mapping.fraction == before)
  }

  @Test("after the range changed, scrolling to either end still ends exactly at 1 or 0")
  func convergesToEnds() {
    var mapping = ScrollbarMapping()
    var offset = 0.0
    var maximum = 5000.0
    for _ in 0..<10 {
      offset += 100
      maximum += 37  // measured rows turn out taller than estimated
      mapping.follow(visualDelta: 100, offset: offset, minimum: 0, maximum: maximum)
    }
    while offset < maximum {
      let delta = min(300, maximum - offset)
      offset += delta
      mapping.follow(visualDelta: delta, offset: offset, minimum: 0, maximum: maximum)
      #expect(offset == maximum || mapping.fraction < 1)
    }
    #expect(mapping.fraction == 1)
    while offset > 0 {
      let delta = min(450, offset)
      offset -= delta
      maximum -= 11
      mapping.follow(visualDelta: -delta, offset: offset, minimum: 0, maximum: maximum)
      #expect(offset == 0 || mapping.fraction > 0)
    }
    #expect(mapping.fraction == 0)
  }

  @Test("reaching the maximum gives exactly 1, the minimum exactly 0, even from far out of sync")
  func exactEnds() {
    var mapping = ScrollbarMapping()
    mapping.jump(to: 0.1)
    mapping.follow(visualDelta: 10, offset: 900, minimum: 0, maximum: 900)
    #expect(mapping.fraction == 1)
    mapping.follow(visualDelta: -5, offset: 950, minimum: 0, maximum: 900)  // past the end (a bounce)
    #expect(mapping.fraction == 1)
    mapping.jump(to: 0.9)
    mapping.follow(visualDelta: -10, offset: 0, minimum: 0, maximum: 900)
    #expect(mapping.fraction == 0)
    mapping.follow(visualDelta: 5, offset: -30, minimum: 0, maximum: 900)  // above the top
    #expect(mapping.fraction == 0)
  }

  @Test("no range (content shorter than the viewport) or a non-finite offset puts the thumb at the top")
  func degenerate() {
    var mapping = ScrollbarMapping()
    mapping.jump(to: 0.5)
    mapping.follow(visualDelta: 10, offset: 10, minimum: 0, maximum: 0)
    #expect(mapping.fraction == 0)
    mapping.jump(to: 0.5)
    mapping.follow(visualDelta: 10, offset: .nan, minimum: 0, maximum: 100)
    #expect(mapping.fraction == 0)
    mapping.jump(to: 0.5)
    mapping.follow(visualDelta: .infinity, offset: 50, minimum: 0, maximum: 100)
    #expect(mapping.fraction == 0)
  }

  @Test("scrolling down never moves the thumb up, scrolling up never moves it down (randomized)")
  func monotonicModel() {
    var random = SplitMix64(seed: 0x5EED_7AB1E)
    for run in 0..<200 {
      var mapping = ScrollbarMapping()
      var maximum = Double.random(in: 1000...200_000, using: &random)
      var offset = 0.0
      for frame in 0..<400 {
        let before = mapping.fraction
        // Rows measured this frame: below the screen (the range changes) or above it (the offset is
        // corrected by the same amount as the range; nothing visibly moves).
        var correction = 0.0
        switch Int.random(in: 0..<4, using: &random) {
        case 0: maximum = max(100, maximum + Double.random(in: -2000...6000, using: &random))
        case 1:
          correction = Double.random(in: -300...600, using: &random)
          if offset + correction <= 0 { correction = 0 }
          maximum = max(100, maximum + correction)
        default: break
        }
        // The user's scroll this frame (often none).
        var delta = 0.0
        if Bool.random(using: &random) {
          delta = Double.random(in: -800...800, using: &random)
          if Int.random(in: 0..<50, using: &random) == 0 { delta *= 100 }  // a fling's long frame
        }
        let target = min(max(offset + correction + delta, 0), maximum)
        delta = target - offset - correction  // what is visible of the scroll after clamping
        offset = target
        mapping.follow(visualDelta: delta, offset: offset, minimum: 0, maximum: maximum)
        let after = mapping.fraction
        let context = Comment(rawValue: "run \(run) frame \(frame): \(before) → \(after), delta \(delta)")
        #expect(after >= 0 && after <= 1, context)
        if offset >= maximum {
          #expect(after == 1, context)
        } else if offset <= 0 {
          #expect(after == 0, context)
        } else if delta > 0 {
          #expect(after >= before, context)
        } else if delta < 0 {
          #expect(after <= before, context)
        } else {
          #expect(after == before, context)
        }
      }
    }
  }

  @Test("jump(to:) puts the thumb where the user put it, clamped to 0…1")
  func jumpClamps() {
    var mapping = ScrollbarMapping()
    mapping.jump(to: 0.3)
    #expect(mapping.fraction == 0.3)
    mapping.jump(to: 1.5)
    #expect(mapping.fraction == 1)
    mapping.jump(to: -0.2)
    #expect(mapping.fraction == 0)
    mapping.jump(to: .nan)
    #expect(mapping.fraction == 0)
    mapping.jump(to: .infinity)
    #expect(mapping.fraction == 0)
  }

  @Test("a thumb in the middle stands for the middle of the content by height")
  func offsetForFraction() {
    #expect(ScrollbarMapping.offset(forFraction: 0.5, minimum: 0, maximum: 72_000_000) == 36_000_000)
    #expect(ScrollbarMapping.offset(forFraction: 0.5, minimum: 100, maximum: 1100) == 600)
    #expect(ScrollbarMapping.offset(forFraction: 0, minimum: 100, maximum: 1100) == 100)
    #expect(ScrollbarMapping.offset(forFraction: 1, minimum: 100, maximum: 1100) == 1100)
    #expect(ScrollbarMapping.offset(forFraction: 0.25, minimum: -200, maximum: 200) == -100)
    // Clamped.
    #expect(ScrollbarMapping.offset(forFraction: 2, minimum: 100, maximum: 1100) == 1100)
    #expect(ScrollbarMapping.offset(forFraction: -1, minimum: 100, maximum: 1100) == 100)
    // No range: the minimum.
    #expect(ScrollbarMapping.offset(forFraction: 0.7, minimum: 300, maximum: 200) == 300)
  }

  @Test("jumping and then following agree: the thumb stays where the jump put it")
  func jumpThenFollow() {
    var mapping = ScrollbarMapping()
    let (minimum, maximum) = (0.0, 4000.0)
    mapping.jump(to: 0.5)
    let offset = ScrollbarMapping.offset(forFraction: 0.5, minimum: minimum, maximum: maximum)
    mapping.follow(visualDelta: 0, offset: offset, minimum: minimum, maximum: maximum)
    #expect(mapping.fraction == 0.5)
    mapping.follow(visualDelta: 400, offset: offset + 400, minimum: minimum, maximum: maximum)
    #expect(abs(mapping.fraction - 0.6) < 1e-12)
  }

  @Test("moving the thumb: the inverse of follow, small for a small move even out of sync, exact at the ends")
  func thumbMoves() {
    // In sync at 0.25 of 0…10,000: a move to 0.5 is the middle by height.
    #expect(
      ScrollbarMapping.offset(movingThumbFrom: 0.25, to: 0.5, offset: 2_500, minimum: 0, maximum: 10_000) == 5_000)
    // Out of sync (thumb 0.5, content at 9,000 of 10,000): a 1% move of the thumb is a small scroll
    // towards the end it moves to, not a jump back to the middle.
    let down = ScrollbarMapping.offset(movingThumbFrom: 0.5, to: 0.51, offset: 9_000, minimum: 0, maximum: 10_000)
    #expect(down > 9_000 && down < 9_100, "\(down)")
    let up = ScrollbarMapping.offset(movingThumbFrom: 0.5, to: 0.49, offset: 9_000, minimum: 0, maximum: 10_000)
    #expect(up < 9_000 && up > 8_500, "\(up)")
    #expect(ScrollbarMapping.offset(movingThumbFrom: 0.3, to: 1, offset: 10, minimum: 0, maximum: 500) == 500)
    #expect(ScrollbarMapping.offset(movingThumbFrom: 0.3, to: 0, offset: 10, minimum: -20, maximum: 500) == -20)
    #expect(ScrollbarMapping.offset(movingThumbFrom: 0.3, to: .nan, offset: 10, minimum: 0, maximum: 500) == 0)
    // Round trip: following the scroll the inverse produced puts the thumb where the user put it.
    var generator = SplitMix64(seed: 7)
    for _ in 0..<1_000 {
      let maximum = Double.random(in: 100...1e7, using: &generator)
      let offset = Double.random(in: 0...maximum, using: &generator)
      let from = Double.random(in: 0.01...0.99, using: &generator)
      let to = Double.random(in: 0.01...0.99, using: &generator)
      let target = ScrollbarMapping.offset(movingThumbFrom: from, to: to, offset: offset, minimum: 0, maximum: maximum)
      var mapping = ScrollbarMapping()
      mapping.jump(to: from)
      mapping.follow(visualDelta: target - offset, offset: target, minimum: 0, maximum: maximum)
      #expect(abs(mapping.fraction - to) < 1e-9, "from \(from) to \(to) at \(offset)/\(maximum)")
    }
  }
}
