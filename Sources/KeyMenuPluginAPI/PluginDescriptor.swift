import KeyMenuEngineActor

/// What the daemon knows about a built-in plugin before starting it: its
/// name, whether it runs when the configuration says nothing, the options
/// its `[plugins.NAME]` section takes, and how to make it.
public struct PluginDescriptor: Sendable {
  /// The plugin's name: its section is `[plugins.NAME]`.
  public var name: String
  /// One line for `keymenuctl plugins`.
  public var summary: String
  /// Whether it runs without `enabled = true` in its section.
  public var enabledByDefault: Bool
  /// The options its section takes besides `enabled`.
  public var options: [PluginOption]
  /// The socket methods it brings (a modal kind's surface).
  public var methods: [MethodDeclaration]
  /// The configuration actions it brings (`KEY = ...` in a hotkey or item).
  public var actions: [ActionDeclaration]
  /// The notifications it posts for subscribers (a modal kind's surface).
  public var notifications: [NotificationDeclaration]
  /// Makes a fresh instance.
  public var make: @Sendable @EngineActor () -> any Plugin

  /// Describes a plugin.
  public init(
    name: String, summary: String, enabledByDefault: Bool, options: [PluginOption] = [],
    methods: [MethodDeclaration] = [], actions: [ActionDeclaration] = [],
    notifications: [NotificationDeclaration] = [], make: @escaping @Sendable @EngineActor () -> any Plugin
  ) {
    self.name = name
    self.summary = summary
    self.enabledByDefault = enabledByDefault
    self.options = options
    self.methods = methods
    self.actions = actions
    self.notifications = notifications
    self.make = make
  }

  /// `configuration` with every option left out set to its default.
  public func withDefaults(_ configuration: PluginConfiguration) -> PluginConfiguration {
    var values = configuration.values
    for option in options where values[option.key] == nil {
      if let value = option.defaultValue { values[option.key] = value }
    }
    return PluginConfiguration(values)
  }
}
