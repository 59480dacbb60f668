import Glibc
import KeyMenuConfig
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuEvdev
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer
import Logging

extension RequestRouter {
  /// `events.subscribe`: adds topics; the result carries a snapshot of the
  /// current state, so events that follow are changes to it.
  func subscribe(_ params: SubscribeParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    guard !params.topics.isEmpty else { throw .invalidParams("name at least one topic", field: "topics") }
    for (index, topic) in params.topics.enumerated() {
      guard let needed = catalog.topics[topic] else {
        let known = catalog.topics.keys.sorted().joined(separator: ", ")
        throw .invalidParams("unknown topic \(topic); topics are \(known)", field: "topics.[\(index)]")
      }
      guard session.client.tier >= needed else {
        logger.notice(
          "client \(session.client.id) (uid \(session.client.credentials.uid)) refused topic \(topic): tier \(session.client.tier.rawValue)"
        )
        throw .forbidden("topic \(topic)", tier: session.client.tier.rawValue, needs: needed.rawValue)
      }
    }
    let topics = Set(params.topics)
    session.topics.formUnion(topics)
    if topics.contains("keys") {
      logger.warning(
        "client \(session.client.id) (uid \(session.client.credentials.uid), pid \(session.client.credentials.pid)) subscribed to raw key events"
      )
      connections.subscribeToKeys(session.client)
    }
    hub.subscribe(session.client, to: Array(topics.subtracting(["keys"])))
    return JSONValue(
      encoding: SubscribeResult(
        topics: session.topics.sorted(),
        snapshot: .init(
          state: hub.state(of: engine.modalStack.snapshot, for: session.viewer), devices: deviceEntries())))
  }

  /// The device a client's pressed keys come from: none of the real ones,
  /// so a press never mixes with a key held on a keyboard.
  nonisolated static let clientKeysDevice = DeviceID(UInt32.max)

  /// `modal.press`: a key pressed (down, then up) on one of the caller's
  /// modals while it is in front, as if on a keyboard, for a client that
  /// reads keys elsewhere (keymenu-whiptail on the script's terminal). The
  /// kinds say whose modal it is (``ModalOwnership``); the key goes to the
  /// front modal's handler only, never to hotkeys, the panic chord or
  /// subscribers, and is marked synthetic, carrying the `text` it types
  /// when the client gives one. Neither is logged.
  func press(_ params: ModalPressParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    let chord: KeyChord
    do {
      chord = try KeyChord.parse(params.key, names: keyNames)
    } catch {
      throw .invalidParams(error.message + " (" + error.hint + ")", field: "key")
    }
    guard let ownership = hostBox.host?.service(ModalOwnership.self),
      let id = ownership.modal(of: session.client.id, named: params.target)
    else {
      // Worded only for the error: made at every press, it cost about 5 of the engine's 135 µs per press.
      let named = params.request.map { "shown by request \($0)" } ?? params.id ?? ""
      throw .notFound("no open modal of this connection \(named) that takes keys")
    }
    guard engine.modalStack.frontID == id else {
      throw .notFound("\(id) is not in front: keys go to what is in front")
    }
    let time = Self.kernelTime(engine.now)
    let name = keyNames.name(of: chord.key)
    let down = KeyEvent(
      code: chord.key, name: name, action: .down, modifiers: chord.heldModifiers,
      device: Self.clientKeysDevice, time: time, isSynthetic: true, text: params.text)
    // What the key sets off (a configured item of a modal the client
    // showed) is counted against the client, not the configuration.
    let outcome = actions.raised.paying(session.payer) { engine.press(down) }
    // A release types nothing.
    let up = KeyEvent(
      code: chord.key, name: name, action: .up, modifiers: chord.heldModifiers,
      device: Self.clientKeysDevice, time: time, isSynthetic: true, text: params.text.map { _ in "" })
    actions.raised.paying(session.payer) { _ = engine.press(up) }
    return ModalPressResult(pressed: id, consumed: outcome == .consumedByModal).jsonValue
  }

  /// `modal.tap`: a presenter's tap or click on the modal in front (an
  /// item, a button, a scroll), for a touch screen or a pointer. Any drive
  /// client may tap what is in front, as a person at the screen may press
  /// a key; the tap names the modal it was meant for, so a tap on one that
  /// has since gone answers nothing. Never logged.
  func tap(_ params: ModalTapParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    guard engine.modalStack.frontID == params.id else {
      throw .notFound("\(params.id) is not in front: taps go to what is in front")
    }
    let target: ModalTap.Target =
      if let item = params.item { .item(item) } else if let button = params.button { .button(button) } else {
        .scroll(params.scroll ?? 0)
      }
    let outcome = actions.raised.paying(session.payer) {
      engine.tap(ModalTap(id: params.id, target: target))
    }
    return JSONValue(encoding: ModalTapResult(tapped: params.id, consumed: outcome == .consumedByModal))
  }

  /// A kernel-style timestamp for the engine's time since start.
  private nonisolated static func kernelTime(_ elapsed: Duration) -> KernelTime {
    let parts = elapsed.components
    return KernelTime(seconds: parts.seconds, microseconds: Int32(parts.attoseconds / 1_000_000_000_000))
  }

