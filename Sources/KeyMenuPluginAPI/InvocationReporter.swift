public import KeyMenuEngineActor

/// Tells clients that a selector ran (`selector.invoked`): the subscribers
/// of the `selector` topic, and a connection that asked for it whether or
/// not it subscribed (the owner of a menu item with `notify`), once each.
///
/// The daemon provides it as a service (``PluginHost/service(_:)``). It
/// sends at once, on the engine's thread, where a posted notification would
/// wait for the delivery under way: a chosen item's `selector.invoked`
/// comes before the `menu.selected` its key posted.
@EngineActor
public struct InvocationReporter: Sendable {
  private let report: @Sendable @EngineActor (_ invocation: SelectorInvocation, _ connection: Int?) -> Void

  /// Made by the daemon.
  nonisolated public init(
    report: @escaping @Sendable @EngineActor (_ invocation: SelectorInvocation, _ connection: Int?) -> Void
  ) {
    self.report = report
  }

  /// Reports `invocation`, also to `connection` (``MethodCaller/connection``) when given.
  public func invoked(_ invocation: SelectorInvocation, notifying connection: Int? = nil) {
    report(invocation, connection)
  }
}
