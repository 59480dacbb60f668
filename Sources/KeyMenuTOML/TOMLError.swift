/// Why a text is not valid TOML: what kind of problem, a message a person
/// can act on, and where it is.
public struct TOMLError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of problem; a set that may grow.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// A short name for the kind.
    public var rawValue: String

    /// Creates a code.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Text that is not TOML's grammar: a missing `=`, `]` or `}`, a stray character.
    public static let syntax = Code("syntax")
    /// A string that is unterminated, holds a control character or a bad escape.
    public static let string = Code("string")
    /// A number that is malformed (leading zeros, misplaced underscores).
    public static let number = Code("number")
    /// An integer outside the signed 64-bit range.
    public static let outOfRange = Code("out-of-range")
    /// A date or time that is malformed or does not exist (February 30).
    public static let dateTime = Code("date-time")
    /// A key or table defined twice, or a table extended where TOML forbids it.
    public static let redefinition = Code("redefinition")
    /// Keys or values nested deeper than ``TOMLParser/maximumDepth``.
    public static let tooDeep = Code("too-deep")

    /// The raw value.
    public var description: String { rawValue }
  }

  /// The kind of problem.
  public var code: Code
  /// What is wrong, in words for the person who wrote the text.
  public var message: String
  /// Where the problem is.
  public var position: TOMLPosition

  /// Creates an error.
  public init(_ code: Code, _ message: String, at position: TOMLPosition) {
    self.code = code
    self.message = message
    self.position = position
  }

  /// `line:column: message`.
  public var description: String { "\(position): \(message)" }
}
