import KeyMenuCore
import KeyMenuPluginAPI

/// An item's long action (``MenuItem/longSelector``): the activate key
/// held on it, chosen on release or run past ``Menu/longPress``.
extension MenuMachine {
  /// The activate key was held past ``Menu/longPress`` on an item with a
  /// long action: that action, the menu staying open; nothing when the key
  /// came up (or another key was pressed) meanwhile.
  public mutating func longPressed() -> [Effect] {
    guard let hold = holding else { return [] }
    holding = nil
    guard isOpen, visibleItems.indices.contains(hold.index),
      let selector = visibleItems[hold.index].item.longSelector
    else { return [] }
    let item = visibleItems[hold.index].item
    return [.invokeLong(selector: selector, title: item.title, path: levels[levels.count - 1].path)]
  }

  /// The held activate key's events while a hold is on: its release chooses
  /// the item, its repeats are holding; another key calls the hold off (the
  /// held key's release then does nothing). Nil when the event is not the
  /// hold's to answer.
  mutating func followHold(_ event: KeyEvent) -> (consumed: Bool, effects: [Effect])? {
    guard let hold = holding else { return nil }
    if event.code == hold.key && event.action != .down {
      guard event.action == .up else { return (true, []) }
      holding = nil
      _ = consumedKeys.follow(event)
      return (true, isOpen && visibleItems.indices.contains(hold.index) ? activate(hold.index) : [])
    }
    if event.action == .down { holding = nil }
    return nil
  }
}
