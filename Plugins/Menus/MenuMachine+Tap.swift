public import KeyMenuPluginAPI

/// Taps and clicks on the menu (`modal.tap`), from a presenter on a touch
/// screen or under a pointer.
extension MenuMachine {
  /// A tap: on an item (its index among the items shown, as the picture
  /// counts them), that item is chosen as Enter on it would choose it (a
  /// submenu opens; an item with a long action runs its main one); a
  /// scroll moves the highlight by its rows, without wrapping. Buttons and
  /// items outside the list do nothing. A menu under dmenu's keys takes no taps.
  public mutating func tap(_ target: ModalTap.Target) -> (consumed: Bool, effects: [Effect]) {
    guard isOpen, dmenu == nil else { return (false, []) }
    holding = nil
    switch target {
    case .item(let index):
      guard visibleItems.indices.contains(index) else { return (false, []) }
      return (true, activate(index))
    case .scroll(let rows):
      var effects: [Effect] = []
      for _ in 0..<abs(rows) {
        let step = move(from: currentHighlight, by: rows > 0 ? 1 : -1, wrap: false)
        if step.isEmpty { break }
        effects = step
      }
      return (true, effects)
    case .button:
      return (false, [])
    }
  }
}
