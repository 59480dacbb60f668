/// A place in a configuration file: where a hotkey, menu or item was written,
/// kept so that later runtime errors can point back at it.
public struct ConfigLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The file.
  public var file: String
  /// The line, counted from 1 (0 when there is no place in the file).
  public var line: Int
  /// The column, counted from 1 in Unicode scalars (0 when unknown).
  public var column: Int

  /// Creates a location.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// A diagnostic at this place.
  public func diagnostic(
    _ message: String, severity: ConfigDiagnostic.Severity = .error
  ) -> ConfigDiagnostic {
    ConfigDiagnostic(file: file, line: line, column: column, message: message, severity: severity)
  }

  /// `file:line:column`.
  public var description: String { "\(file):\(line):\(column)" }

  /// Orders by line, then column; files compare by name only to make the order total.
  public static func < (lhs: ConfigLocation, rhs: ConfigLocation) -> Bool {
    (lhs.line, lhs.column, lhs.file) < (rhs.line, rhs.column, rhs.file)
  }
}
