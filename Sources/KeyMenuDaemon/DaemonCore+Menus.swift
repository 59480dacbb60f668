import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer
import Logging
import MenusPlugin

extension DaemonCore {
  /// `menu.open`: an ad-hoc menu, answered when it closes; its selectors go with it.
  func openMenu(_ params: MenuOpenParams, _ request: RPCRequest, _ session: ClientSession) throws(RPCError)
    -> JSONValue?
  {
    if params.more == true, let id = request.id { return try stageMenu(params, id: id, session) }
    var builder = clientMenuBuilder(session, kind: "menu")
    let menu = try builder.build(title: params.title, items: params.items, filter: params.filter ?? false)
    let selectors = builder.registered
    let registry = engine.registry
    if let id = request.id {
      do {
        try holdings.reserve(
          .request(client: session.client.id, id: id),
          .init(uid: session.client.credentials.uid, kind: .waiting, bytes: params.heldBytes))
      } catch {
        for selector in selectors { registry.remove(selector) }
        throw error
      }
    }
    present(menu, for: session, request: request) {
      for selector in selectors { registry.remove(selector) }
    }
    return nil
  }

  /// `menu.close`: the owner closes one of its open menus (answered
  /// `cancelled`); an admin may close any menu by id, a configured one too.
  func closeMenu(_ params: DismissParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    if let request = params.request, session.stagedMenus[request] != nil {
      return cancelStagedMenu(request, session)
    }
    if let id = try othersObject(params, in: session.openMenus, session, what: "menu") {
      guard menus.close(id) else { throw .notFound("no open menu \(id)") }
      logger.notice("client:\(session.client.id) (admin) closed menu \(id) of another owner")
      return ["closed": .string(id)]
    }
    let id = try ownedObject(params, in: session.openMenus, what: "menu")
    // Closed meanwhile (a key) while this request waited in the mailbox.
    guard menus.close(id) else { throw .notFound("menu \(id) was already closed") }
    return ["closed": .string(id)]
  }

  /// `menu.define`: a named menu owned by the connection; `notify` items send
  /// their owner `selector.invoked` each time they are chosen.
  func defineMenu(_ params: MenuDefineParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    guard !params.name.isEmpty, params.name.utf8.count <= 128 else {
      throw .invalidParams("must be 1 to 128 bytes", field: "name")
    }
    // The administrator's menus are not for clients to replace (docs/PROTOCOL.md, menu.define).
    if configured.menus[params.name] != nil {
      throw .invalidParams("menu \(params.name) is defined by the configuration", field: "name")
    }
    if let existing = definedMenus[params.name], existing.ownerClient != session.client.id {
      throw .invalidParams("menu \(params.name) belongs to another client", field: "name")
    }
    guard
      session.definedMenus.contains(params.name)
        || session.definedMenus.count < ProtocolLimits.maximumDefinedMenus
    else {
      throw .limitReached(
        "this connection already defines \(session.definedMenus.count) menus (at most \(ProtocolLimits.maximumDefinedMenus))"
      )
    }
    var builder = clientMenuBuilder(session, kind: params.name)
    let menu = try builder.build(title: params.title, items: params.items, filter: params.filter ?? false)
    let holding = HoldingLedger<HoldingKey>.Holding(
      uid: session.client.credentials.uid, kind: .defined, bytes: params.heldBytes)
    do {
      // In place of the menu it redefines, if any.
      try holdings.check(.definedMenu(params.name), holding)
    } catch {
      for selector in builder.registered { engine.registry.remove(selector) }
      throw error
    }
    removeDefinedMenu(params.name)
    holdings.record(.definedMenu(params.name), holding)
    definedMenus[params.name] = DefinedMenu(
      name: params.name, ownerClient: session.client.id, menu: menu, selectors: builder.registered)
    session.definedMenus.insert(params.name)
    return [
      "name": .string(params.name), "selectors": .array(builder.registered.map { .string($0.rawValue) }),
    ]
  }

  /// `menu.remove`: the owner (or an admin) removes a defined menu.
  func removeMenu(_ params: MenuNameParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    guard let defined = definedMenus[params.name] else { throw .notFound("no menu named \(params.name)") }
    guard defined.ownerClient == session.client.id || session.client.tier == .admin else {
      throw .forbidden(
        "menu.remove of another client's menu", tier: session.client.tier.rawValue, needs: "admin")
    }
    if let owner = defined.ownerClient { sessions[owner]?.definedMenus.remove(params.name) }
    removeDefinedMenu(params.name)
    return ["removed": .string(params.name)]
  }

