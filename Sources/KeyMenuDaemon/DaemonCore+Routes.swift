import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer

extension DaemonCore {
  /// Every method the daemon carries out, by name: what the request
  /// dispatch looks up (an unknown name is `-32601`).
  nonisolated static let routes: [String: MethodRoute] = [
    "hello": MethodRoute { core, _, session in
      core.status.hello(tier: session.client.tier, plugin: session.client.pluginName != nil)
    },
    "daemon.status": MethodRoute { core, _, _ in core.status.statusJSON },
    "state.get": MethodRoute { core, _, session in
      JSONValue(encoding: core.hub.state(of: core.engine.modalStack.snapshot, for: session.viewer))
    },
    "devices.list": MethodRoute { core, _, _ in core.devicesJSON },
    "selector.list": MethodRoute { core, _, _ in core.selectorList },
    "selector.invoke": MethodRoute { (core, request, session) throws(RPCError) in
      try core.invokeSelector(request.checkedParams(as: SelectorParams.self), session)
    },
    "selector.wrap": MethodRoute { (core, request, session) throws(RPCError) in
      try core.wrapSelector(request.checkedParams(as: WrapParams.self), session)
    },
    "selector.unwrap": MethodRoute { (core, request, session) throws(RPCError) in
      try core.unwrapSelector(request.checkedParams(as: WrapperParams.self), session)
    },
    "selector.original": MethodRoute { (core, request, session) throws(RPCError) in
      try core.invokeOriginal(request.checkedParams(as: WrapperParams.self), session)
    },
    "modal.press": MethodRoute { (core, request, session) throws(RPCError) in
      try core.press(request.checkedParams(as: ModalPressParams.self), session)
    },
    "events.subscribe": MethodRoute { (core, request, session) throws(RPCError) in
      try core.subscribe(request.checkedParams(as: SubscribeParams.self), session)
    },
    "config.reload": MethodRoute { (core, _, session) throws(RPCError) in
      try core.reloadRequested(by: session)
    },
  ]
}
