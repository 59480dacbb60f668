/// `KEYMENU_ANSWER_KEYS=red=10,blue=11`: keys that answer the compat
/// commands' boxes with their own exit status, as rofi's custom keys and
/// `keymenuctl menu --key`. An environment variable, not an option, so that
/// the command line stays exactly the real program's: a script that sets
/// nothing gets the real program's answers, key for key.
public struct CompatAnswerKeys: Sendable, Equatable {
  /// The variable's name.
  public static let variable = "KEYMENU_ANSWER_KEYS"
  /// The statuses a key may exit with: from 10, past every status the real
  /// programs give (0, 1, 2, 3, 255), below the shell's 126.
  public static let statuses: ClosedRange<Int32> = 10...125

  /// Each key's name as given (`red`, `KEY_F1`), sent as `answer_keys`, and its status.
  public var keys: [(name: String, status: Int32)]

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keys.map(\.name) == rhs.keys.map(\.name) && lhs.keys.map(\.status) == rhs.keys.map(\.status)
  }

  /// No answer keys.
  public static let none = CompatAnswerKeys()

  private init() { keys = [] }

  /// The keys of the variable's value (nil or empty: none).
  public init(parsing text: String?) throws(CompatAnswerKeysError) {
    keys = []
    guard let text, !text.isEmpty else { return }
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let equals = part.lastIndex(of: "="), equals != part.startIndex,
        let status = Int32(part[part.index(after: equals)...]), Self.statuses.contains(status)
      else { throw CompatAnswerKeysError(part: String(part)) }
      keys.append((String(part[..<equals]), status))
    }
  }

  /// The names, as `answer_keys`; nil when there are none.
  public var names: [String]? { keys.isEmpty ? nil : keys.map(\.name) }

  /// The status of the key named `name`.
  public func status(of name: String) -> Int32? { keys.first { $0.name == name }?.status }
}

/// A `KEYMENU_ANSWER_KEYS` part that is not `NAME=STATUS`.
public struct CompatAnswerKeysError: Error, Sendable, CustomStringConvertible {
  /// The part.
  public var part: String

  public var description: String {
    "\(CompatAnswerKeys.variable): '\(part)' is not NAME=STATUS with a status from 10 to 125 (such as red=10)"
  }
}
