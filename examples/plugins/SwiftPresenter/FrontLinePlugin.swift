import Dispatch
public import KeyMenuPluginAPI
import KeyMenuProtocol
import Logging

/// An example built-in plugin (docs/PLUGINS.md): a presenter that writes one
/// line about the modal in front each time it changes, such as
/// `front: Reboot now? [No] <Yes>` or `front: Power: Reboot (2 of 4)`.
///
/// It follows `modal.changed` (tier passive), keeps only the last snapshot
/// and line, and hands each line to its own queue, so key routing never
/// waits for the writing.
public final class FrontLinePlugin: Plugin {
  /// Writes one line; called on the plugin's queue, never on the engine's thread.
  public typealias Write = @Sendable (String) -> Void

  /// `[plugins.frontline]`: off unless `enabled = true`; two options.
  nonisolated public static let descriptor = PluginDescriptor(
    name: "frontline", summary: "example presenter: logs one line about the modal in front",
    enabledByDefault: false,
    options: [
      PluginOption("prefix", .string, default: .string("front"), help: "text before each line"),
      PluginOption(
        "positions", .bool, default: .bool(true), help: "add \"2 of 4\" to a menu's highlighted item"),
    ]
  ) { FrontLinePlugin() }

  public let name = "frontline"
  // The engine thread's, as the plugin is (@EngineActor): no lock.
  private var prefix = "front"
  private var positions = true
  private var snapshot = ModalSnapshot()
  private var last: String?
  private var write: Write?
  private let queue = DispatchQueue(label: "keymenu.frontline")
  private let makeWrite: @Sendable (Logger) -> Write

  /// Creates the plugin; lines go to the plugin's logger unless `write` is given.
  nonisolated public init(write: Write? = nil) {
    makeWrite = { logger in write ?? { line in logger.info("\(line)") } }
  }

  public func register(with host: any PluginHost) throws {
    write = makeWrite(host.logger)
    configurationChanged(host.configuration)
    _ = host.observe(.modalChanged, tier: .passive) { [weak self] notification in
      if let snapshot = notification.modalSnapshot { self?.show(snapshot) }
      return .pass
    }
    let again = host.registerSelector(kind: "frontline", title: "Write again") { [weak self] _ in
      self?.show(nil)
    }
    host.logger.info("to write the line again: keymenuctl invoke \(again)")
  }

  public func configurationChanged(_ configuration: PluginConfiguration) {
    prefix = configuration.string("prefix") ?? "front"
    positions = configuration.bool("positions") ?? true
  }

  public func stop() {
    write = nil
  }

  /// Waits until every line handed to the queue is written (for tests).
  public nonisolated func flush() { queue.sync {} }

  /// Writes the line for `snapshot` if it changed; nil writes the last one again.
  private func show(_ snapshot: ModalSnapshot?) {
    if let snapshot { self.snapshot = snapshot }
    let line = prefix + ": " + Self.describe(self.snapshot, positions: positions)
    guard snapshot == nil || line != last, let write else { return }
    last = line
    queue.async { write(line) }
  }

  /// One line about what is in front.
  nonisolated static func describe(_ snapshot: ModalSnapshot, positions: Bool) -> String {
    guard let front = snapshot.front else { return "nothing in front" }
    if let menu = front.menu {
      guard let index = menu.highlight, menu.items.indices.contains(index) else { return menu.title }
      let item = menu.title + ": " + menu.items[index].title
      return positions ? item + " (\(index + 1) of \(menu.items.count))" : item
    }
    // Every other kind from its parts; a masked field's text is bullets
    // already: never the typed secret.
    let field = front.field.map { ["[\($0.shown)]"] } ?? []
    let buttons = front.buttons.indices.map { index in
      index == front.focusedButton ? "<\(front.buttons[index])>" : "[\(front.buttons[index])]"
    }
    return ([front.title] + field + buttons).joined(separator: " ")
  }
}
