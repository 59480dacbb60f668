public import KeyMenuCore

extension KeyChord {
  /// Why a chord such as `ctrl+alt+m` could not be read.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with it.
    public enum Reason: Hashable, Sendable {
      /// The text was empty.
      case empty
      /// A `+` with nothing on one side, as in `ctrl+` or `ctrl++m`.
      case emptyPart
      /// The last part is not a key name the table knows.
      case unknownKey(String)
      /// A part before the last is not a modifier.
      case unknownModifier(String)
    }

    /// The text that was parsed.
    public var text: String
    /// What was wrong with it.
    public var reason: Reason

    /// Creates an error.
    public init(text: String, reason: Reason) {
      self.text = text
      self.reason = reason
    }

    /// The problem in a few words: `unknown modifier hyper`.
    public var message: String {
      switch reason {
      case .empty: "empty key chord"
      case .emptyPart: "empty part between '+' signs"
      case .unknownKey(let name): "unknown key \(name)"
      case .unknownModifier(let name): "unknown modifier \(name)"
      }
    }

    /// What would be right.
    public var hint: String {
      switch reason {
      case .empty, .emptyPart:
        "write modifiers and a key joined by '+', such as ctrl+alt+m or KEY_MENU"
      case .unknownKey:
        "use an evdev key name such as KEY_MENU or its short form such as m or esc"
      case .unknownModifier:
        "modifiers are " + Modifier.allCases.map(\.rawValue).joined(separator: ", ")
      }
    }

    /// `ctrl+foo: unknown key foo (use an evdev key name ...)`.
    public var description: String { "\(text): \(message) (\(hint))" }
  }

  /// Reads a chord: modifiers (`ctrl`, `shift`, `alt`, `meta`, `altgr`, any
  /// case) and then a key name, joined by `+`: `ctrl+alt+m`, `KEY_MENU`,
  /// `shift+KEY_F1`. Key names are looked up in `names`, so `m`, `KEY_M`
  /// and `key_m` are the same key.
  public static func parse(_ text: String, names: KeyNameTable) throws(ParseError) -> KeyChord {
    guard !text.isEmpty else { throw ParseError(text: text, reason: .empty) }
    // A key alone (`KEY_DOWN`, what keymenu-whiptail and -dmenu press at
    // every key) is one lookup, without splitting it into parts.
    if !text.utf8.contains(UInt8(ascii: "+")) {
      guard let key = names.code(named: text) else { throw ParseError(text: text, reason: .unknownKey(text)) }
      return KeyChord(key, [])
    }
    var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
    guard !parts.contains(where: \.isEmpty) else { throw ParseError(text: text, reason: .emptyPart) }
    let keyName = parts.removeLast()
    var modifiers = Set<Modifier>()
    for part in parts {
      guard let modifier = Modifier(rawValue: part.lowercased()) else {
        throw ParseError(text: text, reason: .unknownModifier(part))
      }
      modifiers.insert(modifier)
    }
    guard let key = names.code(named: keyName) else {
      throw ParseError(text: text, reason: .unknownKey(keyName))
    }
    return KeyChord(key, modifiers)
  }
}

extension KeyChord {
  /// How a hint names the chord: its modifiers, then the key's name without
  /// `KEY_` in words (`Menu`, `1`, `Ctrl+Alt+M`, `Volumeup`); a remote's
  /// `KEY_NUMERIC_1` is `1`.
  public func shownName(names: KeyNameTable) -> String {
    var name = names.name(of: key)
    for prefix in ["KEY_", "BTN_"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
    // A remote's digit keys are its digits.
    if let digit = key.digit, name.hasPrefix("NUMERIC_") { name = String(digit) }
    let key = name.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
      .joined(separator: " ")
    let held = Modifier.allCases.filter(modifiers.contains).map { modifier in
      modifier == .altgr ? "AltGr" : modifier.rawValue.prefix(1).uppercased() + modifier.rawValue.dropFirst()
    }
    return (held + [key]).joined(separator: "+")
  }
}
