import KeyMenuProtocol

/// `alert.show` params.
struct AlertShowParams: Decodable, Sendable {
  var title: String
  var message: String?
  var buttons: [String]?
  var cancel: Int?
  var defaultButton: Int?
  var timeoutMilliseconds: Int?

  enum CodingKeys: String, CodingKey {
    case title, message, buttons, cancel
    case defaultButton = "default"
    case timeoutMilliseconds = "timeout_ms"
  }
}

/// `alert.dismiss` / `menu.close` params: the request that showed it, or its id.
struct DismissParams: Decodable, Sendable {
  var request: RPCID?
  var id: String?
}

/// One item of `menu.open` / `menu.define`.
struct MenuItemParams: Decodable, Sendable {
  /// Required unless ``separator``.
  var title: String?
  /// `{"separator": true}` ends a section: presenters draw a line there.
  var separator: Bool?
  var key: String?
  var items: [MenuItemParams]?
  var keepOpen: Bool?
  var notify: Bool?
  var enabled: Bool?

  enum CodingKeys: String, CodingKey {
    case title, separator, key, items, notify, enabled
    case keepOpen = "keep_open"
  }
}

/// `menu.open` params.
struct MenuOpenParams: Decodable, Sendable {
  var title: String
  var items: [MenuItemParams]
  var filter: Bool?
  /// More items follow in `menu.append` requests; the menu opens with the last.
  var more: Bool?
}

/// `menu.append` params: more items for a menu opened with `more`.
struct MenuAppendParams: Decodable, Sendable {
  /// The `menu.open` request's id.
  var request: RPCID
  var items: [MenuItemParams]
  var more: Bool?
}

/// `menu.define` params.
struct MenuDefineParams: Decodable, Sendable {
  var name: String
  var title: String
  var items: [MenuItemParams]
  var filter: Bool?
}

/// Params naming a defined menu.
struct MenuNameParams: Decodable, Sendable {
  var name: String
}

/// `selector.invoke` params.
struct SelectorParams: Decodable, Sendable {
  var selector: String
}

/// `selector.wrap` params.
struct WrapParams: Decodable, Sendable {
  var selector: String
  /// `before`, `after` or `replace`.
  var mode: String
}

/// Params naming one of the plugin's wrappers.
struct WrapperParams: Decodable, Sendable {
  var wrapper: Int
}

/// `events.subscribe` params.
struct SubscribeParams: Decodable, Sendable {
  var topics: [String]
}
