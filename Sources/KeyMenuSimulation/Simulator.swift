import AlertsPlugin
public import KeyMenuCore
import KeyMenuEngineActor
public import KeyMenuEvdev
public import KeyMenuPluginAPI
import KeyMenuRouting
import MenusPlugin

/// Runs a ``Scenario`` through the real engine and plugins in virtual time
/// and returns the timeline: inputs, notifications, answers and invoked
/// selectors, one line each, stamped with the virtual time.
public struct Simulator: Sendable {
  /// The seed for selector names, so runs are reproducible.
  public var seed: UInt64
  /// The modal kinds a `plugin NAME` line may start (the alerts and menus
  /// plugins always run).
  public var kinds: PluginCatalog

  /// Creates a simulator.
  public init(seed: UInt64 = 1, kinds: PluginCatalog = PluginCatalog([])) {
    self.seed = seed
    self.kinds = kinds
  }

  /// Runs the scenario; a step that cannot be carried out is a line in the
  /// timeline (`error: ...`), not a crash.
  ///
  /// The calling thread takes the engine's turn for the run
  /// (``EngineExecutor/runIsolated(_:)``): a simulation has no engine
  /// thread of its own.
  public func run(_ scenario: Scenario, names: KeyNameTable = .libevdev) -> [String] {
    EngineExecutor.shared.runIsolated { runOnEngine(scenario, names: names) }
  }

  @EngineActor
  private func runOnEngine(_ scenario: Scenario, names: KeyNameTable) -> [String] {
    let random = SharedSeededRandom(seed: seed)
    let engine = Engine(random: { UInt32(truncatingIfNeeded: random.next()) })
    let timeline = Timeline(engine: engine)
    let alerts = AlertsPlugin()
    let menus = MenusPlugin()
    engine.start(alerts)
    engine.start(menus)
    timeline.observe(engine.center)
    guard engine.pluginNames == [alerts.name, menus.name] else {
      return ["error: the alerts and menus plugins did not start"]
    }
    // Back held closes every modal of its owner, as in keymenud.
    let longPress = scenario.gestureTiming.long
    engine.start(
      InlinePlugin(name: "held-back") { host in _ = HeldBackCloser(host: host, threshold: longPress) })
    // The scenario's hotkeys, with their gestures, as keymenud routes [[hotkeys]].
    if !scenario.hotkeys.isEmpty {
      let hotkeys = scenario.hotkeys
      let timing = scenario.gestureTiming
      let sequenceTiming = scenario.sequenceTiming
      engine.start(
        InlinePlugin(name: "hotkeys") { host in
          _ = HotkeyRouter(
            host: host,
            bindings: hotkeys.map { hotkey in
              HotkeyRouter.Binding(
                chord: hotkey.chord, following: hotkey.following, keyNames: hotkey.keyNames,
                label: hotkey.name,
                gesture: hotkey.gesture
              ) { _ in
                timeline.add(
                  "hotkey \(hotkey.name) (\(hotkey.following.isEmpty ? hotkey.gesture.rawValue : "sequence"))"
                )
              }
            }, timing: timing, sequenceTiming: sequenceTiming,
            sequenceEnded: { timeline.add("sequence ended: \($0.rawValue)") })
        })
    }
    var runner = StepRunner(
      scenario: scenario, engine: engine, menus: menus, alerts: alerts, timeline: timeline, names: names,
      kinds: kinds)
    for (line, step) in scenario.steps {
      runner.run(step, line: line)
      // What plugins handed to the engine thread (PluginHost.perform) runs
      // after the step, as the daemon runs it after the event at hand.
      EngineExecutor.shared.runPending()
    }
    return timeline.lines
  }
}
