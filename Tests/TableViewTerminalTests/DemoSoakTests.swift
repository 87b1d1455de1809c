import Foundation
import TestSupport
import Testing

/// The terminal demo's memory soak (`--soak ROUNDS`): the same round of scrolling, jumps and edits on every page,
/// resident memory sampled after each; memory must settle, not grow with time.
@Suite("tableview-demo --soak")
struct DemoSoakTests {
  @Test("sixty rounds of scrolling, jumps and edits on every page: resident memory settles")
  func memorySettles() throws {
    let rounds = 60
    // Under AddressSanitizer (scripts/sanitize.sh) freed memory waits in a quarantine of up to 256 MB before it is
    // reused, so resident memory grows by design (49% in 20 rounds): the demo runs without the quarantine there.
    let asan = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
    // A generous timeout: 60 rounds take 7 s in a debug build, 40 s under AddressSanitizer, more on a loaded machine.
    let result = try run(
      try DemoBinary.terminalDemo.path(), ["--soak", "\(rounds)", "--size", "80x24"],
      environment: ["ASAN_OPTIONS": asan + "quarantine_size_mb=0:thread_local_quarantine_size_kb=0"], timeout: 900)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(result.status == 0, "\(lines.suffix(3)) \(result.standardError)")
    let samples = lines.filter { $0.hasPrefix("round ") }.compactMap { line in
      Int(line.split(separator: ":").last?.filter(\.isNumber) ?? "")
    }
    #expect(samples.count == rounds, "\(lines)")
    #expect(samples.allSatisfy { $0 > 1_000 }, "resident memory is read (KiB): \(samples)")
    #expect(lines.last?.hasPrefix("memory: \(rounds) samples") == true, "\(lines.suffix(2))")
    #expect(lines.last?.hasSuffix(": settled") == true, "\(lines.suffix(2))")
  }

  @Test("--soak refuses a round count outside 4…10,000 and the options it cannot go with")
  func badOptions() throws {
    let demo = try DemoBinary.terminalDemo.path()
    for arguments in [["--soak", "3"], ["--soak", "10001"], ["--soak", "x"], ["--soak", "-1"]] {
      let result = try run(demo, arguments, timeout: 60)
      #expect(result.status == 2, "\(arguments): \(result.standardError)")
      #expect(
        result.standardError.contains("--soak needs a number of rounds from 4 to 10,000"), "\(result.standardError)")
    }
    for extra in [["--frames", "q"], ["--db", "/tmp/x.sqlite"], ["--writer"]] {
      let result = try run(demo, ["--soak", "4"] + extra, timeout: 60)
      #expect(result.status == 2, "\(extra): \(result.standardError)")
      #expect(result.standardError.contains("--soak runs the in-memory demo by itself"), "\(result.standardError)")
    }
  }
}
