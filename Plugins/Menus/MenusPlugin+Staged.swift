import KeyMenuPluginAPI
import KeyMenuProtocol

/// Menus sent in parts: `menu.open` with `more: true`, then `menu.append`
/// requests, the last without `more`, which opens the menu. This is how a
/// dmenu-sized list (tens of thousands of lines) reaches keymenud without
/// raising the 64 KiB line limit for everyone: each request stays a line of
/// its own, at most 4096 items, and the staged items count in the uid's
/// held text like any other (`-32007`). Each part is checked and built as
/// it comes; the menu opens with the last.
extension MenusPlugin {
  /// `menu.open` with `more`: builds and keeps the first items; the request
  /// is answered when the menu it opens closes.
  func stageMenu(_ params: MenuOpenParams, _ call: MethodCall, host: any PluginHost) throws(RPCError)
    -> JSONValue?
  {
    guard let request = call.requestID, let reply = call.reply else { return nil }
    var staged = StagedMenu(
      title: params.title, filter: params.filter ?? false, highlight: params.highlight,
      timeoutMilliseconds: params.timeoutMilliseconds, wakeTV: params.wakeTV,
      answerKeys: try AnswerKeys.resolve(params.answerKeys, host: host), devices: params.devices,
      dmenu: params.dmenuStyle,
      owner: SelectorOwner(rawValue: call.caller.owner), reply: reply)
    try add(params.items, bytes: params.heldBytes, to: &staged, caller: call.caller, host: host) {
      (bytes: Int) throws(RPCError) in try call.holdWhileWaiting(bytes: bytes)
    }
    library.staged[RequestBook.Key(connection: call.caller.connection, request: request)] = staged
    return nil
  }

  /// `menu.append`: more items for a staged menu; without `more`, the menu
  /// opens. Answered at once with how many items it has so far.
  func appendMenu(_ call: MethodCall, host: any PluginHost) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: MenuAppendParams.self)
    let caller = call.caller
    let key = RequestBook.Key(connection: caller.connection, request: params.request)
    // Taken out while it grows, so that its arrays are not copied per part.
    guard var staged = library.staged.removeValue(forKey: key) else {
      throw .notFound("no menu opened with more by request \(params.request)")
    }
    let holdings = host.service(ClientHoldings.self)
    do {
      try add(params.items, bytes: params.heldBytes, to: &staged, caller: caller, host: host) {
        (bytes: Int) throws(RPCError) in try holdings?.holdWaiting(params.request, of: caller, bytes: bytes)
      }
    } catch {
      library.staged[key] = staged
      throw error
    }
    guard params.more != true else {
      let count = staged.count
      library.staged[key] = staged
      return JSONValue(encoding: MenuAppendResult(items: count))
    }
    let sections =
      staged.dmenu == nil
      ? MenuSection.split(staged.entries) : [MenuSection(items: staged.entries.compactMap { $0 })]
    guard !sections.isEmpty else {
      remove(staged.selectors, of: caller, host: host)
      let error = RPCError.invalidParams("a menu needs at least one item", field: "items")
      // The menu.open request is answered with the error too; its holding goes back.
      staged.reply.fail(error)
      throw error
    }
    var menu = Menu(
      title: staged.title, sections: sections, filterable: staged.filter || staged.dmenu != nil,
      dmenu: staged.dmenu
    )
    .opened(
      highlight: staged.highlight, timeoutMilliseconds: staged.timeoutMilliseconds, wakeTV: staged.wakeTV)
    menu.answerKeys = staged.answerKeys
    menu.devices = staged.devices
    let selectors = staged.selectors
    present(menu, owner: caller.owner, key: key, reply: staged.reply, host: host) { [weak self] in
      self?.remove(selectors, of: caller, host: host)
    }
    return JSONValue(encoding: MenuAppendResult(items: staged.count, opened: true))
  }

  /// `menu.close` of a staged menu: it never opens; its request is answered
  /// `cancelled`.
  func cancel(_ staged: StagedMenu, of caller: MethodCaller, host: any PluginHost) -> JSONValue {
    remove(staged.selectors, of: caller, host: host)
    staged.reply.answer(JSONValue(encoding: MenuOpenResult.cancelled(reason: MenuOpenResult.closed)))
    return JSONValue(encoding: MenuCloseResult(closed: nil))
  }

  /// Builds one part into `staged`, within the menu's item limit and the
  /// uid's share of held text (`hold` counts the menu's bytes so far);
  /// nothing changes when it is refused.
  private func add(
    _ items: [MenuItemParams], bytes: Int, to staged: inout StagedMenu, caller: MethodCaller,
    host: any PluginHost, hold: (Int) throws(RPCError) -> Void
  ) throws(RPCError) {
    let count = Self.itemCount(items)
    guard staged.count + count <= MenuBuilder.maximumStagedItems else {
      throw .invalidParams(
        "the menu would have more than \(MenuBuilder.maximumStagedItems) items", field: "items")
    }
    try hold(staged.bytes + bytes)
    var builder = clientMenuBuilder(caller, kind: "menu", host: host)
    let entries: [MenuItem?]
    do {
      entries = staged.dmenu == nil ? try builder.entries(items) : try builder.flatItems(items)
    } catch {
      remove(builder.registered, of: caller, host: host)
      // Back to what the menu held before this part (it holds no more than before).
      try? hold(staged.bytes)
      throw error
    }
    staged.entries += entries
    staged.selectors += builder.registered
    staged.count += count
    staged.bytes += bytes
  }

  /// Items at every level.
  static func itemCount(_ items: [MenuItemParams]) -> Int {
    items.reduce(0) { $0 + 1 + itemCount($1.items ?? []) }
  }
}
