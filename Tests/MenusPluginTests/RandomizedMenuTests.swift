import KeyMenuCore
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
    #expect(machine.snapshot(id: "m")?.items.count == visible.count)
  }

  @Test(arguments: 0..<200)
  func randomStreamsKeepTheMenuConsistent(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var selectors = Set<String>()
    var machine = MenuMachine(Self.randomMenu(&random, depth: 2, selectors: &selectors))
    var closed = false
    for _ in 0..<300 {
      let action: KeyAction = [.down, .down, .up, .repeat].randomElement(using: &random)!
      let modifiers: ModifierSet = Int.random(in: 0..<6, using: &random) == 0 ? .leftCtrl : []
      let (_, effects) = machine.handle(key(Self.keyPool.randomElement(using: &random)!, action, modifiers))
      for effect in effects {
        #expect(!closed, "seed \(seed): effect after close")
        if case .invoke(let selector, _, _) = effect {
          #expect(selectors.contains(selector), "seed \(seed): unknown selector \(selector)")
        }
        if case .closed = effect { closed = true }
      }
      #expect(machine.isOpen == !closed, "seed \(seed)")
      checkConsistent(machine, seed: seed)
    }
  }
}
