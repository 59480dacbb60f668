import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer

extension DaemonCore {
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
      try raised.paying(session.payer) { () throws(SelectorError) in
        try engine.registry.invoke(selector, source: session.owner)
      }
    } catch {
      // A command the action would run is past its bound: -32007.
      if let refusal = commands.takeRefusal() { throw refusal }
      throw RPCError(
        code: RPCError.actionFailedCode, message: error.message,
        data: JSONValue(encoding: ActionFailedData(selector: params.selector, code: error.code.rawValue)))
    }
    return JSONValue(encoding: SelectorInvokeResult(invoked: params.selector))
  }
}
