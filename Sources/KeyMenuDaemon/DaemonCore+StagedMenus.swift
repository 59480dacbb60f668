import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer

/// Menus sent in parts: `menu.open` with `more: true`, then `menu.append`
/// requests, the last without `more`, which opens the menu. This is how a
/// dmenu-sized list (tens of thousands of lines) reaches keymenud without
/// raising the 64 KiB line limit for everyone: each request stays a line of
/// its own, at most 4096 items, and the staged items count in the uid's
/// held text like any other (`-32007`). Each part is checked and built as
/// it comes; the menu opens with the last.
extension DaemonCore {
  /// `menu.open` with `more`: builds and keeps the first items; the request
  /// is answered when the menu it opens closes.
  func stageMenu(_ params: MenuOpenParams, id: RPCID, _ session: ClientSession) throws(RPCError) -> JSONValue?
  {
    var staged = StagedMenu(
      title: params.title, filter: params.filter ?? false, entries: [], selectors: [], count: 0, bytes: 0)
    try add(
      params.items, bytes: params.heldBytes, to: &staged, key: .request(client: session.client.id, id: id),
      session)
    session.stagedMenus[id] = staged
    return nil
  }

  /// `menu.append`: more items for a staged menu; without `more`, the menu
  /// opens. Answered at once with how many items it has so far.
  func appendMenu(_ params: MenuAppendParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    // Taken out while it grows, so that its arrays are not copied per part.
    guard var staged = session.stagedMenus.removeValue(forKey: params.request) else {
      throw .notFound("no menu opened with more by request \(params.request)")
    }
    let key = HoldingKey.request(client: session.client.id, id: params.request)
    do {
      try add(params.items, bytes: params.heldBytes, to: &staged, key: key, session)
    } catch {
      session.stagedMenus[params.request] = staged
      throw error
    }
    guard params.more != true else {
      session.stagedMenus[params.request] = staged
      return ["items": .int(staged.count)]
    }
    let sections = MenuSection.split(staged.entries)
    guard !sections.isEmpty else {
      for selector in staged.selectors { engine.registry.remove(selector) }
      _ = holdings.release(key)
      let error = RPCError.invalidParams("a menu needs at least one item", field: "items")
      session.client.send(.error(id: params.request, error))
      throw error
    }
    let menu = Menu(title: staged.title, sections: sections, filterable: staged.filter)
    let selectors = staged.selectors
    let registry = engine.registry
    present(menu, for: session, request: RPCRequest(id: params.request, method: "menu.open", params: nil)) {
      for selector in selectors { registry.remove(selector) }
    }
    return ["items": .int(staged.count), "opened": true]
  }

  /// `menu.close` of a staged menu: it never opens; its request is answered
  /// `cancelled`.
  func cancelStagedMenu(_ request: RPCID, _ session: ClientSession) -> JSONValue {
    if let staged = session.stagedMenus.removeValue(forKey: request) {
      for selector in staged.selectors { engine.registry.remove(selector) }
    }
    _ = holdings.release(.request(client: session.client.id, id: request))
    session.client.send(.result(id: request, ["cancelled": true]))
    return ["closed": .null]
  }

  /// Builds one part into `staged`, within the menu's item limit and the
  /// uid's share of held text; nothing changes when it is refused.
  private func add(
    _ items: [MenuItemParams], bytes: Int, to staged: inout StagedMenu, key: HoldingKey,
    _ session: ClientSession
  ) throws(RPCError) {
    let count = Self.itemCount(items)
    guard staged.count + count <= MenuBuilder.maximumStagedItems else {
      throw .invalidParams(
        "the menu would have more than \(MenuBuilder.maximumStagedItems) items", field: "items")
    }
    let holding = HoldingLedger<HoldingKey>.Holding(
      uid: session.client.credentials.uid, kind: .waiting, bytes: staged.bytes + bytes)
    try holdings.check(key, holding)
    var builder = clientMenuBuilder(session, kind: "menu")
    let entries: [MenuItem?]
    do {
      entries = try builder.entries(items)
    } catch {
      for selector in builder.registered { engine.registry.remove(selector) }
      throw error
    }
    holdings.record(key, holding)
    staged.entries += entries
    staged.selectors += builder.registered
    staged.count += count
    staged.bytes = holding.bytes
  }

  /// Items at every level.
  static func itemCount(_ items: [MenuItemParams]) -> Int {
    items.reduce(0) { $0 + 1 + itemCount($1.items ?? []) }
  }
}
