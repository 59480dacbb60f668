import KeyMenuCore
public import Logging

/// Makes every log call of keymenud one line with no control characters:
/// the message and the metadata pass through ``ShownText/escaped(_:)``
/// (a newline becomes `\n`, ESC `\x1B`, a bidi override `\u{202E}`) before
/// the wrapped handler writes them.
///
/// Log messages carry text from outside (device names, client and plugin
/// names, plugin standard error, configuration values in errors); journald
/// splits standard error at newlines, so unescaped, a device named with
/// newlines would write journal lines of its own choosing. Escaping here, in
/// the one handler every logger of the daemon goes through, covers every
/// call site, including those added later.
public struct OneLineLogHandler<Wrapped: LogHandler>: LogHandler {
  /// The handler that writes the escaped lines.
  public var wrapped: Wrapped

  /// Wraps `wrapped`.
  public init(_ wrapped: Wrapped) { self.wrapped = wrapped }

  public var logLevel: Logger.Level {
    get { wrapped.logLevel }
    set { wrapped.logLevel = newValue }
  }

  public var metadata: Logger.Metadata {
    get { wrapped.metadata }
    set { wrapped.metadata = newValue }
  }

  public var metadataProvider: Logger.MetadataProvider? {
    get { wrapped.metadataProvider }
    set { wrapped.metadataProvider = newValue }
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { wrapped[metadataKey: key] }
    set { wrapped[metadataKey: key] = newValue }
  }

  public func log(event: LogEvent) {
    var event = event
    event.message = Logger.Message(stringLiteral: ShownText.escaped(event.message.description))
    if let metadata = event.metadata { event.metadata = Self.escaped(metadata) }
    wrapped.log(event: event)
  }

  /// `metadata` with every key and string escaped.
  static func escaped(_ metadata: Logger.Metadata) -> Logger.Metadata {
    var result: Logger.Metadata = [:]
    for (key, value) in metadata { result[ShownText.escaped(key)] = escaped(value) }
    return result
  }

  static func escaped(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
    switch value {
    case .string(let text): return .string(ShownText.escaped(text))
    case .stringConvertible(let convertible): return .string(ShownText.escaped(convertible.description))
    case .array(let values): return .array(values.map(escaped))
    case .dictionary(let dictionary): return .dictionary(escaped(dictionary))
    }
  }
}
