import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting

/// Carries out scenario steps against the engine and the plugins' services.
@EngineActor
struct StepRunner {
  let scenario: Scenario
  let engine: Engine
  let menus: any MenuPresenting
  let alerts: any AlertPresenting
  let timeline: Timeline
  let names: KeyNameTable
  let kinds: PluginCatalog
  /// Open menus and shown alerts, by their scenario id.
  var presented: [String: String] = [:]
  /// Modifier keys held, like a keyboard would report them.
  var modifiers: ModifierSet = []
  /// The selector made for each item title (the latest one).
  var selectors: [String: Selector] = [:]

  init(
    scenario: Scenario, engine: Engine, menus: any MenuPresenting, alerts: any AlertPresenting,
    timeline: Timeline, names: KeyNameTable, kinds: PluginCatalog
  ) {
    self.kinds = kinds
    self.scenario = scenario
    self.engine = engine
    self.menus = menus
    self.alerts = alerts
    self.timeline = timeline
    self.names = names
  }

  mutating func run(_ step: Scenario.Step, line: Int) {
    switch step {
    case .open(let id):
      let timeline = timeline
      presented[id] = menus.open(buildMenu(id), owner: "scenario") { result in
        switch result {
        case .chose(_, let title, _, let value):
          let tag = value.map { " value \"\($0)\"" } ?? ""
          timeline.add("menu \(id) closed: chose \"\(title)\"\(tag)")
        case .typed(let text): timeline.add("menu \(id) closed: typed \"\(text)\"")
        case .key(let name, let title, _, let value):
          let item = title.map { " on \"\($0)\"" } ?? ""
          let tag = value.map { " value \"\($0)\"" } ?? ""
          timeline.add("menu \(id) closed: key \(name)\(item)\(tag)")
        case .cancelled(let reason): timeline.add("menu \(id) closed: cancelled (\(reason.rawValue))")
        }
      }
    case .close(let id):
      if let presentedID = presented[id] { menus.close(presentedID) }
    case .show(let id):
      guard let alert = scenario.alerts[id] else { return }
      let timeline = timeline
      presented[id] = alerts.present(alert, owner: "scenario") { answer in
        let choice = answer.title.map { "\"\($0)\"" } ?? answer.key.map { "key \($0)" } ?? "no button"
        timeline.add("alert \(id) answered: \(choice) (\(answer.reason.rawValue))")
      }
    case .dismiss(let id):
      if let presentedID = presented[id] { alerts.dismiss(presentedID) }
    case .key(let code, let action):
      press(code, action)
    case .wait(let duration):
      engine.advance(by: duration)
    case .unregister(let title):
      guard let selector = selectors[title], engine.registry.remove(selector) else {
        timeline.add("error: line \(line): no selector for \"\(title)\"")
        return
      }
      timeline.add("selector \(selector) removed")
    case .plugin(let name):
      guard let descriptor = kinds.descriptor(named: name) else {
        let known = kinds.descriptors.map(\.name).joined(separator: ", ")
        return timeline.add("error: line \(line): no plugin \(name) (\(known))")
      }
      if !engine.pluginNames.contains(name), let failure = engine.start(descriptor.make()) {
        timeline.add("error: line \(line): \(failure)")
      }
    case .call(let id, let method, let params):
      MethodCallStep(engine: engine, timeline: timeline).call(
        id: id, method: method, params: params, line: line)
    case .edit(let menu, let edit):
      guard let presentedID = presented[menu] else {
        timeline.add("error: line \(line): menu \(menu) is not open")
        return
      }
      do {
        try menus.edit(presentedID, menuEdit(edit))
      } catch {
        timeline.add("error: line \(line): \(error.message)")
      }
    }
  }

  private mutating func press(_ code: KeyCode, _ action: KeyAction) {
    let modifier = ModifierSet(key: code)
    if action == .down { modifiers.formUnion(modifier) }
    if action == .up { modifiers.subtract(modifier) }
    let event = KeyEvent(
      code: code, name: names.name(of: code), action: action, modifiers: modifiers, device: DeviceID(1),
      time: .zero)
    let held = modifiers.isEmpty ? "" : " +" + modifiers.names.joined(separator: "+")
    let line = "key \(event.name) \(action.rawValue)\(held)"
    timeline.add(line)
    let outcome = engine.handle(event)
    if outcome != .notConsumed {
      timeline.add("  consumed by \(outcome == .consumedByModal ? "modal" : "hotkey")")
    }
  }

  /// Builds a declared menu with its submenus, registering a selector for
  /// each action item; invoking it writes a line (or throws for `fails`).
  private mutating func buildMenu(_ id: String) -> Menu {
    guard let declaration = scenario.menus[id] else { return Menu(title: id, items: []) }
    let sectionCount = (declaration.items.map(\.section).max() ?? 0) + 1
    var sections = Array(repeating: MenuSection(items: []), count: sectionCount)
    for (section, item) in declaration.items {
      switch item {
      case .action(let title, let accelerator, let enabled, let keepOpen, let fails, let value, let long):
        let timeline = timeline
        let selector = engine.registry.register(kind: "menu", title: title, owner: .configuration) {
          invocation in
          timeline.add("invoked \(invocation.info.selector)")
          if fails { throw SimulatedFailure() }
        }
        selectors[title] = selector
        var entry = MenuItem.action(
          title, selector: selector.rawValue, accelerator: accelerator, enabled: enabled, keepOpen: keepOpen,
          value: value)
        if let long {
          // Its long action opens the declared menu, as a context menu over this one.
          let (context, menus) = (buildMenu(long), menus)
          entry.longSelector =
            engine.registry.register(kind: "menu", title: title + " (long)", owner: .configuration) {
              invocation in
              timeline.add("invoked \(invocation.info.selector)")
              menus.open(context, owner: "scenario") { result in
                if case .cancelled(let reason) = result {
                  timeline.add("menu \(long) closed: cancelled (\(reason.rawValue))")
                } else if case .chose(_, let title, _, _) = result {
                  timeline.add("menu \(long) closed: chose \"\(title)\"")
                }
              }
            }.rawValue
        }
        sections[section].items.append(entry)
      case .submenu(let submenu, let accelerator):
        sections[section].items.append(.submenu(buildMenu(submenu), accelerator: accelerator))
      }
    }
    var menu = Menu(
      title: declaration.title, sections: sections, filterable: declaration.filterable,
      timeout: declaration.timeout)
    // A number, else an item's value or title, as menu.open's highlight.
    menu.highlight = declaration.highlight.flatMap { Int($0) ?? menu.itemNumber(matching: $0) }
    menu.answerKeys = declaration.answerKeys
    menu.longPress = scenario.gestureTiming.long
    return menu
  }

  private func menuEdit(_ edit: Scenario.MenuEditStep) -> MenuEdit {
    switch edit {
    case .insert(let title, let section, let index):
      let selector = engine.registry.register(kind: "menu", title: title, owner: .configuration) { _ in }
      return .insert(.action(title, selector: selector.rawValue), section: section, at: index)
    case .remove(let section, let index): return .remove(section: section, at: index)
    case .move(let section, let from, let to): return .move(section: section, from: from, to: to)
    case .update(let title, let enabled, let section, let index):
      let selector = engine.registry.register(kind: "menu", title: title, owner: .configuration) { _ in }
      return .update(
        .action(title, selector: selector.rawValue, enabled: enabled), section: section, at: index)
    }
  }
}

/// What a `fails` item's action throws.
struct SimulatedFailure: Error, CustomStringConvertible {
  var description: String { "simulated failure" }
}
