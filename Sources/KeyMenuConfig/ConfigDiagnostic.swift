/// One problem found in a configuration file, at the place it was found.
///
/// Printed as `file:line:column: message`, the form compilers use, so editors
/// and `keymenud --check` users can jump to it.
public struct ConfigDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file the problem is in.
  public var file: String
  /// The line, counted from 1 (0 when the problem has no place, e.g. an unreadable file).
  public var line: Int
  /// The column, counted from 1 (0 when unknown).
  public var column: Int
  /// What is wrong, and what would be right.
  public var message: String

  /// Creates a diagnostic.
  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `file:line:column: message`.
  public var description: String { "\(file):\(line):\(column): \(message)" }
}
