import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import MenusPlugin
import Testing

/// Random key streams against random menus: no crash, the state stays
/// consistent after every event, and only the menu's own selectors are invoked.
@Suite struct RandomizedMenuTests {
  static let keyPool: [String] = [
    "ESC", "1", "2", "3", "9", "BACKSPACE", "E", "R", "O", "P", "ENTER", "S", "D", "HOME", "UP", "PAGEUP",
    "LEFT", "RIGHT", "END", "DOWN", "PAGEDOWN", "BACK", "OK", "F5", "U",
  ]

  static func randomMenu(_ random: inout SeededRandom, depth: Int, selectors: inout Set<String>) -> Menu {
    let titles = ["Play", "Stop", "Reboot", "Settings", "Sound", "Power", "Up", "Eject", "Pause", "Dim"]
    let sections = (0..<Int.random(in: 1...3, using: &random)).map { _ in
      MenuSection(
        items: (0..<Int.random(in: 0...5, using: &random)).map { _ -> MenuItem in
          if depth > 0, Int.random(in: 0..<5, using: &random) == 0 {
            return .submenu(randomMenu(&random, depth: depth - 1, selectors: &selectors))
          }
          let selector = "s\(selectors.count)"
          selectors.insert(selector)
          let accelerator: KeyChord? =
            Bool.random(using: &random)
            ? nil
            : KeyChord(
              key(keyPool.randomElement(using: &random)!).code, Bool.random(using: &random) ? [] : [.ctrl])
          return .action(
            titles.randomElement(using: &random)!, selector: selector, accelerator: accelerator,
            enabled: Int.random(in: 0..<4, using: &random) != 0, keepOpen: Bool.random(using: &random))
        })
    }
    return Menu(title: "M\(depth)", sections: sections, filterable: Bool.random(using: &random))
  }

  func checkConsistent(_ machine: MenuMachine, seed: UInt64) {
    guard let level = machine.levels.last else { return }
    let visible = machine.visibleItems
    if let highlight = level.highlight {
      #expect(visible.indices.contains(highlight), "seed \(seed): highlight out of range")
      #expect(
        visible.indices.contains(highlight) && visible[highlight].item.enabled,
        "seed \(seed): disabled highlight")
    } else {
      #expect(!visible.contains { $0.item.enabled }, "seed \(seed): no highlight but enabled items")
    }
    for section in Set(visible.map(\.section)) {
      let positions = visible.filter { $0.section == section }.map(\.position)
      let expected = positions.indices.map { SectionPosition(index: $0, count: positions.count) }
      #expect(positions == expected, "seed \(seed): positions")
    }
    #expect(machine.snapshot(id: "m")?.menu?.items.count == visible.count)
  }

  @Test(arguments: 0..<200)
  func randomStreamsKeepTheMenuConsistent(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var selectors = Set<String>()
    var machine = MenuMachine(Self.randomMenu(&random, depth: 2, selectors: &selectors))
    var closed = false
    for _ in 0..<300 {
      if machine.isOpen, Int.random(in: 0..<5, using: &random) == 0 {
        applyRandomEdit(&machine, &random, &selectors, seed: seed)
        checkConsistent(machine, seed: seed)
        continue
      }
      let action: KeyAction = [.down, .down, .up, .repeat].randomElement(using: &random)!
      let modifiers: ModifierSet = Int.random(in: 0..<6, using: &random) == 0 ? .leftCtrl : []
      let (_, effects) = machine.handle(key(Self.keyPool.randomElement(using: &random)!, action, modifiers))
      for effect in effects {
        #expect(!closed, "seed \(seed): effect after close")
        if case .invoke(let selector, _, _, _) = effect {
          #expect(selectors.contains(selector), "seed \(seed): unknown selector \(selector)")
        }
        if case .closed = effect { closed = true }
      }
      #expect(machine.isOpen == !closed, "seed \(seed)")
      checkConsistent(machine, seed: seed)
    }
  }

  /// A random insert, remove, move or update on the front level; out-of-range
  /// indexes must be refused with an error, never a crash.
  func applyRandomEdit(
    _ machine: inout MenuMachine, _ random: inout SeededRandom, _ selectors: inout Set<String>, seed: UInt64
  ) {
    let sections = machine.levels.last?.menu.sections ?? []
    let section = Int.random(in: -1...sections.count, using: &random)
    let count = sections.indices.contains(section) ? sections[section].items.count : 0
    let index = Int.random(in: -1...(count + 1), using: &random)
    let selector = "s\(selectors.count)"
    selectors.insert(selector)
    let item = MenuItem.action("Edit", selector: selector, enabled: Bool.random(using: &random))
    do {
      switch Int.random(in: 0..<4, using: &random) {
      case 0: _ = try machine.insert(item, section: section, at: index)
      case 1: _ = try machine.removeItem(section: section, at: index)
      case 2:
        _ = try machine.moveItem(
          section: section, from: index, to: Int.random(in: 0..<max(count, 1), using: &random))
      default: _ = try machine.updateItem(item, section: section, at: index)
      }
    } catch {
      let valid = sections.indices.contains(section) && index >= 0 && index <= count
      #expect(!valid || index == count, "seed \(seed): refused a valid edit: \(error)")
    }
  }
}
