import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuProtocol
import Logging

/// The menus plugin's socket methods: `menu.open` (answered when the menu
/// closes), `menu.close`, `menu.define`, `menu.remove`, `menu.show`
/// (answered like `menu.open`) and `menu.list`; `menu.append` is in
/// MenusPlugin+Staged. A client's open menus are kept by the request that
/// opened them (``RequestBook``), its defined menus by name; both end when
/// its connection closes (``ConnectionClosed``).
extension MenusPlugin {
  /// What the descriptor declares.
  nonisolated static let methods: [PluginMethod<MenusPlugin>] = [
    .init("menu.open", tier: .drive, answeredLater: true) { plugin, host, call throws(RPCError) in
      try plugin.openMenu(call, host: host)
    },
    .init("menu.append", tier: .drive) { plugin, host, call throws(RPCError) in
      try plugin.appendMenu(call, host: host)
    },
    .init("menu.close", tier: .drive) { plugin, host, call throws(RPCError) in
      try plugin.closeMenu(call, host: host)
    },
    .init("menu.define", tier: .drive) { plugin, host, call throws(RPCError) in
      try plugin.defineMenu(call, host: host)
    },
    .init("menu.remove", tier: .drive) { plugin, host, call throws(RPCError) in
      try plugin.removeMenu(call, host: host)
    },
    .init("menu.show", tier: .drive, answeredLater: true) { plugin, host, call throws(RPCError) in
      try plugin.showMenu(call, host: host)
    },
    .init("menu.list", tier: .observe) { plugin, _, _ throws(RPCError) in
      JSONValue(encoding: plugin.library.entries)
    },
  ]

  /// Longest name of a defined menu, in bytes.
  nonisolated static let maximumNameBytes = 128

  func registerMethods(with host: any PluginHost) {
    host.handle(Self.methods, for: self)
    _ = host.observe(.connectionClosed, tier: .passive) { [weak self] notification in
      guard let closed = notification.payload(as: ConnectionClosed.self) else { return .pass }
      self?.end(connection: closed.connection, host: host)
      return .pass
    }
  }

