// The benchmark's two clocks: the wall (monotonic) and the calling thread's own CPU time. A slice of work
// that overran its budget on the wall clock while its thread's CPU time stayed within it was descheduled,
// not slow: the precompute rows report both.

#if canImport(Glibc)
  import Glibc
#endif

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double { seconds(on: CLOCK_MONOTONIC) }

/// Seconds of CPU time the calling thread has used.
func threadCPUSeconds() -> Double { seconds(on: CLOCK_THREAD_CPUTIME_ID) }

private func seconds(on clock: clockid_t) -> Double {
  var time = timespec()
  clock_gettime(clock, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
