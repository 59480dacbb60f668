public import KeyMenuProtocol

extension DialogPlan {
  /// The method that takes this box away (its own request's):
  /// `alert.dismiss`, `prompt.dismiss` or `menu.close`.
  public var dismissMethod: String {
    switch method {
    case "alert.show": "alert.dismiss"
    case "prompt.show": "prompt.dismiss"
    default: "menu.close"
    }
  }

  /// The id of this box on the modal stack: the entry in `state` that was
  /// not there before the request (`known`) and shows this box's title.
  public func ownEntry(in state: ModalState, known: Set<String>) -> ModalState.Entry? {
    state.stack.last { entry in
      guard let (id, title) = Self.identity(entry), !known.contains(id) else { return false }
      return title == self.title
    }
  }

  /// The id of an entry (nil for a kind this program does not know).
  public static func id(of entry: ModalState.Entry) -> String? { identity(entry)?.id }

  /// The outcome Enter typed on the terminal gives, read from this box's
  /// entry as last drawn: the focused button, the highlighted item, the
  /// typed text; nil when Enter cannot answer from there (a masked prompt,
  /// whose text the owner is never sent before it is accepted).
  public func outcomeOfEnter(on entry: ModalState.Entry) -> DialogOutcome? {
    switch (reading, entry) {
    case (.alert(let cancel), .alert(let alert)):
      return alert.focus == cancel ? .cancelled : .accepted(.nothing)
    case (.prompt, .dialog(let dialog)):
      guard let field = dialog.field, !field.masked else { return nil }
      return .accepted(.text(field.text))
    case (.menu(let titles, let tags), .menu(let menu)):
      guard let highlight = menu.highlight, menu.items.indices.contains(highlight),
        let index = titles.firstIndex(of: menu.items[highlight].title)
      else { return nil }
      return .accepted(.text(tags[index]))
    default:
      return nil
    }
  }

  private static func identity(_ entry: ModalState.Entry) -> (id: String, title: String)? {
    switch entry {
    case .alert(let alert): (alert.id, alert.title)
    case .menu(let menu): (menu.id, menu.title)
    case .dialog(let dialog): (dialog.id, dialog.title)
    case .unknown: nil
    }
  }
}
