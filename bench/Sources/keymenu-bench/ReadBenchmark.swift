import Glibc
import KeyMenuCore
import KeyMenuEvdev

/// Reads one device through ``InputLoop`` (poll, libevdev, decoder) until it
/// hangs up, counting key events; times from the first key event to the end.
///
/// With a `readPath`, the device is probed at `path` and read from `readPath`
/// (``InputLoop/Source/probing(_:readingFrom:)``, `libevdev_change_fd`).
struct ReadBenchmark {
  var path: String
  var readPath: String?

  func run() {
    var count = 0
    var first = 0.0
    do {
      let source: InputLoop.Source = readPath.map { .probing(path, readingFrom: $0) } ?? .paths([path])
      let loop = try InputLoop(source: source)
      try loop.run { event in
        if case .keys(let keys) = event {
          if count == 0 { first = monotonicSeconds() }
          count += keys.count
        }
      }
    } catch {
      fail(error.message)
    }
    let elapsed = monotonicSeconds() - first
    let rate = count > 0 && elapsed > 0 ? Int(Double(count) / elapsed) : 0
    print("read+decode: \(count) key events in \(format(elapsed)) s: \(rate) key events/s")
  }
}
