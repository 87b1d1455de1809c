import CGtk
@_spi(Backend) import TableViewCore

// The scrollbar: its adjustment is driven by the table through a monotonic mapping (the thumb
// moves only when the content visibly scrolls, and only in that direction), and dragging it jumps
// the table to the same fraction of its height.

extension GTKTableView {
  /// The scroll range the thumb spans.
  var scrollRange: (minimum: Double, maximum: Double) {
    (table.minimumContentOffsetY, table.maximumContentOffsetY)
  }

  /// Moves the thumb after a frame: by the visible scroll since the last frame, ignoring the
  /// table's own corrections (rows measured above the screen).
  func syncScrollbar() {
    let offset = table.contentOffset.y
    let correction = table.contentOffsetCorrection
    let visualDelta = (offset - lastOffset) - (correction - lastCorrection)
    lastOffset = offset
    lastCorrection = correction
    if visualDelta != 0 { scrollIndicatorScrolled() }
    if table.isLooping {
      gtk_widget_set_visible(scrollbar, 0)
      return
    }
    let (minimum, maximum) = scrollRange
    scrollbarMapping.follow(visualDelta: visualDelta, offset: offset, minimum: minimum, maximum: maximum)
    let page = max(1, table.viewportSize.height)
    let span = max(0, maximum - minimum)
    syncedSpan = maximum - minimum
    // Beside the content, shown even when everything fits (the thumb then fills the trough): hiding it would widen
    // the viewport, re-wrap self-sized rows and could bring it back, frame after frame. Over the content, hidden
    // then, as GtkScrolledWindow hides it: nothing moves.
    let shown: gboolean = !scrollbarIsOverlay || span > 0 ? 1 : 0
    if gtk_widget_get_visible(scrollbar) != shown { gtk_widget_set_visible(scrollbar, shown) }
    // The adjustment's range is the content's height; its value is the thumb's fraction of it.
    let upper = span + page
    var value = scrollbarMapping.fraction * span
    // GTK draws the thumb page/upper of the trough long: when the content grows or shrinks (rows
    // arriving below, a page above, rows measured), the same fraction puts the thumb's top
    // elsewhere. Where that would move it against the scroll (or without one), the fraction is
    // chosen that keeps its top on the pixel where it was drawn (at either end of the content, the
    // thumb is at that end of the trough).
    if let geometry = thumbGeometry(upper: upper, page: page) {
      let travel = geometry.trough - geometry.length
      var top = Self.thumbTop(fraction: scrollbarMapping.fraction, travel: travel)
      if let drawn = drawnThumb, drawn.trough == geometry.trough, offset > minimum, offset < maximum, travel > 0,
        visualDelta > 0 ? top < drawn.top : visualDelta < 0 ? top > drawn.top : top != drawn.top
      {
        scrollbarMapping.jump(to: (drawn.top + 0.5) / travel)
        value = scrollbarMapping.fraction * span
        top = Self.thumbTop(fraction: scrollbarMapping.fraction, travel: travel)
      }
      drawnThumb = (top, geometry.trough)
    }
    updatingAdjustment = true
    if gtk_adjustment_get_upper(adjustment) != upper || gtk_adjustment_get_page_size(adjustment) != page {
      gtk_adjustment_configure(adjustment, value, 0, upper, wheelStep, page * 0.9, page)
    } else if gtk_adjustment_get_value(adjustment) != value {
      gtk_adjustment_set_value(adjustment, value)
    }
    updatingAdjustment = false
  }

  /// The length of the scrollbar's trough and of the thumb GTK draws in it for a content `upper`
  /// points tall seen `page` at a time, in whole pixels as GtkRange computes them (`page / upper`
  /// of the trough, truncated, at least the slider's minimum length); `nil` before the scrollbar is
  /// laid out.
  func thumbGeometry(upper: Double, page: Double) -> (trough: Double, length: Double)? {
    guard let trough = scrollbarPart("trough"), let slider = scrollbarPart("slider"), upper > 0 else { return nil }
    let length = Double(gtk_widget_get_height(trough))
    guard length > 0 else { return nil }
    var minimum: Int32 = 0
    gtk_widget_measure(slider, GTK_ORIENTATION_VERTICAL, -1, &minimum, nil, nil, nil)
    return (length, min(length, max((length * min(1, page / upper)).rounded(.towardZero), Double(minimum))))
  }

  /// The pixel where GtkRange draws the thumb's top: `fraction` of the thumb's `travel`, truncated.
  static func thumbTop(fraction: Double, travel: Double) -> Double {
    (max(0, travel) * min(1, max(0, fraction))).rounded(.towardZero)
  }

  /// The scrollbar's descendant whose CSS name is `name` ("trough", "slider").
  func scrollbarPart(_ name: String) -> UnsafeMutablePointer<GtkWidget>? {
    var stack = [scrollbar]
    while let widget = stack.popLast() {
      var child = gtk_widget_get_first_child(widget)
      while let c = child {
        if let css = gtk_widget_get_css_name(c), String(cString: css) == name { return c }
        stack.append(c)
        child = gtk_widget_get_next_sibling(c)
      }
    }
    return nil
  }

  /// The scrollbar adjustment's value (the thumb's position in points of the content's height).
  @_spi(Testing) public var scrollbarValue: Double { gtk_adjustment_get_value(adjustment) }

  /// The user moved the scrollbar's thumb: the content follows by the inverse of the thumb mapping
  /// (`ScrollbarMapping.offset(movingThumbFrom:to:offset:minimum:maximum:)`).
  func adjustmentChanged() {
    guard !updatingAdjustment else { return }
    let (minimum, maximum) = scrollRange
    let span = maximum - minimum
    guard span > 0 else { return }
    let to = min(1, max(0, gtk_adjustment_get_value(adjustment) / span))
    let target = ScrollbarMapping.offset(
      movingThumbFrom: scrollbarMapping.fraction, to: to, offset: table.contentOffset.y, minimum: minimum,
      maximum: maximum)
    table.stopScrolling()
    table.contentOffset = Point(x: table.contentOffset.x, y: target)
    lastOffset = table.contentOffset.y
    lastCorrection = table.contentOffsetCorrection
    scrollbarMapping.jump(to: to)
    drawnThumb = nil
    scrollIndicatorScrolled()
    setNeedsLayout()
  }

  /// Jumps to `fraction` of the scroll range (0 the top, 1 the bottom), by height: a jump to 0.5
  /// shows the middle of the content, not the middle row.
  public func jump(toFraction fraction: Double) {
    let (minimum, maximum) = scrollRange
    table.stopScrolling()
    table.contentOffset = Point(
      x: table.contentOffset.x,
      y: ScrollbarMapping.offset(forFraction: fraction, minimum: minimum, maximum: maximum))
    // A jump is not a scroll: the thumb goes where the user put it.
    lastOffset = table.contentOffset.y
    lastCorrection = table.contentOffsetCorrection
    scrollbarMapping.jump(to: fraction)
    drawnThumb = nil
    scrollIndicatorScrolled()
    setNeedsLayout()
  }
}