  /// `menu.show`: opens a defined or configured menu, answered like `menu.open`.
  func showMenu(_ params: MenuNameParams, _ request: RPCRequest, _ session: ClientSession) throws(RPCError)
    -> JSONValue?
  {
    guard configured.menus[params.name] != nil || definedMenus[params.name] != nil else {
      throw .notFound("no menu named \(params.name)")
    }
    if let id = request.id {
      // Its text is held by its definition already.
      try holdings.reserve(
        .request(client: session.client.id, id: id),
        .init(uid: session.client.credentials.uid, kind: .waiting, bytes: 0))
    }
    showNamedMenu(params.name, for: session, request: request)
    return nil
  }

  /// `menu.list`: every named menu, the configuration's and the clients'.
  var menuList: JSONValue {
    let all = Array(configured.menus.values) + Array(definedMenus.values)
    return .array(
      all.sorted { $0.name < $1.name }.map { defined in
        [
          "name": .string(defined.name), "title": .string(defined.menu.title),
          "owner": .string(defined.ownerClient.map { sessions[$0]?.owner ?? "client:\($0)" } ?? "config"),
          "open": .bool(!defined.openIDs.isEmpty),
        ]
      })
  }

  /// Opens a named menu (the configuration's first: a client cannot define
  /// one of its names, and one the configuration gained on a reload wins);
  /// `session` and `request` get the answer.
  @discardableResult
  func showNamedMenu(_ name: String, for session: ClientSession?, request: RPCRequest?) -> Bool {
    let isClientMenu = configured.menus[name] == nil
    guard let defined = configured.menus[name] ?? definedMenus[name] else { return false }
    let mailbox = mailbox
    let id = present(defined.menu, for: session, request: request) {
      mailbox.post { core in
        core.definedMenus[name]?.openIDs.formIntersection(core.menus.openIDs)
        core.configured.menus[name]?.openIDs.formIntersection(core.menus.openIDs)
      }
    }
    if isClientMenu {
      definedMenus[name]?.openIDs.insert(id)
    } else {
      configured.menus[name]?.openIDs.insert(id)
    }
    return true
  }

  /// Opens `menu`; the answer goes to `session` for `request`, if any.
  @discardableResult
  func present(
    _ menu: Menu, for session: ClientSession?, request: RPCRequest?, onClose: @escaping @Sendable () -> Void
  ) -> String {
    let client = session?.client
    let requestID = request?.id
    let mailbox = mailbox
    let id = menus.open(menu, owner: session?.owner ?? "config") { result in
      onClose()
      guard let client else { return }
      // Forgotten before the answer goes out (see showAlert).
      mailbox.post { core in
        guard let requestID else { return }
        core.sessions[client.id]?.openMenus[requestID] = nil
        core.holdings.release(.request(client: client.id, id: requestID))
      }
      if let requestID {
        switch result {
        case .chose(let selector, let title, let path):
          client.send(
            .result(
              id: requestID,
              [
                "selector": .string(selector), "title": .string(title),
                "path": .array(path.map { .string($0) }),
              ]))
        case .cancelled:
          client.send(.result(id: requestID, ["cancelled": true]))
        }
      }
    }
    if let requestID, let session { session.openMenus[requestID] = id }
    return id
  }

  /// Removes a defined menu: its open instances close and its selectors go.
  func removeDefinedMenu(_ name: String) {
    guard let defined = definedMenus.removeValue(forKey: name) else { return }
    holdings.release(.definedMenu(name))
    for id in defined.openIDs { menus.close(id) }
    for selector in defined.selectors { engine.registry.remove(selector) }
  }

  func clientMenuBuilder(_ session: ClientSession, kind: String) -> MenuBuilder {
    let registry = engine.registry
    let owner = session.selectorOwner
    let client = session.client
    let hub = hub
    return MenuBuilder(keyNames: keyNames) { title, notify in
      registry.register(kind: kind, title: title, owner: owner) { invocation in
        hub.selectorInvoked(invocation, notifying: notify ? client : nil)
      }
    }
  }
}
