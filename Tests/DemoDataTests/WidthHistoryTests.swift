import DemoData
import Testing

/// Notes a width outside the expectation macro (which cannot take a mutating call).
private func note(_ widths: inout WidthHistory, _ width: Double, now: Double) -> Bool {
  widths.note(width, now: now)
}

@Suite("width history")
struct WidthHistoryTests {
  @Test("the first width counts at once; a width held a second counts; the one before it is expected next")
  func settles() {
    var widths = WidthHistory()
    #expect(widths.expected.isEmpty)
    #expect(!note(&widths, 100, now: 0))
    #expect(note(&widths, 80, now: 0.1), "the first width counts when the view leaves it")
    #expect(widths.expected == [100])
    #expect(!note(&widths, 80, now: 0.5), "not held long enough yet")
    #expect(note(&widths, 80, now: 1.1))
    #expect(widths.expected == [80, 100])
    #expect(!note(&widths, 80, now: 5), "already counted")
    // Back to 100 and held: 100 first, then the 80 it came from.
    #expect(!note(&widths, 100, now: 6))
    #expect(note(&widths, 100, now: 7))
    #expect(widths.expected == [100, 80])
  }

  @Test("a drag through widths: only the width held counts, and the width the drag left stays expected")
  func drag() {
    var widths = WidthHistory()
    _ = widths.note(900, now: 0)
    _ = widths.note(900, now: 2)
    #expect(widths.expected == [900])
    var t = 3.0
    for width in stride(from: 880.0, through: 500, by: -20) {
      _ = widths.note(width, now: t)
      #expect(widths.expected == [900], "passing \(width)")
      t += 0.02
    }
    // Seen again after a second: held.
    #expect(note(&widths, 500, now: t + 1))
    #expect(widths.expected == [500, 900])
    // A quick wiggle counts nothing: 520 was shown for a twentieth of a second.
    _ = widths.note(520, now: t + 1.1)
    _ = widths.note(500, now: t + 1.15)
    _ = widths.note(500, now: t + 3)
    #expect(widths.expected == [500, 900])
  }

  @Test("widths and times that are not finite, or not positive, are ignored")
  func badInput() {
    var widths = WidthHistory()
    for width in [Double.nan, .infinity, -.infinity, 0, -3] { #expect(!note(&widths, width, now: 0)) }
    #expect(!note(&widths, 100, now: .nan))
    #expect(widths.expected.isEmpty)
    _ = widths.note(100, now: 0)
    #expect(note(&widths, 200, now: 1e300))
    #expect(widths.expected == [100])
  }
}
