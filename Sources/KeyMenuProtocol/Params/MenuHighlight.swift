/// `highlight` of `menu.open` and `menu.show`: the item highlighted first,
/// as a number (`3`: the fourth item of the top level, counted from 0 over
/// every section, separators not counted, as digit 4 chooses it) or as text
/// (`"tag"`: the first item whose `value` is that, else the first whose
/// `title` is). One that names no item, or a disabled one, is ignored: the
/// first enabled item is highlighted, as whiptail ignores a `--default-item`
/// that matches nothing.
public enum MenuHighlight: Codable, Sendable, Hashable {
  /// The item's number, from 0.
  case number(Int)
  /// An item's value, else its title.
  case item(String)

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      self = .item(text)
    } else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "expected an item's number (an integer) or its value or title (a string)"))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let number): try container.encode(number)
    case .item(let text): try container.encode(text)
    }
  }

  /// `-32602` naming `field` for a negative number or text that is too long
  /// or holds a forbidden character.
  public func check(field: String) throws(RPCError) {
    switch self {
    case .number(let number):
      guard number >= 0 else {
        throw .invalidParams("must be 0 or more (items are counted from 0)", field: field)
      }
    case .item(let text):
      try RequestLimits.title(text, field: field)
    }
  }
}
