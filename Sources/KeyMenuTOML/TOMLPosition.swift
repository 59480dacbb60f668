/// A place in a TOML text: a line and a column, both counted from 1.
///
/// Columns count Unicode scalars, not bytes, so `é` is one column; a byte
/// order mark at the start of the text is not a column.
public struct TOMLPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, in Unicode scalars.
  public var column: Int

  /// Creates a position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }

  /// Orders by line, then column.
  public static func < (lhs: TOMLPosition, rhs: TOMLPosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
