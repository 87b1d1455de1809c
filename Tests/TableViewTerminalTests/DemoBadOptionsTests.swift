import Foundation
import TestSupport
import Testing

/// The terminal demo given options and scripts a user should not give it: a clear message and exit status 2,
/// never a trap, a hang or an allocation the size of the number typed.
@Suite("tableview-demo bad options")
struct DemoBadOptionsTests {
  /// Runs the demo and expects it to refuse with a message that contains `message`.
  func expectRefusal(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let result = try run(try DemoBinary.terminalDemo.path(), arguments, timeout: 60)
    #expect(result.status == 2, "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
    #expect(
      result.standardError.contains(message), "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
    #expect(!result.standardError.contains("Fatal error"), sourceLocation: sourceLocation)
  }

  @Test("--rows out of 1…1,000,000,000 is refused")
  func rows() throws {
    for rows in [
      "0", "-1", "-9223372036854775808", "1000000000000", "9223372036854775807", "99999999999999999999", "x",
    ] {
      try expectRefusal(["--rows", rows, "--frames", "q"], "--rows needs a number from 1 to 1,000,000,000")
    }
  }

  @Test("--chat-db with --memory, --frames or --soak, an empty one, or a writer for two files is refused")
  func chatDatabase() throws {
    try expectRefusal(["--chat-db", "/tmp/x.sqlite", "--memory"], "--memory and --chat-db cannot go together")
    try expectRefusal(["--chat-db", "/tmp/x.sqlite", "--frames", "q"], "not with --db or --chat-db")
    try expectRefusal(["--chat-db", "/tmp/x.sqlite", "--soak", "10"], "not with --frames, --db, --chat-db")
    try expectRefusal(["--chat-db", ""], "--chat-db needs a file name")
    try expectRefusal(
      ["--db", "/tmp/x.sqlite", "--chat-db", "/tmp/y.sqlite", "--writer"], "--writer writes to one database")
  }

  @Test("an unknown --demo is refused, naming the demos there are")
  func demo() throws {
    try expectRefusal(["--demo", "nonsense"], "unknown demo \"nonsense\"; choose one of: feed")
  }

  @Test("--size outside 1x1…1000x1000 or not WxH is refused")
  func size() throws {
    for size in ["0x0", "0x10", "10x0", "-5x10", "1001x10", "100000000000x1", "axb", "100"] {
      try expectRefusal(["--size", size, "--frames", "q"], "a size is WxH, from 1x1 to 1000x1000")
    }
    try expectRefusal(["--frames", "resize:0x0"], "a size is WxH, from 1x1 to 1000x1000")
  }

  @Test("a wait that is infinite, not a number or longer than an hour is refused, not waited for")
  func waits() throws {
    for token in ["wait:inf", "wait:nan", "wait:-1", "wait:1e300", "wait:3600001", "wait:1000*3601"] {
      try expectRefusal(["--frames", token], "a token waits 0 to 3,600,000 ms")
    }
  }

  @Test("a repeat count beyond 100,000 is refused, not allocated")
  func repeats() throws {
    for token in ["pgdn*99999999999", "down*100001", "down*0", "down*99999999999999999999999"] {
      try expectRefusal(["--frames", token], "a token repeats 1 to 100,000 times")
    }
  }

  @Test("the limits themselves are accepted")
  func limits() throws {
    let result = try run(
      try DemoBinary.terminalDemo.path(),
      ["--rows", "1000000000", "--size", "1x1", "--frames", "down*3,wait:1000*3,resize:1000x1000,q"],
      // A hang guard, not a speed test: under AddressSanitizer on a loaded machine the 1000x1000 frame took more
      // than a minute.
      timeout: 600)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.components(separatedBy: "── frame").count == 5)
  }
}
