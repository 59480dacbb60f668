/// What kind of device this is and whether keymenu counts it as a keyboard.
///
/// A device counts when it can send at least one *answer key*: a key that can
/// answer an alert or drive a menu. Full keyboards, numeric keypads and IR
/// remotes do, and gamepads through ``GamepadMapping/standard`` (a remote
/// then); mice, touchpads and power buttons alone do not.
public struct DeviceClassification: Hashable, Sendable {
  /// The broad kind, for people reading `keymenuctl devices`.
  public enum Kind: String, Hashable, Sendable {
    case keyboard
    case keypad
    case remote
    case pointer
    case other
  }

  /// The broad kind.
  public var kind: Kind
  /// The answer keys the device can send, lowest code first (a gamepad's:
  /// those its buttons, hat and stick send through ``GamepadMapping/standard``).
  public var answerKeys: [KeyCode]
  /// Whether it is a gamepad (`BTN_SOUTH` or D-pad buttons): its events go
  /// through a ``GamepadTranslator`` and it counts as a remote.
  public var isGamepad: Bool

  /// Whether keymenu uses this device by default.
  public var isKeyboardLike: Bool { !answerKeys.isEmpty }

  /// Classifies a device from its capabilities.
  public init(_ capabilities: DeviceCapabilities) {
    let keys = capabilities.keys
    isGamepad = keys.contains(.buttonSouth) || keys.contains { KeyCode.dpadButtons.contains($0) }
    if isGamepad {
      let mapping = GamepadMapping.standard
      var sent = Set(keys.compactMap { mapping.buttons[$0] })
      let axes = [
        GamepadTranslator.hatX, GamepadTranslator.hatY, GamepadTranslator.stickX, GamepadTranslator.stickY,
      ]
      if axes.contains(where: capabilities.absoluteAxes.contains) {
        sent.formUnion(mapping.directions.values)
      }
      answerKeys = Self.answerKeys.filter { sent.contains($0) }.sorted()
      kind = .remote
      return
    }
    answerKeys = Self.answerKeys.filter { keys.contains($0) }.sorted()
    let hasLetters = Self.letters.allSatisfy { keys.contains($0) }
    let hasKeypadDigits = Self.keypadDigits.allSatisfy { keys.contains($0) }
    let hasRemoteKeys = !Self.remoteKeys.isDisjoint(with: keys)
    if hasLetters {
      kind = .keyboard
    } else if hasKeypadDigits {
      kind = .keypad
    } else if hasRemoteKeys {
      kind = .remote
    } else if capabilities.hasRelativeAxes || capabilities.hasAbsoluteAxes {
      kind = .pointer
    } else {
      kind = .other
    }
  }

  /// One line saying why the device counts or not, naming keys from `names`.
  public func explanation(capabilities: DeviceCapabilities, names: KeyNameTable) -> String {
    if isKeyboardLike {
      let shown = answerKeys.prefix(6).map { names.name(of: $0) }.joined(separator: " ")
      let more = answerKeys.count > 6 ? " +\(answerKeys.count - 6) more" : ""
      return "\(kind.rawValue)\(isGamepad ? " (gamepad)" : "") with answer keys: \(shown)\(more)"
    }
    let keys = capabilities.keys.sorted()
    if keys.isEmpty { return "\(kind.rawValue), sends no keys" }
    let shown = keys.prefix(4).map { names.name(of: $0) }.joined(separator: " ")
    let more = keys.count > 4 ? " +\(keys.count - 4) more" : ""
    return "\(kind.rawValue), no answer keys (has \(shown)\(more))"
  }

  private static let letters: [KeyCode] =
    (16...25).map { KeyCode($0) } + (30...38).map { KeyCode($0) } + (44...50).map { KeyCode($0) }
  private static let digits: [KeyCode] = (2...11).map { KeyCode($0) }
  private static let keypadDigits: [KeyCode] = [71, 72, 73, 75, 76, 77, 79, 80, 81, 82].map {
    KeyCode($0)
  }
  private static let numericDigits: [KeyCode] = (0x200...0x209).map { KeyCode($0) }
  private static let navigation: [KeyCode] = [.up, .down, .left, .right]
  private static let remoteKeys: Set<KeyCode> =
    Set([.ok, .select, .back, .exit] + navigation + numericDigits)

  /// Keys that can answer an alert or drive a menu.
  public static let answerKeys: Set<KeyCode> = Set(
    [.enter, .escape, .keypadEnter, .ok, .select, .back, .exit] + navigation + digits
      + keypadDigits + numericDigits)
}
