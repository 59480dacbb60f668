/// The answer of `menu.open` and `menu.show`, sent when the menu closes:
/// `{"selector":…,"title":…,"path":[…]}` for a chosen item, or
/// `{"cancelled":true}`.
public enum MenuOpenResult: Codable, Sendable, Hashable {
  /// An item was chosen: its selector, title, and the titles from the root menu to it.
  case chose(selector: String, title: String, path: [String])
  /// Esc, Back at the top, its owner, or the panic chord closed it.
  case cancelled

  private enum CodingKeys: String, CodingKey { case selector, title, path, cancelled }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if try container.decodeIfPresent(Bool.self, forKey: .cancelled) == true {
      self = .cancelled
    } else {
      self = .chose(
        selector: try container.decode(String.self, forKey: .selector),
        title: try container.decode(String.self, forKey: .title),
        path: try container.decode([String].self, forKey: .path))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .chose(let selector, let title, let path):
      try container.encode(selector, forKey: .selector)
      try container.encode(title, forKey: .title)
      try container.encode(path, forKey: .path)
    case .cancelled:
      try container.encode(true, forKey: .cancelled)
    }
  }
}
