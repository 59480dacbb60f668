import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer

extension DaemonCore {
  /// Every method the daemon carries out, by name: what the request
  /// dispatch looks up (an unknown name is `-32601`).
  static let routes: [String: MethodRoute] = [
    "hello": MethodRoute { core, _, session in
      core.status.hello(tier: session.client.tier, plugin: session.client.pluginName != nil)
    },
    "daemon.status": MethodRoute { core, _, _ in core.status.statusJSON },
    "state.get": MethodRoute { core, _, _ in JSONValue(core.engine.modalStack.snapshot) },
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
    "menu.open": MethodRoute(plugin: "menus", answeredLater: true) {
      (core, request, session) throws(RPCError) in
      try core.openMenu(request.checkedParams(as: MenuOpenParams.self), request, session)
    },
    "menu.append": MethodRoute(plugin: "menus") { (core, request, session) throws(RPCError) in
      try core.appendMenu(request.checkedParams(as: MenuAppendParams.self), session)
    },
    "menu.close": MethodRoute(plugin: "menus") { (core, request, session) throws(RPCError) in
      try core.closeMenu(request.checkedParams(as: DismissParams.self), session)
    },
    "menu.define": MethodRoute { (core, request, session) throws(RPCError) in
      try core.defineMenu(request.checkedParams(as: MenuDefineParams.self), session)
    },
    "menu.remove": MethodRoute { (core, request, session) throws(RPCError) in
      try core.removeMenu(request.checkedParams(as: MenuNameParams.self), session)
    },
    "menu.show": MethodRoute(plugin: "menus", answeredLater: true) {
      (core, request, session) throws(RPCError) in
      try core.showMenu(request.checkedParams(as: MenuNameParams.self), request, session)
    },
    "menu.list": MethodRoute { core, _, _ in core.menuList },
    "events.subscribe": MethodRoute { (core, request, session) throws(RPCError) in
      try core.subscribe(request.checkedParams(as: SubscribeParams.self), session)
    },
    "config.reload": MethodRoute { (core, _, session) throws(RPCError) in
      try core.reloadRequested(by: session)
    },
  ]

  /// Methods whose response comes when a person answers.
  static let answeredLater: Set<String> = Set(routes.filter(\.value.answeredLater).keys)

  /// Whether `method`'s answer comes when a person answers: one of the
  /// daemon's own methods, or one a plugin of `plugins` declares so.
  static func answersLater(_ method: String, plugins: PluginCatalog) -> Bool {
    routes[method]?.answeredLater ?? plugins.declaredMethods[method]?.declaration.answeredLater ?? false
  }
}
