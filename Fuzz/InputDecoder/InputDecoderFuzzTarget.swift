// A libFuzzer target for TerminalKit's InputDecoder, compiled together with TerminalKit's sources by
// scripts/fuzz.sh (so it sees internal API, such as the pending byte count).
//
// The input's first byte picks how the rest is cut into reads. The rest is decoded three ways: whole, one byte
// at a time, and in chunks of pseudo-random lengths; each ends with flush(). All three must give the same
// events, never keep more than InputDecoder.maximumSequenceLength bytes pending, and leave nothing pending after
// the flush. A crash or a hang (libFuzzer's -timeout) is a failure too.

/// Decodes `bytes` fed in chunks whose lengths `nextLength` picks, then flushes.
func decode(_ bytes: ArraySlice<UInt8>, chunkLengths nextLength: () -> Int) -> [InputEvent] {
  var decoder = InputDecoder()
  var events: [InputEvent] = []
  var index = bytes.startIndex
  while index < bytes.endIndex {
    let end = min(bytes.endIndex, index + nextLength())
    events += decoder.feed(bytes[index..<end])
    check(decoder.pendingByteCount <= InputDecoder.maximumSequenceLength, "pending input grew past the maximum")
    index = end
  }
  events += decoder.flush()
  check(!decoder.hasPendingInput, "input still pending after flush()")
  return events
}

/// Stops the run, so that libFuzzer keeps the input, when a property does not hold.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("InputDecoder fuzz target: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size > 0 else { return 0 }
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  let bytes = input[1...]
  let whole = decode(bytes) { bytes.count }
  let oneByOne = decode(bytes) { 1 }
  var state = UInt64(input[0]) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(size)
  let chunked = decode(bytes) {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return 1 + Int((state >> 33) % 16)
  }
  check(whole.count <= bytes.count, "more events than bytes")
  check(oneByOne == whole, "one byte at a time decodes differently: \(oneByOne) vs \(whole)")
  check(chunked == whole, "chunks decode differently: \(chunked) vs \(whole)")
  return 0
}
