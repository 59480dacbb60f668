import KeyMenuEngineActor

/// A plugin made of a name and a closure that runs at registration, for
/// small embedders, tests, simulations and benchmarks that need a host.
public final class InlinePlugin: Plugin {
  public let name: String
  private let body: @Sendable @EngineActor (any PluginHost) throws -> Void

  /// Creates a plugin that runs `register` with its host when started.
  nonisolated public init(
    name: String, register: @escaping @Sendable @EngineActor (any PluginHost) throws -> Void
  ) {
    self.name = name
    self.body = register
  }

  public func register(with host: any PluginHost) throws { try body(host) }
}
