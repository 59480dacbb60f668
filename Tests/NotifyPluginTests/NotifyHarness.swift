import AlertsPlugin
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import Logging
import NotifyPlugin
import Synchronization
import Testing

/// A thread-safe list.
final class Records<Element: Sendable>: Sendable {
  private let items = Mutex<[Element]>([])
  func append(_ item: Element) { items.withLock { $0.append(item) } }
  var all: [Element] { items.withLock { $0 } }
}

/// Keeps every log line with its level.
struct RecordingLogHandler: LogHandler {
  let lines: Records<(level: Logger.Level, message: String)>
  var logLevel: Logger.Level = .trace
  var metadata: Logger.Metadata = [:]

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) { lines.append((event.level, event.message.description)) }
}

/// A real engine with the Alerts and Notify plugins, driven on the engine's
/// executor as the daemon drives it from its engine thread: the test's
/// thread takes the engine's turn (``EngineExecutor/runIsolated(_:)``), and
/// `perform` jobs run on the executor too.
final class NotifyHarness: Sendable {
  let engine: Engine
  let alerts: AlertsPlugin
  let answers = Records<AlertAnswer>()
  let logs = Records<(level: Logger.Level, message: String)>()

  init(bus: String) {
    let logs = logs
    let engine = EngineExecutor.shared.runIsolated {
      Engine(makeLogger: { name in Logger(label: "test.\(name)") { _ in RecordingLogHandler(lines: logs) } })
    }
    let alerts = AlertsPlugin()
    self.engine = engine
    self.alerts = alerts
    EngineExecutor.shared.runIsolated {
      #expect(engine.start(alerts) == nil)
      let configuration = NotifyPlugin.descriptor.withDefaults(PluginConfiguration(["bus": .string(bus)]))
      #expect(engine.start(NotifyPlugin(), configuration: configuration) == nil)
    }
  }

  deinit { EngineExecutor.shared.runIsolated { [engine] in engine.stopAll() } }

  /// Shows an alert on the engine; its answer goes to ``answers``.
  @discardableResult
  func present(_ alert: Alert) -> String {
    EngineExecutor.shared.runIsolated {
      alerts.present(alert, owner: "test") { [answers] in answers.append($0) }
    }
  }

  /// Presses and releases a key on the engine.
  func press(_ code: KeyCode, _ name: String) {
    EngineExecutor.shared.runIsolated {
      for action in [KeyAction.down, .up] {
        engine.handle(
          KeyEvent(code: code, name: name, action: action, modifiers: [], device: DeviceID(1), time: .zero))
      }
    }
  }

  /// Runs the engine's jobs handed to it so far.
  func settle() { EngineExecutor.shared.runIsolated {} }

  /// The log lines at warning level or above.
  var warnings: [String] { logs.all.filter { $0.level >= .warning }.map(\.message) }
}
