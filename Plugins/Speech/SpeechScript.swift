public import KeyMenuPluginAPI
public import KeyMenuProtocol

/// Decides what to say when the modal stack changes: a pure state machine fed
/// every `modal.changed` snapshot, which keeps only the last one to see what
/// changed. Only the front entry is ever spoken.
///
/// The rules (``SpeechPhrases`` has the wording):
///
/// - A different entry comes to the front (opened, or uncovered when the one
///   over it went): an alert is announced whole, a menu by its level and
///   highlighted item.
/// - The same menu: a new level (into or out of a submenu) is announced like
///   a menu; a filter change says the filter, the count and the highlighted
///   item; a highlight move says the item and its position.
/// - Items edited while shown: if what would be said of the highlighted item
///   changed, it is said without interrupting; otherwise nothing.
/// - The same alert or dialog (every kind but menus): changed parts announce it whole again; a focus move
///   says the focused button (or the field); typing says the field's text,
///   or only its length when it is masked; a cursor move the character
///   reached (its position when masked); a highlight move or a mark the
///   choice; scrolling the line on top; an on-screen keyboard the focused
///   key; a gauge its percent each time it passes a tenth (not
///   interrupting).
/// - The stack becomes empty: "Closed".
///
/// Everything but edits interrupts: a person moving on wants the new thing
/// now, not the end of the old one.
public struct SpeechScript: Sendable {
  /// The snapshot the last call was given.
  public private(set) var last: ModalSnapshot

  /// Starts from a snapshot (by default the empty stack).
  public init(last: ModalSnapshot = ModalSnapshot()) { self.last = last }

  /// Takes the next snapshot and returns what to say, if anything.
  public mutating func advance(to next: ModalSnapshot) -> Utterance? {
    defer { last = next }
    return Self.utterance(from: last.front, to: next.front)
  }

  /// What to say when the front goes from `old` to `new`.
  public static func utterance(from old: ModalPicture?, to new: ModalPicture?) -> Utterance? {
    guard let new else { return old == nil ? nil : Utterance(SpeechPhrases.closed) }
    if let old, old.id == new.id {
      if let before = old.menu, let after = new.menu { return menuChanged(from: before, to: after) }
      return dialogChanged(from: old, to: new)
    }
    return Utterance(new.menu.map(SpeechPhrases.menu) ?? SpeechPhrases.dialog(new))
  }

  private static func dialogChanged(from before: ModalPicture, to after: ModalPicture) -> Utterance? {
    if before.title != after.title || before.text != after.text || before.buttons != after.buttons
      || (before.field == nil) != (after.field == nil) || (before.page == nil) != (after.page == nil)
      || (before.choices == nil) != (after.choices == nil)
      || (before.keyboard == nil) != (after.keyboard == nil)
      || before.choices?.items.count != after.choices?.items.count
    {
      return Utterance(SpeechPhrases.dialog(after))
    }
    if before.focusedButton != after.focusedButton {
      if let focus = after.focusedButton, after.buttons.indices.contains(focus) {
        return Utterance(after.buttons[focus])
      }
      if let keyboard = after.keyboard { return Utterance(SpeechPhrases.key(keyboard)) }
      if let choices = after.choices { return Utterance(SpeechPhrases.choice(choices)) }
      if let field = after.field { return Utterance(SpeechPhrases.field(field)) }
    }
    if let parts = partChanged(from: before, to: after) { return parts }
    guard let old = before.field, let new = after.field else { return nil }
    if old.shown != new.shown { return Utterance(SpeechPhrases.contents(new)) }
    if old.cursor != new.cursor { return Utterance(SpeechPhrases.cursor(new)) }
    return nil
  }

  /// What a change of a page, the choices, a gauge or a keyboard says.
  private static func partChanged(from before: ModalPicture, to after: ModalPicture) -> Utterance? {
    if let choices = after.choices, before.choices != choices {
      return Utterance(SpeechPhrases.choice(choices))
    }
    if let page = after.page, before.page?.first != page.first {
      return Utterance(SpeechPhrases.pageTop(page))
    }
    if let percent = after.percent, (before.percent ?? -10) / 10 != percent / 10 {
      return Utterance(SpeechPhrases.percent(percent), interrupts: false)
    }
    if let keyboard = after.keyboard, before.keyboard != keyboard,
      before.keyboard?.focused != keyboard.focused || before.keyboard?.rows != keyboard.rows
    {
      return Utterance(SpeechPhrases.key(keyboard))
    }
    return nil
  }

  private static func menuChanged(from before: ModalPicture.Menu, to after: ModalPicture.Menu) -> Utterance? {
    if before.path != after.path {
      return Utterance(SpeechPhrases.menu(after))
    }
    if before.filter != after.filter {
      return Utterance(SpeechPhrases.filter(after))
    }
    if before.highlight != after.highlight {
      return Utterance(SpeechPhrases.item(after))
    }
    let said = SpeechPhrases.item(after)
    if before.items != after.items, SpeechPhrases.item(before) != said {
      return Utterance(said, interrupts: false)
    }
    return nil
  }
}
