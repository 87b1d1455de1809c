// The few libm functions the physics needs. The C math library is the only thing the core
// takes from the platform: no I/O, no terminal, no toolkit.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Namespaced libm calls.
enum CMath {
  @inline(__always) static func pow(_ x: Double, _ y: Double) -> Double { exp(y * log(x)) }
  @inline(__always) static func ln(_ x: Double) -> Double { log(x) }
}
