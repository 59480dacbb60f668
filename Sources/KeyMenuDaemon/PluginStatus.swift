import KeyMenuProtocol

/// What `daemon.status` and `keymenuctl plugins` say about one plugin.
struct PluginStatus: Hashable, Sendable {
  /// Where it is in its life.
  enum State: String, Hashable, Sendable {
    case running
    case disabled
    /// Its start threw; retried at the next reload.
    case failed
  }

  var name: String
  /// `builtin` or `external`.
  var kind: String
  var state: State
  /// One line about what it does.
  var summary: String
  /// Why it failed, when it did.
  var error: String?

  /// The `daemon.status` member.
  var json: JSONValue {
    [
      "name": .string(name), "kind": .string(kind), "enabled": .bool(state != .disabled),
      "state": .string(state.rawValue), "summary": .string(summary), "error": .optional(error),
    ]
  }
}
