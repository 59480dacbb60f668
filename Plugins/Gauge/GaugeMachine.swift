public import KeyMenuCore
public import KeyMenuPluginAPI
public import KeyMenuProtocol

/// One gauge: a progress bar with text, moved by its client, not by keys.
/// A pure state machine.
///
/// Keys pass on (hotkeys still work over a gauge), except Esc, Back and
/// Exit on a cancellable gauge, which end it (`escape`), with their repeats
/// and releases.
public struct GaugeMachine: DialogMachine, Sendable {
  /// The progress, 0 to 100.
  public private(set) var percent: Int
  /// The text over the bar.
  public private(set) var message: String?
  /// Whether Esc ends the gauge.
  public let cancellable: Bool
  private var consumedKeys = ConsumedKeys()

  /// A gauge at `percent` (clamped to 0...100).
  public init(percent: Int = 0, message: String? = nil, cancellable: Bool = false) {
    self.percent = min(max(percent, 0), 100)
    self.message = message
    self.cancellable = cancellable
  }

  public mutating func respond(to event: KeyEvent) -> DialogStep<DialogEndResult> {
    if let consumed = consumedKeys.follow(event) { return DialogStep(consumed: consumed) }
    guard cancellable, event.action == .down, DialogKeys.cancel.contains(event.code) else { return .passed }
    consumedKeys.insert(event.code)
    return DialogStep(consumed: true, answer: .cancelled(reason: DialogEndResult.escape))
  }

  /// A tap on a cancellable gauge's Cancel button ends it as Esc does
  /// (`escape`); nothing else on a gauge takes a tap.
  public mutating func respond(toTap target: ModalTap.Target) -> DialogStep<DialogEndResult> {
    guard cancellable, target == .button(0) else { return .passed }
    return DialogStep(consumed: true, answer: .cancelled(reason: DialogEndResult.escape))
  }

  /// The client's update: a new percent (clamped), a new message, or both;
  /// changed when either differs.
  public mutating func update(percent: Int?, message: String?) -> DialogStep<DialogEndResult> {
    let before = (self.percent, self.message)
    if let percent { self.percent = min(max(percent, 0), 100) }
    if let message { self.message = message }
    return DialogStep(consumed: false, changed: before != (self.percent, self.message))
  }

  /// The gauge as presenters see it: title, message, bar; a Cancel button
  /// when Esc ends it.
  public func snapshot(id: String, title: String) -> ModalPicture {
    ModalPicture(
      id: id, kind: "gauge", title: title, text: message, percent: percent,
      buttons: cancellable ? ["Cancel"] : [], cancel: cancellable ? 0 : nil)
  }
}
