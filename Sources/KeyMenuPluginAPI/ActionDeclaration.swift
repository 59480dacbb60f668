/// A configuration action a plugin brings: a key a hotkey or menu item may
/// use, as `countdown = { title = "Leaving", seconds = 10 }`, as its
/// ``PluginDescriptor`` declares it.
///
/// The configuration is checked against the declaration before the daemon
/// starts (`keymenud --check` names the file, line and column); the plugin
/// carries the action out with the performer it registers when it starts
/// (``PluginHost/handleAction(_:with:)``). While the plugin does not run,
/// the action is logged and skipped.
public struct ActionDeclaration: Sendable {
  /// The key, such as `countdown`. The configuration reads its own keys
  /// itself, with every position (`menu`, `alert`: declared by the menus
  /// and alerts plugins, which carry them out; `invoke`, `run`, `items` and
  /// `shell` are the daemon's), so ``problem`` is not asked about those.
  public var key: String
  /// One line for the documentation.
  public var help: String
  /// Why a value does not fit, or nil when it does.
  public var problem: @Sendable (PluginConfiguration.Value) -> String?

  /// Declares an action.
  public init(
    _ key: String, help: String, problem: @escaping @Sendable (PluginConfiguration.Value) -> String?
  ) {
    self.key = key
    self.help = help
    self.problem = problem
  }
}
