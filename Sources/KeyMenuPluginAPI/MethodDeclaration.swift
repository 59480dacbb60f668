import KeyMenuEngineActor
public import KeyMenuProtocol

/// A socket method a plugin brings, as its ``PluginDescriptor`` declares it.
///
/// The daemon knows every declared method whether or not its plugin runs:
/// the tier it needs is checked before the request reaches anyone, `hello`
/// lists it, and while the plugin does not run the method is answered
/// `-32601` naming the plugin. The plugin carries it out with the handler it
/// registers when it starts (``PluginHost/handle(_:with:)``).
public struct MethodDeclaration: Hashable, Sendable {
  /// The method's name on the wire, such as `alert.show`.
  public var name: String
  /// The lowest tier that may call it.
  public var tier: Tier
  /// Whether a person answers it later: the request needs an id (and one no
  /// other waiting request of the connection uses), it counts among the
  /// connection's waiting requests, and the handler answers through
  /// ``MethodCall/reply``.
  public var answeredLater: Bool

  /// Declares a method.
  public init(_ name: String, tier: Tier, answeredLater: Bool = false) {
    self.name = name
    self.tier = tier
    self.answeredLater = answeredLater
  }
}

/// Carries out one request for a plugin's method, on the engine's thread:
/// the result to send now, or nil when the answer comes later through the
/// call's ``MethodCall/reply``. A thrown error is the request's error answer.
public typealias MethodHandler = @Sendable @EngineActor (MethodCall) throws(RPCError) -> JSONValue?
