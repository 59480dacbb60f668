import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer
import Logging

extension DaemonCore {
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
      try raised.paying(session.payer) { () throws(SelectorError) in
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
