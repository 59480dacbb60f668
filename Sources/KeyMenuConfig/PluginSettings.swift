public import KeyMenuPluginAPI
public import KeyMenuProtocol

/// One `[plugins.NAME]` section after checking: a built-in plugin with its
/// options (defaults filled in), or an external program the daemon runs.
public struct PluginSettings: Hashable, Sendable {
  /// Built into keymenud, or a program speaking the protocol on stdin/stdout.
  public enum Kind: Hashable, Sendable {
    case builtin
    case external(ExternalPlugin)
  }

  /// The section's name.
  public var name: String
  /// Whether it runs.
  public var enabled: Bool
  public var kind: Kind
  /// A built-in plugin's options, defaults included (empty for external ones).
  public var options: PluginConfiguration

  /// Creates settings.
  public init(name: String, enabled: Bool, kind: Kind, options: PluginConfiguration = PluginConfiguration()) {
    self.name = name
    self.enabled = enabled
    self.kind = kind
    self.options = options
  }
}

/// An external plugin: a program keymenud starts, supervises and talks
/// JSON-RPC with over its stdin and stdout (docs/PLUGINS.md).
public struct ExternalPlugin: Hashable, Sendable {
  /// When a plugin that exited is started again.
  public enum Restart: String, Hashable, Sendable, CaseIterable {
    /// After any exit, with backoff.
    case always
    /// After an exit with a non-zero status or a signal, with backoff (the default).
    case onFailure = "on-failure"
    /// Never.
    case never
  }

  /// The program and its arguments (no shell).
  public var program: [String]
  /// The unprivileged user it runs as (never root), looked up when it starts.
  public var user: String
  /// Its group; the user's primary group when nil.
  public var group: String?
  /// What it may do, like a socket client's tier.
  public var tier: Tier
  public var restart: Restart
  /// The first delay before a restart; it doubles with each failure in a row.
  public var restartDelay: Duration
  /// How often the daemon sends `plugin.ping`.
  public var pingInterval: Duration
  /// How long a ping may go unanswered before the plugin is killed.
  public var pingTimeout: Duration

  /// Creates the settings; the durations default to the documented ones.
  public init(
    program: [String], user: String, group: String? = nil, tier: Tier, restart: Restart,
    restartDelay: Duration = .seconds(1), pingInterval: Duration = .seconds(30),
    pingTimeout: Duration = .seconds(5)
  ) {
    self.program = program
    self.user = user
    self.group = group
    self.tier = tier
    self.restart = restart
    self.restartDelay = restartDelay
    self.pingInterval = pingInterval
    self.pingTimeout = pingTimeout
  }
}
