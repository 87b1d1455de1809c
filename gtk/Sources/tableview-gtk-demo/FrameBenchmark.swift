enum FrameBenchmark {
  static func start(window: DemoWindow) {}
}
