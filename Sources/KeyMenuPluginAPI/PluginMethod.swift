import KeyMenuEngineActor
public import KeyMenuProtocol

/// A socket method of a plugin, declared once with what carries it out:
/// its ``MethodDeclaration`` (name, tier, answered later), which the
/// plugin's descriptor lists, and its handler, bound to the running plugin
/// and its host when it starts (``PluginHost/handle(_:for:)``).
///
/// ```swift
/// nonisolated static let methods: [PluginMethod<TextBoxPlugin>] = [
///   .init("textbox.show", tier: .drive, answeredLater: true) { plugin, _, call throws(RPCError) in
///     try plugin.show(call)
///   },
/// ]
/// ```
public struct PluginMethod<Owner: Plugin>: Sendable {
  /// What the daemon knows of the method whether or not its plugin runs.
  public let declaration: MethodDeclaration
  /// Carries out one request with the running plugin and its host.
  public let carryOut:
    @Sendable @EngineActor (_ plugin: Owner, _ host: any PluginHost, _ call: MethodCall) throws(RPCError) ->
      JSONValue?

  /// Declares a method and what carries it out.
  public init(
    _ name: String, tier: Tier, answeredLater: Bool = false,
    _ carryOut:
      @escaping @Sendable @EngineActor (_ plugin: Owner, _ host: any PluginHost, _ call: MethodCall)
      throws(RPCError) -> JSONValue?
  ) {
    declaration = MethodDeclaration(name, tier: tier, answeredLater: answeredLater)
    self.carryOut = carryOut
  }
}

extension PluginHost {
  /// Carries out each of `methods` with `plugin` until the plugin stops;
  /// the host holds the plugin weakly (a stopped plugin answers nothing).
  public func handle<Owner: Plugin>(_ methods: [PluginMethod<Owner>], for plugin: Owner) {
    for method in methods {
      handle(method.declaration.name) { [weak plugin, self] call throws(RPCError) in
        guard let plugin else { return nil }
        return try method.carryOut(plugin, self, call)
      }
    }
  }
}
