public import KeyMenuProtocol

// The plugin API's snapshot of the whole stack and the protocol's state
// (KeyMenuProtocol) hold the same pictures (``ModalPicture``); they differ
// only in how a deep stack is counted.

extension ModalState {
  /// The protocol's form of `snapshot`, all of its entries (the daemon
  /// sends a window of them: `ModalStateWindow`).
  public init(_ snapshot: ModalSnapshot) {
    self.init(stack: snapshot.stack, total: snapshot.omitted > 0 ? snapshot.depth : nil)
  }
}

extension ModalSnapshot {
  /// The snapshot `state` shows.
  public init(_ state: ModalState) {
    self.init(stack: state.stack, omitted: max(0, (state.total ?? 0) - state.stack.count))
  }
}

extension MenuItemChange {
  /// The protocol's form of `change`.
  public init(_ change: MenuChange) {
    switch change {
    case .inserted(let section, let index): self = .inserted(section: section, index: index)
    case .removed(let section, let index): self = .removed(section: section, index: index)
    case .moved(let section, let from, let to): self = .moved(section: section, from: from, to: to)
    case .updated(let section, let index): self = .updated(section: section, index: index)
    }
  }
}
