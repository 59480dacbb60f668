import KeyMenuProtocol

/// Params that are checked as a whole once decoded, before the method runs:
/// every text a person may be shown or a log may hold goes through
/// ``RequestLimits``. Each method's params list their texts here, in one
/// place, so a new member is checked where the others are.
protocol CheckedParams: Decodable, Sendable {
  /// `-32602` naming the first member at fault.
  func check() throws(RPCError)
}

extension RPCRequest {
  /// The params decoded as `T` and checked (``CheckedParams``); `-32602`
  /// naming the member otherwise.
  func checkedParams<T: CheckedParams>(as type: T.Type) throws(RPCError) -> T {
    let params = try decodeParams(as: type)
    try params.check()
    return params
  }
}

extension AlertShowParams: CheckedParams {
  func check() throws(RPCError) {
    try RequestLimits.title(title, field: "title")
    if let message { try RequestLimits.message(message, field: "message") }
    if let buttons {
      guard buttons.count <= ProtocolLimits.maximumButtons else {
        throw .invalidParams("more than \(ProtocolLimits.maximumButtons) buttons", field: "buttons")
      }
      for (index, button) in buttons.enumerated() {
        try RequestLimits.title(button, field: "buttons.[\(index)]")
      }
    }
  }

  /// Bytes of text the alert keeps while it waits.
  var heldBytes: Int {
    title.utf8.count + (message?.utf8.count ?? 0) + (buttons ?? []).reduce(0) { $0 + $1.utf8.count }
  }
}

extension DismissParams: CheckedParams {
  func check() throws(RPCError) {
    if case .string(let text)? = request { try RequestLimits.shown(text, field: "request") }
    if let id { try RequestLimits.shown(id, field: "id") }
  }
}

extension MenuItemParams {
  /// Checks this item (at `field`, such as `items.[2]`) and its submenu's items.
  func check(field: String) throws(RPCError) {
    if let title { try RequestLimits.title(title, field: field + ".title") }
    if let key { try RequestLimits.shown(key, field: field + ".key") }
    if let items { try Self.check(items, field: field + ".items") }
  }

  /// Checks each item of a list at `field`.
  static func check(_ items: [MenuItemParams], field: String) throws(RPCError) {
    for (index, item) in items.enumerated() { try item.check(field: "\(field).[\(index)]") }
  }

  /// Bytes of text of `items` and their submenus.
  static func heldBytes(_ items: [MenuItemParams]) -> Int {
    items.reduce(0) { sum, item in
      sum + (item.title?.utf8.count ?? 0) + (item.key?.utf8.count ?? 0) + heldBytes(item.items ?? [])
    }
  }
}

extension MenuOpenParams: CheckedParams {
  func check() throws(RPCError) {
    try RequestLimits.title(title, field: "title")
    try MenuItemParams.check(items, field: "items")
  }

  /// Bytes of text the menu keeps while it is open.
  var heldBytes: Int { title.utf8.count + MenuItemParams.heldBytes(items) }
}

extension MenuDefineParams: CheckedParams {
  func check() throws(RPCError) {
    try RequestLimits.shown(name, field: "name")
    try RequestLimits.title(title, field: "title")
    try MenuItemParams.check(items, field: "items")
  }

  /// Bytes of text the defined menu keeps.
  var heldBytes: Int { name.utf8.count + title.utf8.count + MenuItemParams.heldBytes(items) }
}

extension MenuNameParams: CheckedParams {
  func check() throws(RPCError) { try RequestLimits.shown(name, field: "name") }
}

extension SelectorParams: CheckedParams {
  func check() throws(RPCError) { try RequestLimits.shown(selector, field: "selector") }
}

extension WrapParams: CheckedParams {
  func check() throws(RPCError) {
    try RequestLimits.shown(selector, field: "selector")
    try RequestLimits.shown(mode, field: "mode")
  }
}

extension WrapperParams: CheckedParams {
  /// A number only: nothing to show.
  func check() throws(RPCError) {}
}

extension SubscribeParams: CheckedParams {
  func check() throws(RPCError) {
    for (index, topic) in topics.enumerated() { try RequestLimits.shown(topic, field: "topics.[\(index)]") }
  }
}

extension MenuAppendParams: CheckedParams {
  func check() throws(RPCError) {
    if case .string(let text) = request { try RequestLimits.shown(text, field: "request") }
    try MenuItemParams.check(items, field: "items")
  }

  /// Bytes of text these items add to the menu.
  var heldBytes: Int { MenuItemParams.heldBytes(items) }
}
