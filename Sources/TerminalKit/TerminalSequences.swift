/// The escape sequences that start and end a full-screen session.
enum TerminalSequences {
  /// Enters the session: alternate screen, hidden cursor, bracketed paste on (a paste arrives as text, see
  /// `InputEvent.paste`), mouse reporting in SGR encoding.
  static func enter(_ options: Terminal.Options) -> [UInt8] {
    var text = ""
    if options.alternateScreen {
      text += "\u{1B}[?1049h"
    }
    if options.hideCursor {
      text += "\u{1B}[?25l"
    }
    text += "\u{1B}[?2004h"
    switch options.mouseTracking {
    case .off: break
    case .clicks: text += "\u{1B}[?1000h\u{1B}[?1006h"
    case .clicksAndDrags: text += "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    case .allMotion: text += "\u{1B}[?1000h\u{1B}[?1003h\u{1B}[?1006h"
    }
    return Array(text.utf8)
  }

  /// Leaves the session: mouse reporting off, bracketed paste off, default style, cursor shown, main screen back.
  static func leave(_ options: Terminal.Options) -> [UInt8] {
    var text = ""
    if options.mouseTracking != .off {
      text += "\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l"
    }
    text += "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h"
    if options.alternateScreen {
      text += "\u{1B}[?1049l"
    }
    return Array(text.utf8)
  }
}
