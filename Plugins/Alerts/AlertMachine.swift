public import KeyMenuCore
public import KeyMenuPluginAPI
import KeyMenuProtocol

/// The key rules of one alert in front: a pure state machine.
///
/// Feed it every key event while the alert is in front; it says whether it
/// consumed the event and what changed. Esc, Back and Exit pick the cancel
/// button (nothing without one); Enter, keypad Enter, OK and Select pick the
/// focused button, which starts at the default; Left/Right and Tab/Shift+Tab
/// move focus; 1-9 pick button N; a button's unique first letter picks it
/// (as the device's keyboard layout types it). A message of more than one
/// line scrolls as a text box does (Up/Down a line, Page Up/Page Down
/// ``pageLines``, Home/End to either end, End to the last page), so that
/// one taller than the screen is read to its end; the buttons stay where
/// they are. A
/// key's `down` chooses; its `up` (and repeats) are consumed too, also after
/// the answer, through ``consumedKeys``. Other keys pass.
public struct AlertMachine: Sendable {
  /// What handling a key did.
  public enum Effect: Hashable, Sendable {
    /// Focus moved to this button.
    case focus(Int)
    /// The message scrolled: this line is the first shown.
    case scrolled(Int)
    /// The alert is answered.
    case answer(AlertAnswer)
  }

  /// The alert.
  public let alert: Alert
  /// The focused button.
  public internal(set) var focus: Int
  /// The first line of the message shown (scrolled down from 0).
  public private(set) var firstLine = 0
  /// The message's lines (0 without one).
  public let messageLines: Int
  /// The lines Page Up and Page Down scroll, as a text box's default page.
  public static let pageLines = 10
  /// The answer, once there is one.
  public private(set) var answer: AlertAnswer?
  /// Keys whose `down` this alert consumed and whose `up` has not come yet.
  public private(set) var consumedKeys = ConsumedKeys()

  /// Starts with focus on the default button.
  public init(_ alert: Alert) {
    self.alert = alert
    self.focus = alert.defaultButton
    messageLines = alert.message.map { $0.utf8.count { $0 == 0x0A } + 1 } ?? 0
  }

  /// The highest ``firstLine``: the last page's first line.
  public var lastFirstLine: Int { max(0, messageLines - Self.pageLines) }

  /// Handles one key event; returns whether it was consumed and the effects.
  public mutating func handle(_ event: KeyEvent) -> (consumed: Bool, effects: [Effect]) {
    if let consumed = consumedKeys.follow(event) {
      return (consumed, consumed && event.action == .repeat && answer == nil ? move(event) : [])
    }
    guard answer == nil, var effects = press(event) else { return (false, []) }
    consumedKeys.insert(event.code)
    // The answer says which device's key gave it (none for a client's modal.press).
    if !event.isSynthetic, answer != nil {
      answer?.device = Int(event.device.rawValue)
      effects = effects.map { effect in
        guard case .answer(var given) = effect else { return effect }
        given.device = Int(event.device.rawValue)
        return .answer(given)
      }
    }
    return (true, effects)
  }

  /// Answers when the timeout passed: the cancel button if there is one.
  public mutating func timeOut() -> AlertAnswer? {
    finish(alert.cancel, .timeout)
  }

  /// Answers with a button chosen through a presenter (reason `action`);
  /// nil when already answered or there is no such button.
  public mutating func choose(_ button: Int) -> AlertAnswer? {
    guard answer == nil, alert.buttons.indices.contains(button) else { return nil }
    focus = button
    return finish(button, .action)
  }

  /// Scrolls the message by `rows` (negative up), as a wheel or a swipe on a
  /// presenter does; the new first line, nil when it did not move.
  public mutating func scroll(by rows: Int) -> Int? {
    guard answer == nil else { return nil }
    let clamped = min(max(firstLine + rows, 0), lastFirstLine)
    guard clamped != firstLine else { return nil }
    firstLine = clamped
    return clamped
  }

