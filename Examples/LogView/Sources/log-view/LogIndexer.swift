import Dispatch
import Glibc
import TableViewTerminal

/// Indexes a log file's lines on a thread of its own, and then follows the file as `tail -F` does: lines appended
/// are indexed as they come, a truncated file is indexed again from its start, and a rotated one (another file at
/// the path) is read to its end and then replaced by the new file. Each batch of lines is left in a mailbox and the
/// main thread is woken (`wake`: the run loop's waker) to take it.
final class LogIndexer: Sendable {
  /// The batches not taken yet.
  private let batches = Mailbox<IndexBatch>()
  private let stopFlag = StopFlag()
  private let wake: @Sendable () -> Void
  private let file: LogFile

  /// An indexer of `file`; nothing happens before `start()`.
  init(file: LogFile, wake: @escaping @Sendable () -> Void) {
    self.file = file
    self.wake = wake
  }

  /// Indexes the first `firstChunk` bytes at once, on the calling thread (the lines of the first screen are in the
  /// mailbox when it returns), then the rest on a thread of its own.
  func start(firstChunk: Int = 1 << 16) {
    var worker = IndexWorker(file: file, batches: batches, stopFlag: stopFlag, wake: wake)
    worker.indexFirstChunk(firstChunk)
    DispatchQueue(label: "log-view.indexer").async { [worker] in
      var worker = worker
      worker.run()
    }
  }

  /// Takes the batches indexed since the last call, oldest first.
  func take() -> [IndexBatch] { batches.take() }

  /// Stops the thread (at its next chunk, or within a second while it waits for the file to change).
  func stop() { stopFlag.raise() }
}

/// The indexer's thread: its scanner, the file, and the batch being filled.
private struct IndexWorker: Sendable {
  var file: LogFile
  let batches: Mailbox<IndexBatch>
  let stopFlag: StopFlag
  let wake: @Sendable () -> Void
  var scanner = LineScanner()
  /// The bytes read so far (the next read starts at the scanner's `lineStart`, which may be before this).
  var scannedTo = 0
  /// Whether the end of the file was reached since the last reset.
  var reachedEnd = false
  var pending: IndexBatch
  var lastPost = 0.0
  var chunkSize = 1 << 22

  /// How often a batch is handed over while the file is read (more often would only cost the main thread).
  static let postInterval = 0.05
  /// How long the thread waits for a change it is not told of (no inotify, or a change it does not report).
  static let recheckMilliseconds: Int32 = 1_000

  init(file: LogFile, batches: Mailbox<IndexBatch>, stopFlag: StopFlag, wake: @escaping @Sendable () -> Void) {
    self.file = file
    self.batches = batches
    self.stopFlag = stopFlag
    self.wake = wake
    pending = IndexBatch(file: file)
  }

  /// The bytes indexed: through the last line break, or through the end of an unfinished last line given out.
  var indexedEnd: Int { scanner.unfinishedLineGiven ? scannedTo : scanner.lineStart }

  /// Reads the first chunk and hands its lines over at once.
  mutating func indexFirstChunk(_ size: Int) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
    defer { buffer.deallocate() }
    _ = readChunk(into: buffer, fileSize: file.size ?? 0)
    post()
  }

  /// Reads the file to its end, then waits for it to change, until stopped.
  mutating func run() {
    var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    let watcher = FileChangeWatcher(path: file.path)
    while !stopFlag.isRaised {
      let size = file.size ?? 0
      if size < scannedTo {
        restart(with: file, because: .truncated)
        continue
      }
      if size > scannedTo {
        if !readChunk(into: buffer, fileSize: size) {
          // A line longer than the chunk: read it in a larger one.
          chunkSize *= 2
          buffer.deallocate()
          buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        }
        if scannedTo >= size || MonotonicClock.systemSeconds() - lastPost >= Self.postInterval { post() }
        continue
      }
      // At the end of the file. Another file at the path (a rotation): the old one was read to its end, the new
      // one is read from its start.
      if let identity = LogFile.identity(at: file.path), identity != file.identity,
        let newFile = try? LogFile(path: file.path)
      {
        restart(with: newFile, because: .rotated)
        continue
      }
      if !reachedEnd || !pending.lineStarts.isEmpty {
        reachedEnd = true
        post()
      }
      watcher.wait(milliseconds: Self.recheckMilliseconds)
      // Lines written one at a time arrive a few at a time: the main thread is woken at most every 20 ms.
      let soonest = lastPost + 0.02 - MonotonicClock.systemSeconds()
      if soonest > 0 { usleep(useconds_t(soonest * 1_000_000)) }
    }
  }

  /// Reads the next chunk (from the start of the first line not finished) and indexes its lines.
  /// - Returns: `false` when the chunk held no line break and is not the end of the file (a longer line).
  mutating func readChunk(into buffer: UnsafeMutableRawBufferPointer, fileSize: Int) -> Bool {
    let start = scanner.lineStart
    let count = file.read(into: buffer, at: start)
    let atEnd = start + count >= fileSize
    let consumed = scanner.scan(
      UnsafeRawBufferPointer(rebasing: buffer[0..<count]), atEndOfFile: atEnd, lineStarts: &pending.lineStarts,
      sections: &pending.sections)
    scannedTo = max(scannedTo, start + count)
    if atEnd { reachedEnd = true }
    pending.end = indexedEnd
    pending.lastLineUnfinished = scanner.unfinishedLineGiven
    pending.fileSize = max(fileSize, start + count)
    pending.reachedEnd = reachedEnd
    return consumed > 0 || atEnd || count < buffer.count
  }

  /// Hands the batch over and wakes the main thread.
  mutating func post() {
    pending.end = indexedEnd
    pending.lastLineUnfinished = scanner.unfinishedLineGiven
    pending.reachedEnd = reachedEnd
    batches.post(pending)
    pending = IndexBatch(file: file)
    lastPost = MonotonicClock.systemSeconds()
    wake()
  }

  /// Starts again from the start of `newFile` (the same file, truncated; or a new one).
  mutating func restart(with newFile: LogFile, because reason: IndexBatch.ResetReason) {
    file = newFile
    scanner = LineScanner()
    scannedTo = 0
    reachedEnd = false
    pending = IndexBatch(file: newFile, reset: reason)
  }
}
