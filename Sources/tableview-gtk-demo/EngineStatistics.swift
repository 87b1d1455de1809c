/// Whether the status line shows the engine's figures (widgets alive, cells created and reused, heights measured):
/// off by default, as they mean nothing to a user; the primary menu's "Engine Statistics" (or `--statistics`) turns
/// them on, to watch the reuse at work.
enum EngineStatistics {
  /// Read and set on GTK's main thread only.
  nonisolated(unsafe) static var isShown = false
}
