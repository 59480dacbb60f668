public import KeyMenuEngineActor

/// A configured action as the plugin that carries it out gets it
/// (``ActionPerformer``): the value written after its key, the context a
/// command would get, how it was set off, who pays for what it shows, and
/// the follow-up actions the configuration attached to parts of it.
@EngineActor
public struct ActionCall: Sendable {
  /// Who chose a follow-up (``ActionCall/carryOutFollowUp(_:context:chosenBy:)``).
  public enum Chooser: Hashable, Sendable {
    /// A person: a key, a click. What the follow-up sets off starts afresh,
    /// paid for by the configuration: a person may choose Retry again and again.
    case person
    /// Nobody: a timeout chose it. The follow-up goes on in the chain of
    /// actions that showed what chose it, paid for by the same payer, so a
    /// cycle through it is refused (``ActionHolding``).
    case nobody
  }

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
  private let carryOut:
    @Sendable @EngineActor (_ index: Int, _ context: [String: String], _ chooser: Chooser) -> Void
  private let hold: @Sendable @EngineActor (_ bytes: Int) -> ActionHolding?

  /// A call; the daemon makes them, tests too. `hold` counts what the
  /// action shows against its payer (``holdWhileShown(bytes:)``); by
  /// default nothing is counted.
  nonisolated public init(
    value: PluginConfiguration.Value, context: [String: String] = [:], byHotkey: Bool = false,
    followUps: Set<Int> = [],
    hold: @escaping @Sendable @EngineActor (_ bytes: Int) -> ActionHolding? = { _ in ActionHolding {} },
    carryOut:
      @escaping @Sendable @EngineActor (_ index: Int, _ context: [String: String], _ chooser: Chooser) -> Void =
      {
        _, _, _ in
      }
  ) {
    self.value = value
    self.context = context
    self.byHotkey = byHotkey
    self.followUps = followUps
    self.hold = hold
    self.carryOut = carryOut
  }

  /// Counts one thing the action shows (an alert, a menu, any modal), with
  /// `bytes` of its text, against whoever set the action off: the uid of
  /// the client whose `selector.invoke` led here, or the configuration for
  /// a person's key. The holding is the plugin's to give back when what it
  /// shows ends, whichever way it ends. Nil when that would pass the
  /// payer's or the daemon's bound: show nothing (the daemon logged it).
  public func holdWhileShown(bytes: Int) -> ActionHolding? {
    hold(bytes)
  }

  /// Carries out follow-up `index` (the action of the button chosen) with
  /// `context`, on the engine's thread after what it does now; nothing when
  /// that index has none. `chooser`: a person, or nobody (a timeout).
  public func carryOutFollowUp(_ index: Int, context: [String: String], chosenBy chooser: Chooser) {
    guard followUps.contains(index) else { return }
    carryOut(index, context, chooser)
  }
}

/// What a configured action's plugin holds while what it shows lives
/// (``ActionCall/holdWhileShown(bytes:)``): counted against its payer until
/// ``release()``. Releasing twice gives back once.
@EngineActor
public struct ActionHolding: Sendable {
  private let giveBack: @Sendable @EngineActor () -> Void

  /// A holding `release` gives back; made by the daemon (tests too).
  nonisolated public init(release: @escaping @Sendable @EngineActor () -> Void) { giveBack = release }

  /// Gives the holding back: call it when what was shown ended.
  public func release() { giveBack() }
}

/// Carries out a configured action on the engine's thread
/// (``PluginHost/handleAction(_:with:)``).
public typealias ActionPerformer = @Sendable @EngineActor (ActionCall) -> Void

/// Takes the objects the configuration defines for a plugin, built by the
/// daemon each time a configuration is put in force (the menus plugin's
/// `[menus.NAME]`: `[String: Menu]`, their items' selectors already
/// registered); see ``PluginHost/handleConfiguredObjects(_:with:)``.
public typealias ConfiguredObjectsReceiver = @Sendable @EngineActor (any Sendable) -> Void
