import TableViewCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's monotonic clock, for animations in a running interface (tests use `ManualClock`).
///
///     let terminalTable = TerminalTableView(clock: MonotonicClock())
public final class MonotonicClock: TableViewClock {
  private let origin: Double

  /// Creates a clock reading 0 now.
  public init() {
    origin = Self.systemSeconds()
  }

  /// Seconds since the clock was created.
  public var now: Double { Self.systemSeconds() - origin }

  /// Seconds on the system's monotonic clock (`CLOCK_MONOTONIC`), from an arbitrary origin.
  public static func systemSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }
}
