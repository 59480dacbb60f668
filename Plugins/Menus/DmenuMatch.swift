/// How dmenu 5.2 matches the text typed against its items (its `match()`),
/// measured against Debian's dmenu (docs/COMPAT-KEYS.md):
///
/// - the text is split at spaces into words (runs of spaces are one
///   separator; a text of spaces only has no words and matches everything);
///   an item matches when every word occurs in it, anywhere, in any order;
/// - case counts unless `ignoreCase` (`-i`), which folds ASCII letters only,
///   as the C library's `strncasecmp` does in a UTF-8 locale;
/// - the matches come in three groups, each in input order: items equal to
///   the whole text (its spaces included), then items starting with the
///   first word, then the others. With no words every item is in the first
///   group.
///
/// The comparison is of bytes (UTF-8), which for valid UTF-8 text and items
/// is the same as comparing characters at their boundaries.
public struct DmenuMatch: Sendable {
  /// Each item's bytes, ASCII-lowercased when matching ignores case.
  private let items: [[UInt8]]
  /// `-i`.
  public let ignoreCase: Bool

  /// A matcher over `titles`.
  public init(_ titles: [String], ignoreCase: Bool) {
    self.ignoreCase = ignoreCase
    items = titles.map { Self.prepared(Array($0.utf8), ignoreCase: ignoreCase) }
  }

  /// How many items there are.
  public var count: Int { items.count }

  /// The indices of the items matching `text`, in dmenu's order.
  public func order(_ text: String) -> [Int] {
    let whole = Self.prepared(Array(text.utf8), ignoreCase: ignoreCase)
    let words = whole.split(separator: UInt8(ascii: " ")).map(Array.init)
    guard let first = words.first else { return Array(items.indices) }
    var exact: [Int] = []
    var prefix: [Int] = []
    var substring: [Int] = []
    for (index, item) in items.enumerated() where words.allSatisfy({ Self.contains(item, $0) }) {
      if item == whole {
        exact.append(index)
      } else if item.starts(with: first) {
        prefix.append(index)
      } else {
        substring.append(index)
      }
    }
    return exact + prefix + substring
  }

  /// `bytes` with ASCII capitals lowered when `ignoreCase`.
  private static func prepared(_ bytes: [UInt8], ignoreCase: Bool) -> [UInt8] {
    guard ignoreCase else { return bytes }
    return bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
  }

  /// Whether `needle` (not empty) occurs in `haystack`.
  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    let first = needle[0]
    var start = 0
    while start + needle.count <= haystack.count {
      if haystack[start] == first, haystack[start..<start + needle.count].elementsEqual(needle) {
        return true
      }
      start += 1
    }
    return false
  }
}
