import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer

extension RequestRouter {
  /// The route of each of the daemon's own methods: a switch over every
  /// ``DaemonMethod``, so each has exactly one handler.
  nonisolated static func route(_ method: DaemonMethod) -> MethodRoute {
    switch method {
    case .hello:
      MethodRoute { router, _, session in
        router.status.hello(tier: session.client.tier, plugin: session.client.pluginName != nil)
      }
    case .daemonStatus:
      MethodRoute { router, _, _ in router.status.statusJSON }
    case .stateGet:
      MethodRoute { router, _, session in
        JSONValue(encoding: router.hub.state(of: router.engine.modalStack.snapshot, for: session.viewer))
      }
    case .devicesList:
      MethodRoute { router, _, _ in router.devicesJSON }
    case .selectorList:
      MethodRoute { router, _, _ in router.selectorList }
    case .selectorInvoke:
      MethodRoute { (router, request, session) throws(RPCError) in
        try router.invokeSelector(request.checkedParams(as: SelectorParams.self), session)
      }
    case .selectorWrap:
      MethodRoute { (router, request, session) throws(RPCError) in
        try router.wrapSelector(request.checkedParams(as: WrapParams.self), session)
      }
    case .selectorUnwrap:
      MethodRoute { (router, request, session) throws(RPCError) in
        try router.unwrapSelector(request.checkedParams(as: WrapperParams.self), session)
      }
    case .selectorOriginal:
      MethodRoute { (router, request, session) throws(RPCError) in
        try router.invokeOriginal(request.checkedParams(as: WrapperParams.self), session)
      }
    case .modalPress:
      MethodRoute { (router, request, session) throws(RPCError) in
        try router.press(request.pressParams(), session)
      }
    case .modalTap:
      MethodRoute { (router, request, session) throws(RPCError) in
        try router.tap(request.checkedParams(as: ModalTapParams.self), session)
      }
    case .eventsSubscribe:
      MethodRoute { (router, request, session) throws(RPCError) in
        try router.subscribe(request.checkedParams(as: SubscribeParams.self), session)
      }
    case .configReload:
      MethodRoute { (router, _, session) throws(RPCError) in
        try router.reload(session)
      }
    }
  }

  /// Every method the daemon carries out, by name: what the request
  /// dispatch looks up (an unknown name is `-32601`).
  nonisolated static let routes: [String: MethodRoute] = Dictionary(
    uniqueKeysWithValues: DaemonMethod.allCases.map { ($0.rawValue, route($0)) })
}
