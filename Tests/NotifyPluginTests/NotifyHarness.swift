import AlertsPlugin
import Dispatch
import KeyMenuCore
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

/// A real engine with the Alerts and Notify plugins, driven from one serial
/// queue as the daemon drives it from its engine thread: `perform` jobs land
/// on that queue too.
final class NotifyHarness: Sendable {
  let queue: DispatchQueue
  let engine: Engine
  let alerts: AlertsPlugin
  let answers = Records<AlertAnswer>()
  let logs = Records<(level: Logger.Level, message: String)>()

  init(bus: String) {
    let queue = DispatchQueue(label: "keymenu-test-engine")
    let logs = logs
    self.queue = queue
    engine = Engine(
      makeLogger: { name in Logger(label: "test.\(name)") { _ in RecordingLogHandler(lines: logs) } },
      perform: { job in queue.async(execute: job) })
    alerts = AlertsPlugin()
    queue.sync {
      #expect(engine.start(alerts) == nil)
      let configuration = NotifyPlugin.descriptor.withDefaults(PluginConfiguration(["bus": .string(bus)]))
      #expect(engine.start(NotifyPlugin(), configuration: configuration) == nil)
    }
  }

  deinit { queue.sync { engine.stopAll() } }

  /// Shows an alert on the engine's queue; its answer goes to ``answers``.
  @discardableResult
  func present(_ alert: Alert) -> String {
    queue.sync { alerts.present(alert, owner: "test") { [answers] in answers.append($0) } }
  }

  /// Presses and releases a key on the engine's queue.
  func press(_ code: KeyCode, _ name: String) {
    queue.sync {
      for action in [KeyAction.down, .up] {
        engine.handle(
          KeyEvent(code: code, name: name, action: action, modifiers: [], device: DeviceID(1), time: .zero))
      }
    }
  }

  /// Waits on the engine's queue for what is already handed to it.
  func settle() { queue.sync {} }

  /// The log lines at warning level or above.
  var warnings: [String] { logs.all.filter { $0.level >= .warning }.map(\.message) }
}
