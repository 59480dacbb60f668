import Logging
import Synchronization

/// A logger whose messages a test can read.
final class LogCapture: Sendable {
  private let lines = Mutex<[String]>([])

  /// A logger that records "level: message" here.
  var logger: Logger {
    Logger(label: "test.speech") { _ in Handler(capture: self) }
  }

  var all: [String] { lines.withLock { $0 } }

  func append(_ line: String) { lines.withLock { $0.append(line) } }

  struct Handler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      capture.append("\(event.level): \(event.message)")
    }
  }
}