  /// Answers because the owner dismissed the alert: no button.
  public mutating func dismiss() -> AlertAnswer? {
    finish(nil, .dismissed)
  }

  /// The effects of a key going down, or nil when the alert ignores the key.
  private mutating func press(_ event: KeyEvent) -> [Effect]? {
    if let name = alert.answerKeys[event.code] {
      guard answer == nil else { return [] }
      let answer = AlertAnswer(button: nil, title: nil, reason: .answerKey, key: name)
      self.answer = answer
      return [.answer(answer)]
    }
    switch alert.keys {
    case .whiptail: return whiptailPress(event)
    case .dialog: return dialogPress(event)
    case .keymenu, .dmenu, nil: break  // dmenu's keys are refused on alerts
    }
    let key = event.code
    if AlertKeys.cancel.contains(key) { return escape() }
    if AlertKeys.accept.contains(key) { return choose(focus) }
    if let digit = key.digit, digit > 0 {
      return alert.buttons.indices.contains(digit - 1) ? choose(digit - 1) : []
    }
    let moved = move(event)
    if !moved.isEmpty || AlertKeys.navigation.contains(key) { return moved }
    if messageLines > 1, AlertKeys.scrolling.contains(key) { return [] }
    if let letter = Self.typedLetter(event), let index = uniqueButton(startingWith: letter) {
      return choose(index)
    }
    return nil
  }

  mutating func move(_ event: KeyEvent) -> [Effect] {
    if messageLines > 1, AlertKeys.scrolling.contains(event.code) { return scroll(event.code) }
    let count = alert.buttons.count
    var target = focus
    switch event.code {
    case .left: target = max(focus - 1, 0)
    case .right: target = min(focus + 1, count - 1)
    case AlertKeys.tab:
      target = event.modifiers.isDisjoint(with: .shift) ? (focus + 1) % count : (focus + count - 1) % count
    default: return []
    }
    guard target != focus else { return [] }
    focus = target
    return [.focus(target)]
  }

  /// Scrolls the message; nothing at either end (the key is still the alert's).
  private mutating func scroll(_ key: KeyCode) -> [Effect] {
    let target: Int
    switch key {
    case .up: target = firstLine - 1
    case .down: target = firstLine + 1
    case DialogKeys.pageUp: target = firstLine - Self.pageLines
    case DialogKeys.pageDown: target = firstLine + Self.pageLines
    case DialogKeys.home: target = 0
    default: target = lastFirstLine
    }
    let clamped = min(max(target, 0), lastFirstLine)
    guard clamped != firstLine else { return [] }
    firstLine = clamped
    return [.scrolled(clamped)]
  }

  /// Esc, Back or Exit: the cancel button, reason `escape` (nothing without one).
  mutating func escape() -> [Effect] {
    guard let cancel = alert.cancel else { return [] }
    focus = cancel
    return finish(cancel, .escape).map { [.answer($0)] } ?? []
  }

  mutating func choose(_ index: Int) -> [Effect] {
    focus = index
    return finish(index, .key).map { [.answer($0)] } ?? []
  }

  mutating func finish(_ button: Int?, _ reason: AlertAnswer.Reason) -> AlertAnswer? {
    guard answer == nil else { return nil }
    let answer = AlertAnswer(button: button, title: button.map { alert.buttons[$0] }, reason: reason)
    self.answer = answer
    return answer
  }

  private func uniqueButton(startingWith letter: Character) -> Int? {
    let matches = alert.buttons.indices.filter { alert.buttons[$0].lowercased().first == letter }
    return matches.count == 1 ? matches[0] : nil
  }

  /// The lowercase character a key picks a button by: what it types under
  /// the device's layout (`д` picks "Да" on a Russian keyboard, the key
  /// marked A picks "Apply" on AZERTY), or, when it types nothing (Ctrl
  /// held), the letter that names it (``KeyEvent/layoutLetter``: its
  /// position without a layout).
  static func typedLetter(_ event: KeyEvent) -> Character? {
    if let text = event.text, text.count == 1 { return text.lowercased().first }
    return event.layoutLetter
  }
}
