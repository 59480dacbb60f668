public import KeyMenuPluginAPI

/// Taps and clicks on the list (`modal.tap`), from a presenter on a touch
/// screen or under a pointer, whichever keys the list follows.
extension ChoiceListMachine {
  /// A tap on a choice (its index among all the choices) moves the
  /// highlight there with the focus on the list, and toggles its check box
  /// (check), marks it (radio) as Space would, or chooses it at once
  /// (pick, as Enter on it). A tap on a button presses it: OK answers the
  /// marks (a picklist's highlighted item), Cancel cancels with reason
  /// `cancel`. A scroll moves the highlight by its rows, without wrapping.
  /// A choice or button the list does not have is not consumed.
  public mutating func tap(_ target: ModalTap.Target) -> (consumed: Bool, effects: [Effect]) {
    guard !isFinished else { return (false, []) }
    switch target {
    case .item(let index):
      guard marks.indices.contains(index) else { return (false, []) }
      if mode == .pick {
        focus = .list
        scroll(to: index)
        return (true, end(.confirmed([index])))
      }
      return (
        true,
        changes {
          $0.focus = .list; $0.scroll(to: index); $0.mark(index)
        }
      )
    case .button(let index):
      guard index >= 0, index < buttonCount else { return (false, []) }
      return (true, end(index == 0 ? .confirmed(answer) : .cancelled(.cancel)))
    case .scroll(let rows):
      return (
        true,
        changes {
          $0.focus = .list; $0.scroll(to: $0.highlight + rows)
        }
      )
    }
  }
}
