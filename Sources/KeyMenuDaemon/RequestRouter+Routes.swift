import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer

extension RequestRouter {
  /// Every method the daemon carries out, by name: what the request
  /// dispatch looks up (an unknown name is `-32601`).
  nonisolated static let routes: [String: MethodRoute] = [
    "hello": MethodRoute { router, _, session in
      router.status.hello(tier: session.client.tier, plugin: session.client.pluginName != nil)
    },
    "daemon.status": MethodRoute { router, _, _ in router.status.statusJSON },
    "state.get": MethodRoute { router, _, session in
      JSONValue(encoding: router.hub.state(of: router.engine.modalStack.snapshot, for: session.viewer))
    },
    "devices.list": MethodRoute { router, _, _ in router.devicesJSON },
    "selector.list": MethodRoute { router, _, _ in router.selectorList },
    "selector.invoke": MethodRoute { (router, request, session) throws(RPCError) in
      try router.invokeSelector(request.checkedParams(as: SelectorParams.self), session)
    },
    "selector.wrap": MethodRoute { (router, request, session) throws(RPCError) in
      try router.wrapSelector(request.checkedParams(as: WrapParams.self), session)
    },
    "selector.unwrap": MethodRoute { (router, request, session) throws(RPCError) in
      try router.unwrapSelector(request.checkedParams(as: WrapperParams.self), session)
    },
    "selector.original": MethodRoute { (router, request, session) throws(RPCError) in
      try router.invokeOriginal(request.checkedParams(as: WrapperParams.self), session)
    },
    "modal.press": MethodRoute { (router, request, session) throws(RPCError) in
      try router.press(request.checkedParams(as: ModalPressParams.self), session)
    },
    "events.subscribe": MethodRoute { (router, request, session) throws(RPCError) in
      try router.subscribe(request.checkedParams(as: SubscribeParams.self), session)
    },
    "config.reload": MethodRoute { (router, _, session) throws(RPCError) in
      try router.reload(session)
    },
  ]
}
