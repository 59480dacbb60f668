import AlertsPlugin
public import KeyMenuCore
public import KeyMenuEvdev
public import KeyMenuPluginAPI
import KeyMenuRouting
import MenusPlugin
import Synchronization

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
  public func run(_ scenario: Scenario, names: KeyNameTable = .libevdev) -> [String] {
    let random = Mutex(SeededRandom(seed: seed))
    let engine = Engine(random: { random.withLock { UInt32(truncatingIfNeeded: $0.next()) } })
    let timeline = Timeline(engine: engine)
    engine.start(AlertsPlugin())
    engine.start(MenusPlugin())
    timeline.observe(engine.center)
    let services = Mutex<(menus: (any MenuPresenting)?, alerts: (any AlertPresenting)?)>((nil, nil))
    engine.start(
      InlinePlugin(name: "simulation") { host in
        services.withLock {
          $0 = (host.service((any MenuPresenting).self), host.service((any AlertPresenting).self))
        }
      })
    guard let menus = services.withLock({ $0.menus }), let alerts = services.withLock({ $0.alerts }) else {
      return ["error: the alerts and menus plugins did not start"]
    }
    var runner = StepRunner(
      scenario: scenario, engine: engine, menus: menus, alerts: alerts, timeline: timeline, names: names,
      kinds: kinds)
    for (line, step) in scenario.steps { runner.run(step, line: line) }
    return timeline.lines
  }
}
