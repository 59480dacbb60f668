public import KeyMenuCore

/// The key rules of one dialog-family modal (a prompt, a checklist, a text
/// box, ...): a pure state machine that ``DialogKind`` keeps while the
/// dialog is open and feeds the keys that reach it.
public protocol DialogMachine: Sendable {
  /// What the dialog answers when it ends.
  associatedtype Answer: Sendable

  /// Handles one key event (press, repeat or release) while the dialog is
  /// in front.
  mutating func respond(to event: KeyEvent) -> DialogStep<Answer>

  /// Handles a presenter's tap or click on the dialog while it is in front
  /// (`modal.tap`): what the keys that pick the tapped item or button would
  /// do. Passes by default (a kind that takes no taps).
  mutating func respond(toTap target: ModalTap.Target) -> DialogStep<Answer>

  /// Called once when the dialog ends, after its answer is taken: wipes
  /// what must not outlive it (a masked prompt's text). Does nothing by default.
  mutating func forget()
}

extension DialogMachine {
  /// Keeps nothing that needs wiping.
  public mutating func forget() {}

  /// Takes no taps.
  public mutating func respond(toTap target: ModalTap.Target) -> DialogStep<Answer> { .passed }
}

/// What one key did to a dialog.
public struct DialogStep<Answer: Sendable>: Sendable {
  /// Whether the key stops here (else it goes on to what is below).
  public var consumed: Bool
  /// Whether what the dialog shows changed.
  public var changed: Bool
  /// The answer, when the key ended the dialog.
  public var answer: Answer?

  /// Creates a step.
  public init(consumed: Bool, changed: Bool = false, answer: Answer? = nil) {
    self.consumed = consumed
    self.changed = changed
    self.answer = answer
  }

  /// The key was not the dialog's: it goes on.
  public static var passed: Self { Self(consumed: false) }
}
