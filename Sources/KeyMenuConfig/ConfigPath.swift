/// One step from a TOML table or array to a value inside it.
enum PathComponent: Hashable, Sendable, CustomStringConvertible {
  /// A key in a table.
  case key(String)
  /// A position in an array, from 0.
  case index(Int)

  var description: String {
    switch self {
    case .key(let key): key
    case .index(let index): "[\(index)]"
    }
  }
}

/// Where a value sits in a TOML document: `menus.main.items[2].title` is
/// `[.key("menus"), .key("main"), .key("items"), .index(2), .key("title")]`.
typealias ConfigPath = [PathComponent]

/// A line and column in one text, both counted from 1; columns count Unicode scalars.
struct TextPosition: Hashable, Sendable {
  var line: Int
  var column: Int
}
