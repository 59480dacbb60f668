public import KeyMenuProtocol

extension DaemonConnection {
  /// Bytes of items per request when a list is sent in parts, well under the
  /// daemon's 64 KiB line.
  public static let menuPartBytes = 48 * 1024
  /// Items per request when sent in parts (the daemon takes 4096 per request).
  public static let menuPartItems = 4096

  /// Opens the menu `params` describes and waits for its answer: in one
  /// `menu.open`, or, for a list too long for one request line,
  /// `menu.open` with `more` and `menu.append` parts (up to 65536 items).
  public func openMenu(_ params: MenuOpenParams) throws(ClientFailure) -> Result<JSONValue, RPCError> {
    try response(to: sendMenu(params))
  }

  /// Sends the menu `params` describes (in parts if it must) without
  /// waiting for the answer: the id whose response is the answer, or the
  /// refusal of a part.
  public func sendMenu(_ params: MenuOpenParams) throws(ClientFailure) -> RPCID {
    let parts = Self.menuParts(params.items)
    var first = params
    first.items = parts[0]
    guard parts.count > 1 else { return try send("menu.open", JSONValue(encoding: first)) }
    first.more = true
    let opening = try send("menu.open", JSONValue(encoding: first))
    for (index, part) in parts.enumerated().dropFirst() {
      let more = index < parts.count - 1
      let appended = try call(
        "menu.append", JSONValue(encoding: MenuAppendParams(request: opening, items: part, more: more)))
      if case .failure(let error) = appended { throw error.failure }
    }
    return opening
  }

  /// `items` in parts of at most ``menuPartBytes`` of JSON and ``menuPartItems`` items.
  public static func menuParts(_ items: [MenuItemParams]) -> [[MenuItemParams]] {
    var parts: [[MenuItemParams]] = [[]]
    var bytes = 0
    for item in items {
      let size = (JSONValue(encoding: item).jsonBytes?.count ?? 0) + 1
      if !parts[parts.count - 1].isEmpty,
        bytes + size > menuPartBytes || parts[parts.count - 1].count >= menuPartItems
      {
        parts.append([])
        bytes = 0
      }
      parts[parts.count - 1].append(item)
      bytes += size
    }
    return parts
  }
}
