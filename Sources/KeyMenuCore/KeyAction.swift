/// What happened to a key: the kernel's `EV_KEY` value 1, 0 or 2.
public enum KeyAction: String, Sendable, Hashable, CaseIterable {
  case down
  case up
  case `repeat`

  /// Maps an `EV_KEY` value; values other than 0, 1, 2 are not key transitions.
  public init?(eventValue: Int32) {
    switch eventValue {
    case 0: self = .up
    case 1: self = .down
    case 2: self = .repeat
    default: return nil
    }
  }
}