  /// `menu.open`: an ad-hoc menu, answered when it closes; its selectors go with it.
  private func openMenu(_ call: MethodCall, host: any PluginHost) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: MenuOpenParams.self)
    if params.more == true, call.requestID != nil { return try stageMenu(params, call, host: host) }
    var builder = clientMenuBuilder(call.caller, kind: "menu", host: host)
    var menu: Menu
    do {
      if let style = params.dmenuStyle {
        menu = try builder.buildFlat(title: params.title, items: params.items, dmenu: style)
          .opened(highlight: nil, timeoutMilliseconds: params.timeoutMilliseconds, wakeTV: params.wakeTV)
      } else {
        menu = try builder.build(title: params.title, items: params.items, filter: params.filter ?? false)
          .opened(
            highlight: params.highlight, timeoutMilliseconds: params.timeoutMilliseconds,
            wakeTV: params.wakeTV)
      }
      menu.answerKeys = try AnswerKeys.resolve(params.answerKeys, host: host)
      menu.devices = params.devices
      try call.holdWhileWaiting(bytes: params.heldBytes)
    } catch {
      remove(builder.registered, of: call.caller, host: host)
      throw error
    }
    let selectors = builder.registered
    let caller = call.caller
    present(menu, for: call, host: host) { [weak self] in self?.remove(selectors, of: caller, host: host) }
    return nil
  }

  /// `menu.close`: the owner closes one of its open menus (answered
  /// `cancelled`), or one still sent in parts; an admin may close any menu
  /// by id, a configured one too.
  private func closeMenu(_ call: MethodCall, host: any PluginHost) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: DismissParams.self)
    let caller = call.caller
    if let request = params.request,
      let staged = library.staged.removeValue(
        forKey: RequestBook.Key(connection: caller.connection, request: request))
    {
      return cancel(staged, of: caller, host: host)
    }
    let owned = { (id: String) in
      self.library.requests.connection(caller.connection, owns: id)
    }
    if params.request == nil, let id = params.id, !owned(id) {
      guard caller.tier == .admin else {
        throw .notFound("no pending menu \(id) of this connection (another client's needs the admin tier)")
      }
      guard close(id) else { throw .notFound("no open menu \(id)") }
      host.logger.notice("client:\(caller.connection) (admin) closed menu \(id) of another owner")
      return JSONValue(encoding: MenuCloseResult(closed: id))
    }
    let id: String
    if let request = params.request {
      let key = RequestBook.Key(connection: caller.connection, request: request)
      guard let found = library.requests.object(for: key) else {
        throw .notFound("no pending menu shown by request \(request)")
      }
      id = found
    } else {
      guard let given = params.id else { throw .invalidParams("give request or id", field: "request") }
      guard owned(given) else { throw .notFound("no pending menu \(given) of this connection") }
      id = given
    }
    // Closed meanwhile (a key) while this request waited for the engine.
    guard close(id) else { throw .notFound("menu \(id) was already closed") }
    return JSONValue(encoding: MenuCloseResult(closed: id))
  }

  /// `menu.define`: a named menu owned by the connection; `notify` items send
  /// their owner `selector.invoked` each time they are chosen.
  private func defineMenu(_ call: MethodCall, host: any PluginHost) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: MenuDefineParams.self)
    let name = params.name
    guard !name.isEmpty, name.utf8.count <= Self.maximumNameBytes else {
      throw .invalidParams("must be 1 to \(Self.maximumNameBytes) bytes", field: "name")
    }
    let caller = call.caller
    // The administrator's menus are not for clients to replace (docs/PROTOCOL.md, menu.define).
    if library.configured[name] != nil {
      throw .invalidParams("menu \(name) is defined by the configuration", field: "name")
    }
    if let existing = library.defined[name], existing.connection != caller.connection {
      throw .invalidParams("menu \(name) belongs to another client", field: "name")
    }
    let mine = library.definedNames(of: caller.connection)
    guard mine.contains(name) || mine.count < ProtocolLimits.maximumDefinedMenus else {
      throw .limitReached(
        "this connection already defines \(mine.count) menus (at most \(ProtocolLimits.maximumDefinedMenus))")
    }
    var builder = clientMenuBuilder(caller, kind: name, host: host)
    let menu: Menu
    do {
      menu = try builder.build(title: params.title, items: params.items, filter: params.filter ?? false)
      // In place of the menu it redefines, if any.
      try host.service(ClientHoldings.self)?.holdDefinition(
        name, of: self.name, uid: caller.uid, bytes: params.heldBytes)
    } catch {
      remove(builder.registered, of: caller, host: host)
      throw error
    }
    if let old = library.takeDefined(name) { end(old, host: host) }
    library.defined[name] = NamedMenu(
      name: name, owner: caller.owner, connection: caller.connection, menu: menu,
      selectors: builder.registered)
    return JSONValue(encoding: MenuDefineResult(name: name, selectors: builder.registered.map(\.rawValue)))
  }

  /// `menu.remove`: the owner (or an admin) removes a defined menu.
  private func removeMenu(_ call: MethodCall, host: any PluginHost) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: MenuNameParams.self)
    let caller = call.caller
    guard let defined = library.defined[params.name] else {
      throw .notFound("no menu named \(params.name)")
    }
    guard defined.connection == caller.connection || caller.tier == .admin else {
      throw .forbidden("menu.remove of another client's menu", tier: caller.tier.rawValue, needs: "admin")
    }
    removeDefinedMenu(params.name, host: host)
    return JSONValue(encoding: MenuRemoveResult(removed: params.name))
  }

  /// `menu.show`: opens a defined or configured menu, answered like
  /// `menu.open`, with this request's highlight and timeout.
  private func showMenu(_ call: MethodCall, host: any PluginHost) throws(RPCError) -> JSONValue? {
    let params = try call.checkedParams(as: MenuShowParams.self)
    guard library.named(params.name) != nil else {
      throw .notFound("no menu named \(params.name)")
    }
    let answerKeys = try AnswerKeys.resolve(params.answerKeys, host: host)
    // Its text is held by its definition already.
    try call.holdWhileWaiting(bytes: 0)
    showNamed(params.name, for: call, host: host) {
      var menu = $0.opened(
        highlight: params.highlight, timeoutMilliseconds: params.timeoutMilliseconds, wakeTV: params.wakeTV)
      if !answerKeys.isEmpty { menu.answerKeys = answerKeys }
      if params.devices != nil { menu.devices = params.devices }
      return menu
    }
    return nil
  }

  /// Opens `menu` for a request; its answer goes back through the call's
  /// reply when it closes, after `onClose`.
  func present(
    _ menu: Menu, for call: MethodCall, host: any PluginHost,
    onClose: @escaping @Sendable @EngineActor () -> Void
  ) {
    let key = call.requestID.map { RequestBook.Key(connection: call.caller.connection, request: $0) }
    present(menu, owner: call.caller.owner, key: key, reply: call.reply, host: host, onClose: onClose)
  }

  /// Opens `menu`; when it closes, `onClose` runs, then the request `key`
  /// (if any) is forgotten and `reply` (if any) gets the answer.
  @discardableResult
  func present(
    _ menu: Menu, owner: String, key: RequestBook.Key?, reply: MethodReply?, host: any PluginHost,
    onClose: @escaping @Sendable @EngineActor () -> Void
  ) -> String {
    let id = open(
      menu, owner: owner,
      onClose: { [weak self] result, device in
        onClose()
        // Forgotten after what the engine is doing now, as the daemon forgets
        // the request: a menu.close already on its way finds it closed.
        let plugin = self
        if let key { host.perform { _ = plugin?.library.requests.ended(key) } }
        reply?.answer(JSONValue(encoding: MenuOpenResult(result)).answered(by: device))
      },
      onPick: { picked in
        // Only the connection that opened the menu hears of it (menu.picked).
        guard let key, let reply else { return }
        let notice = MenuPickedNotice(request: key.request, answer: MenuOpenResult(picked))
        reply.notify(MenuPickedNotice.method, JSONValue(encoding: notice))
      })
    if let key { library.requests.started(key, object: id) }
    return id
  }

  /// Opens the menu named `name` (as `adjust` makes it over) for a request
  /// (`menu.show`) or for the configuration (`call` nil); false when there
  /// is none. `ended` runs when it closes.
  @discardableResult
  func showNamed(
    _ name: String, for call: MethodCall?, host: any PluginHost, adjust: (Menu) -> Menu = { $0 },
    ended: @escaping @Sendable @EngineActor () -> Void = {}
  ) -> Bool {
    guard let named = library.named(name) else { return false }
    let key = call.flatMap { call in
      call.requestID.map { RequestBook.Key(connection: call.caller.connection, request: $0) }
    }
    let id = present(
      adjust(named.menu), owner: call?.caller.owner ?? "config", key: key, reply: call?.reply, host: host
    ) { [weak self] in
      ended()
      guard let self else { return }
      let open = self.openIDs
      self.library.closed(named: name, stillOpen: open)
    }
    library.opened(id, named: name)
    return true
  }

  /// Removes a defined menu: its holding goes back, its open instances close
  /// and its selectors go.
  func removeDefinedMenu(_ name: String, host: any PluginHost) {
    guard let defined = library.takeDefined(name) else { return }
    host.service(ClientHoldings.self)?.releaseDefinition(name, of: self.name)
    end(defined, host: host)
  }

  /// Closes a named menu's open instances and removes its items' selectors.
  private func end(_ named: NamedMenu, host: any PluginHost) {
    for id in named.openIDs { close(id) }
    let owner = SelectorOwner(rawValue: named.owner)
    for selector in named.selectors { host.removeSelector(selector, ownedBy: owner) }
  }

  /// Ends what a connection kept: its open menus close, its menus sent in
  /// parts go unanswered (nobody is left to answer), its defined menus go.
  func end(connection: Int, host: any PluginHost) {
    let open = library.requests.takeAll(of: connection)
    let staged = library.takeStaged(of: connection)
    let defined = library.definedNames(of: connection)
    for id in open { close(id, reason: .dismissed) }
    for menu in staged {
      for selector in menu.selectors { host.removeSelector(selector, ownedBy: menu.owner) }
    }
    for name in defined { removeDefinedMenu(name, host: host) }
  }

  /// Ends everything the methods keep (the plugin stops): menus sent in
  /// parts are answered `cancelled`, defined menus go. Open menus were closed.
  func endAll(host: any PluginHost) {
    let staged = Array(library.staged.values)
    let defined = Array(library.defined.values)
    library = MenuLibrary()
    for menu in staged {
      for selector in menu.selectors { host.removeSelector(selector, ownedBy: menu.owner) }
      menu.reply.answer(JSONValue(encoding: MenuOpenResult.cancelled(reason: MenuOpenResult.dismissed)))
    }
    for named in defined {
      host.service(ClientHoldings.self)?.releaseDefinition(named.name, of: name)
      end(named, host: host)
    }
  }

  /// A builder whose items' selectors are the caller's: a `notify` item
  /// tells the caller when it is chosen.
  func clientMenuBuilder(_ caller: MethodCaller, kind: String, host: any PluginHost) -> MenuBuilder {
    let owner = SelectorOwner(rawValue: caller.owner)
    let reporter = host.service(InvocationReporter.self)
    let connection = caller.connection
    return MenuBuilder(keyNames: host.service(KeyNameTable.self) ?? KeyNameTable([])) { title, notify in
      host.registerSelector(kind: kind, title: title, for: owner) { invocation in
        reporter?.invoked(invocation, notifying: notify ? connection : nil)
      }
    }
  }

  /// Removes selectors registered for `caller`.
  func remove(_ selectors: [Selector], of caller: MethodCaller, host: any PluginHost) {
    let owner = SelectorOwner(rawValue: caller.owner)
    for selector in selectors { host.removeSelector(selector, ownedBy: owner) }
  }
}
