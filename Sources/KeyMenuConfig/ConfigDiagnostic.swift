/// One problem found in a configuration file, at the place it was found.
///
/// Printed as `file:line:column: message`, the form compilers use, so editors
/// and `keymenud --check` users can jump to it. Warnings print as
/// `file:line:column: warning: message`.
public struct ConfigDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// Whether a problem stops the configuration from loading.
  public enum Severity: String, Hashable, Sendable {
    /// The configuration is refused.
    case error
    /// The configuration loads, but probably does not do what was meant.
    case warning
  }

  /// The file the problem is in.
  public var file: String
  /// The line, counted from 1 (0 when the problem has no place, e.g. an unreadable file).
  public var line: Int
  /// The column, counted from 1 (0 when unknown).
  public var column: Int
  /// What is wrong, and what would be right.
  public var message: String
  /// Error or warning.
  public var severity: Severity

  /// Creates a diagnostic.
  public init(file: String, line: Int, column: Int, message: String, severity: Severity = .error) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.severity = severity
  }

  /// `file:line:column: message`, with `warning: ` before the message of a warning.
  public var description: String {
    let prefix = severity == .warning ? "warning: " : ""
    return "\(file):\(line):\(column): \(prefix)\(message)"
  }
}
