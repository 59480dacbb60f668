import Synchronization

/// A thread-safe list of strings that handlers append to.
final class Recorder: Sendable {
  private let entries = Mutex<[String]>([])

  func record(_ entry: String) { entries.withLock { $0.append(entry) } }

  var all: [String] { entries.withLock { $0 } }
}
