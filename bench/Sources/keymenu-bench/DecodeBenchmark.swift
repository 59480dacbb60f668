import Glibc
import KeyMenuCore
import KeyMenuEvdev

/// Feeds KEY_A down/up frames (each EV_KEY + SYN_REPORT) to the decoder in
/// batches of 512 raw events, as the read loop does, and prints the best of
/// five runs.
struct DecodeBenchmark {
  var keyEvents: Int

  func run() {
    let batch = 512
    var raw: [RawEvent] = []
    raw.reserveCapacity(keyEvents * 2)
    for index in 0..<keyEvents {
      let time = KernelTime(seconds: 1 + Int64(index / 1_000_000), microseconds: Int32(index % 1_000_000))
      raw.append(.key(KeyCode(30), index % 2 == 0 ? 1 : 0, at: time))
      raw.append(.report(at: time))
    }
    let batches = stride(from: 0, to: raw.count, by: batch).map {
      Array(raw[$0..<min($0 + batch, raw.count)])
    }
    var best = Double.infinity
    var decoded = 0
    for _ in 0..<5 {
      var decoder = KeyDecoder(names: .libevdev)
      var output: [KeyEvent] = []
      output.reserveCapacity(batch)
      decoded = 0
      let start = monotonicSeconds()
      for events in batches {
        decoder.decode(events, from: DeviceID(1), into: &output)
        decoded += output.count
        output.removeAll(keepingCapacity: true)
      }
      best = min(best, monotonicSeconds() - start)
    }
    guard decoded == keyEvents else { fail("decoded \(decoded) of \(keyEvents) key events") }
    let rate = Double(keyEvents) / best
    print(
      "decode: \(keyEvents) key events (\(raw.count) raw) in \(format(best)) s: \(Int(rate)) key events/s")
  }
}

func format(_ seconds: Double) -> String {
  let millis = Int((seconds * 1000).rounded())
  return "\(millis / 1000).\(String(repeating: "0", count: 3 - String(millis % 1000).count))\(millis % 1000)"
}
