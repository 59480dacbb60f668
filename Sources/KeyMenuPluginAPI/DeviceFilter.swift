public import KeyMenuCore
public import KeyMenuEngineActor
public import KeyMenuProtocol

/// Whether a device matches device rules (`devices = [{ kind = "remote" }]`
/// in a request): the daemon knows its devices and how rules match (names
/// and phys as globs), and provides one (a service,
/// ``PluginHost/provide(_:as:)``); a modal kind asks it per key.
@EngineActor
public final class DeviceFilter {
  /// Whether the device of this id matches any of the rules.
  public typealias Matcher = @Sendable @EngineActor (_ rules: [DeviceRuleParams], _ device: DeviceID) -> Bool

  private let matcher: Matcher

  /// A filter that asks `matcher`.
  nonisolated public init(_ matcher: @escaping Matcher) { self.matcher = matcher }

  /// Whether the device matches any of `rules`; true when there are none.
  public func accepts(_ device: DeviceID, _ rules: [DeviceRuleParams]) -> Bool {
    rules.isEmpty || matcher(rules, device)
  }
}