  /// `selector.invoke`: runs a selector's action. A drive client may invoke
  /// the configuration's selectors and its own; another client's need admin.
  /// `selector.list`: every selector, with `wrapped_by` when plugins wrap it.
  var selectorList: JSONValue {
    let wrapped = engine.registry.wrapperOwners
    return JSONValue(
      encoding: engine.registry.all.map { info in
        SelectorEntry(info, wrappedBy: (wrapped[info.selector] ?? []).map(\.rawValue))
      })
  }

  func invokeSelector(_ params: SelectorParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    let selector = Selector(params.selector)
    guard let info = engine.registry.info(selector) else {
      throw .notFound("no selector \(params.selector)")
    }
    let ownedByOtherClient = info.owner.rawValue.hasPrefix("client:") && info.owner != session.selectorOwner
    if ownedByOtherClient, session.client.tier < .admin {
      throw .forbidden(
        "selector.invoke of another client's selector", tier: session.client.tier.rawValue, needs: "admin")
    }
    do {
      // What the selector's action shows is counted against this client's uid.
      try actions.raised.paying(session.payer) { () throws(SelectorError) in
        try engine.registry.invoke(selector, source: session.owner)
      }
    } catch {
      // A command the action would run is past its bound: -32007.
      if let refusal = actions.commands.takeRefusal() { throw refusal }
      throw RPCError(
        code: RPCError.actionFailedCode, message: error.message,
        data: JSONValue(encoding: ActionFailedData(selector: params.selector, code: error.code.rawValue)))
    }
    return JSONValue(encoding: SelectorInvokeResult(invoked: params.selector))
  }

  /// How a plugin's wrapper treats the action it wraps.
  enum WrapMode: String, CaseIterable {
    /// The plugin is told, then the action runs.
    case before
    /// The action runs, then the plugin is told.
    case after
    /// The plugin is told and the action does not run; the plugin may run it
    /// with `selector.original`.
    case replace
  }

  /// `selector.wrap` (external plugins): the plugin is sent
  /// `selector.wrapped` each time the selector runs. The daemon never waits
  /// for the plugin. Another owner's selector (a configured item's, another
  /// client's) needs the admin tier.
  func wrapSelector(_ params: WrapParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    guard let mode = WrapMode(rawValue: params.mode) else {
      throw .invalidParams("must be before, after or replace", field: "mode")
    }
    let selector = Selector(params.selector)
    guard let info = engine.registry.info(selector) else { throw .notFound("no selector \(params.selector)") }
    if info.owner != session.selectorOwner, session.client.tier < .admin {
      throw .forbidden(
        "selector.wrap of a selector it does not own", tier: session.client.tier.rawValue, needs: "admin")
    }
    let client = session.client
    let number = connections.takeWrapperNumber()
    let tell: @Sendable (SelectorInvocation) -> Void = { invocation in
      let notice = SelectorWrappedNotice(
        SelectorInvokedNotice(invocation), mode: mode.rawValue, wrapper: number)
      client.send(line: RPCOutgoing.notificationLine(method: SelectorWrappedNotice.method, encoding: notice))
    }
    let token: WrapperToken
    do {
      token = try engine.registry.wrap(selector, owner: session.selectorOwner) { invocation, original in
        switch mode {
        case .before:
          tell(invocation)
          try original()
        case .after:
          try original()
          tell(invocation)
        case .replace:
          tell(invocation)
        }
      }
    } catch {
      throw .notFound(error.message)
    }
    session.wrappers[number] = token
    logger.info("\(client.label) wraps \(params.selector) (\(mode.rawValue))")
    return JSONValue(
      encoding: SelectorWrapResult(wrapper: number, selector: params.selector, mode: mode.rawValue))
  }

  /// `selector.unwrap`: removes one of the plugin's wrappers.
  func unwrapSelector(_ params: WrapperParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    guard let token = session.wrappers.removeValue(forKey: params.wrapper) else {
      throw .notFound("no wrapper \(params.wrapper) of this plugin")
    }
    engine.registry.unwrap(token)
    return JSONValue(encoding: SelectorUnwrapResult(unwrapped: params.wrapper))
  }

  /// `selector.original`: runs what the plugin's wrapper wraps (the action
  /// and any older wrappers), for a `replace` wrapper that decides to.
  func invokeOriginal(_ params: WrapperParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    guard let token = session.wrappers[params.wrapper] else {
      throw .notFound("no wrapper \(params.wrapper) of this plugin")
    }
    do {
      try actions.raised.paying(session.payer) { () throws(SelectorError) in
        try engine.registry.invoke(token.selector, source: session.owner, beneath: token)
      }
    } catch {
      throw RPCError(
        code: RPCError.actionFailedCode, message: error.message,
        data: JSONValue(
          encoding: ActionFailedData(selector: token.selector.rawValue, code: error.code.rawValue)))
    }
    return JSONValue(encoding: SelectorInvokeResult(invoked: token.selector.rawValue))
  }
}
