/// A configured action as the plugin that carries it out gets it
/// (``ActionPerformer``): the value written after its key, the context a
/// command would get, how it was set off, and the follow-up actions the
/// configuration attached to parts of it.
public struct ActionCall: Sendable {
  /// The value after the key, as written (`countdown = { ... }`), or as the
  /// configuration normalised it for its own keys (`menu = "NAME"` gives the
  /// name; `alert = { ... }` gives `alert.show`'s params, buttons by title,
  /// `cancel` and `default` by index).
  public var value: PluginConfiguration.Value
  /// What a command would get in its environment (`KEYMENU_MENU`,
  /// `KEYMENU_ITEM`, `KEYMENU_SELECTOR`, `KEYMENU_DEVICE`).
  public var context: [String: String]
  /// Whether a hotkey set it off (a hotkey may toggle what it shows).
  public var byHotkey: Bool
  /// The indexes that have a follow-up action (an alert's buttons written
  /// as tables with their own action).
  public var followUps: Set<Int>
  private let carryOut: @Sendable (_ index: Int, _ context: [String: String]) -> Void

  /// A call; the daemon makes them, tests too.
  public init(
    value: PluginConfiguration.Value, context: [String: String] = [:], byHotkey: Bool = false,
    followUps: Set<Int> = [],
    carryOut: @escaping @Sendable (_ index: Int, _ context: [String: String]) -> Void = { _, _ in }
  ) {
    self.value = value
    self.context = context
    self.byHotkey = byHotkey
    self.followUps = followUps
    self.carryOut = carryOut
  }

  /// Carries out follow-up `index` (the action of the button a person
  /// chose) with `context`, on the engine's thread after what it does now;
  /// nothing when that index has none.
  public func carryOutFollowUp(_ index: Int, context: [String: String]) {
    guard followUps.contains(index) else { return }
    carryOut(index, context)
  }
}

/// Carries out a configured action on the engine's thread
/// (``PluginHost/handleAction(_:with:)``).
public typealias ActionPerformer = @Sendable (ActionCall) -> Void

/// Takes the objects the configuration defines for a plugin, built by the
/// daemon each time a configuration is put in force (the menus plugin's
/// `[menus.NAME]`: `[String: Menu]`, their items' selectors already
/// registered); see ``PluginHost/handleConfiguredObjects(_:with:)``.
public typealias ConfiguredObjectsReceiver = @Sendable (any Sendable) -> Void
