import KeyMenuCore
import KeyMenuPluginAPI

/// A menu under dmenu's keys: its ``DmenuMachine`` takes the keys, and its
/// one level shows what that machine matched, selected and typed.
extension MenuMachine {
  /// Hands `event` to the dmenu machine and turns what it did into the
  /// menu's effects: an answered item is invoked (its selector, title,
  /// value), the text is ``Effect/typed(_:)``; either is followed by
  /// ``Effect/kept`` (Ctrl+Return) or the close.
  mutating func handleDmenu(_ event: KeyEvent) -> (consumed: Bool, effects: [Effect]) {
    guard var machine = dmenu else { return (false, []) }
    // An answer key answers with the match selected, as in any menu.
    if event.action == .down, let name = levels.first?.menu.answerKeys[event.code] {
      machine.finish()
      dmenu = machine
      return (true, answer(byKey: name))
    }
    let (consumed, done) = machine.handle(event)
    dmenu = machine
    var effects: [Effect] = []
    for effect in done {
      switch effect {
      case .changed:
        levels[0].show(matches: machine.matches, highlight: machine.selection, filter: machine.text)
        effects += [.filter(machine.text), .highlight(machine.selection)]
      case .answered(let answer, let keepOpen):
        effects.append(answered(answer))
        if keepOpen {
          effects.append(.kept)
        } else {
          levels.removeAll()
          effects.append(.closed(.chose))
        }
      case .cancelled:
        levels.removeAll()
        effects.append(.closed(.cancelled(.escape)))
      }
    }
    return (consumed, effects)
  }

  /// The effect that gives `answer`: the item's invocation, or the text.
  private func answered(_ answer: DmenuMachine.Answer) -> Effect {
    switch answer {
    case .typed(let text): return .typed(text)
    case .item(let index):
      let level = levels[0]
      let item = level.menu.sections.flatMap(\.items)[index]
      guard case .action(let selector) = item.content else { return .typed(item.title) }
      return .invoke(selector: selector, title: item.title, path: level.path, value: item.value)
    }
  }
}
