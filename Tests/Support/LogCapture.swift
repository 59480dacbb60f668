import Glibc
public import Logging
import Synchronization

/// Collects what a plugin or speaker logs, as "level: message" lines, for
/// tests that check what a person would read.
public final class LogCapture: Sendable {
  private let entries = Mutex<[String]>([])

  public init() {}

  /// The lines logged so far.
  public var all: [String] { entries.withLock { $0 } }

  /// A logger that writes here.
  public var logger: Logger { logger("test") }

  /// A logger with `label` that writes here.
  public func logger(_ label: String) -> Logger {
    Logger(label: label) { _ in Handler(capture: self) }
  }

  /// Waits (at most 10 s) until `condition` holds for the lines logged.
  public func wait(until condition: ([String]) -> Bool) -> [String] {
    for _ in 0..<1000 {
      let lines = all
      if condition(lines) { return lines }
      usleep(10_000)
    }
    return all
  }

  func append(_ entry: String) { entries.withLock { $0.append(entry) } }

  struct Handler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) { capture.append("\(event.level): \(event.message)") }
  }
}
