/// Maps key codes to names and back.
///
/// keymenu never writes this table by hand: `KeyMenuEvdev` fills it from
/// libevdev (`KeyNameTable.libevdev`). Lookups are array indexing, so the
/// decoder can name every event without hashing.
public struct KeyNameTable: Sendable {
  private var namesByCode: [String]
  private var codesByName: [String: KeyCode]

  /// Builds a table from (code, name) pairs; codes above ``KeyCode/max`` are ignored.
  public init(_ pairs: some Sequence<(KeyCode, String)>) {
    namesByCode = (0...Int(KeyCode.max.rawValue)).map { Self.fallbackName(UInt16($0)) }
    codesByName = [:]
    for (code, name) in pairs where code <= KeyCode.max {
      namesByCode[Int(code.rawValue)] = name
      codesByName[name] = code
    }
  }

  /// The name of a code, or `KEY_0x...` when libevdev has none.
  public func name(of code: KeyCode) -> String {
    let index = Int(code.rawValue)
    return index < namesByCode.count ? namesByCode[index] : Self.fallbackName(code.rawValue)
  }

  /// The code for a name. Accepts `KEY_ESC`, `key_esc`, `esc` and `BTN_LEFT`.
  public func code(named name: String) -> KeyCode? {
    let upper = name.uppercased()
    if let code = codesByName[upper] { return code }
    if !upper.hasPrefix("KEY_"), !upper.hasPrefix("BTN_") { return codesByName["KEY_" + upper] }
    return nil
  }

  /// Whether libevdev knows a name for this code.
  public func hasName(_ code: KeyCode) -> Bool {
    name(of: code) != Self.fallbackName(code.rawValue)
  }

  private static func fallbackName(_ code: UInt16) -> String {
    "KEY_0x" + String(code, radix: 16)
  }
}
