import Logging

/// A log handler that builds every message, at every level, and drops it:
/// the code that formats log lines runs under the fuzzer too, but a run's
/// output stays libFuzzer's.
public struct DiscardingLogHandler: LogHandler {
  public var metadata: Logger.Metadata = [:]
  public var logLevel: Logger.Level = .trace

  /// A handler for any label.
  public init(label: String) {}

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    _ = event.message.description
  }

  /// Routes every `Logger` of the process here (once, before any is made).
  public static func bootstrap() {
    LoggingSystem.bootstrap { DiscardingLogHandler(label: $0) }
  }
}
