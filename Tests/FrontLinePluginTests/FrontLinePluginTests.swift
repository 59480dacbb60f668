import AlertsPlugin
import FrontLinePlugin
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import MenusPlugin
import Synchronization
import Testing

/// The example presenter of docs/PLUGINS.md in a real engine with the Alerts
/// and Menus plugins: keys go in, lines come out.
@Suite @EngineActor struct FrontLinePluginTests {
  /// The lines the plugin wrote.
  final class Lines: Sendable {
    let written = Mutex<[String]>([])
    func append(_ line: String) { written.withLock { $0.append(line) } }
    func take() -> [String] {
      written.withLock { written in
        defer { written = [] }
        return written
      }
    }
  }

  let engine = Engine()
  let lines = Lines()

  /// Starts Alerts, Menus and the example; returns the example and the presenters.
  func start(_ options: PluginConfiguration = PluginConfiguration()) throws -> (
    plugin: FrontLinePlugin, alerts: any AlertPresenting, menus: any MenuPresenting
  ) {
    #expect(engine.start(AlertsPlugin()) == nil)
    #expect(engine.start(MenusPlugin()) == nil)
    let plugin = FrontLinePlugin(write: lines.append)
    #expect(engine.start(plugin, configuration: FrontLinePlugin.descriptor.withDefaults(options)) == nil)
    let found = Mutex<(alerts: (any AlertPresenting)?, menus: (any MenuPresenting)?)>((nil, nil))
    engine.start(
      InlinePlugin(name: "probe") { host in
        found.withLock {
          $0 = (host.service((any AlertPresenting).self), host.service((any MenuPresenting).self))
        }
      })
    let alerts = try #require(found.withLock { $0.alerts })
    let menus = try #require(found.withLock { $0.menus })
    return (plugin, alerts, menus)
  }

  func press(_ code: KeyCode, _ name: String) {
    for action in [KeyAction.down, .up] {
      engine.handle(
        KeyEvent(code: code, name: name, action: action, modifiers: [], device: DeviceID(1), time: .zero))
    }
  }

  func take(_ plugin: FrontLinePlugin) -> [String] {
    plugin.flush()
    return lines.take()
  }

  @Test func anAlertIsWrittenAsItAppearsAsFocusMovesAndWhenItGoes() throws {
    let (plugin, alerts, _) = try start()
    alerts.present(Alert(title: "Reboot now?", buttons: ["No", "Yes"], cancel: 0), owner: "test") { _ in }
    press(.left, "KEY_LEFT")
    press(.enter, "KEY_ENTER")
    #expect(
      take(plugin) == [
        "front: Reboot now? [No] <Yes>", "front: Reboot now? <No> [Yes]", "front: nothing in front",
      ])
  }

  @Test func optionsComeFromTheConfigurationAndChangeOnReconfigure() throws {
    let (plugin, _, menus) = try start(PluginConfiguration(["prefix": .string("tty1")]))
    let power = Menu(
      title: "Power",
      items: [
        .action("Suspend", selector: "s"), .action("Reboot", selector: "r"), .action("Off", selector: "o"),
      ])
    menus.open(power, owner: "test") { _ in }
    press(.down, "KEY_DOWN")
    #expect(take(plugin) == ["tty1: Power: Suspend (1 of 3)", "tty1: Power: Reboot (2 of 3)"])
    engine.reconfigure(
      "frontline", PluginConfiguration(["prefix": .string("front"), "positions": .bool(false)]))
    press(.down, "KEY_DOWN")
    #expect(take(plugin) == ["front: Power: Off"])
  }

  @Test func itsSelectorWritesTheLineAgainAndStoppingRemovesIt() throws {
    let (plugin, alerts, _) = try start()
    alerts.present(Alert(title: "Disk full"), owner: "test") { _ in }
    let again = try #require(engine.registry.all.first { $0.owner == .plugin("frontline") })
    try engine.registry.invoke(again.selector, source: "test")
    #expect(take(plugin) == ["front: Disk full <OK>", "front: Disk full <OK>"])
    engine.stop("frontline")
    #expect(engine.registry.info(again.selector) == nil)
    press(.enter, "KEY_ENTER")
    #expect(take(plugin) == [])
  }
}
