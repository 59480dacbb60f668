/// A key typed on the script's own terminal, while a box is drawn there.
public enum TerminalKey: Sendable, Hashable {
  /// Enter (CR or LF).
  case enter
  /// Esc alone (not the start of an arrow's sequence).
  case escape
  /// Anything else (arrows, letters): keymenu's devices move and type;
  /// the terminal answers with Enter and Esc only.
  case other

  /// The keys in one read from the terminal (in raw mode a read returns
  /// what one key press sent, or a few): a lone ESC byte is Esc, an ESC
  /// followed by more bytes is one escape sequence (an arrow, a function
  /// key) and counts as one ``other``.
  public static func decode(_ bytes: [UInt8]) -> [TerminalKey] {
    var keys: [TerminalKey] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x0D, 0x0A:
        keys.append(.enter)
      case 0x1B:
        guard index < bytes.count else {
          keys.append(.escape)
          break
        }
        if bytes[index] == 0x1B {
          keys.append(.escape)
          continue
        }
        // CSI or SS3: ESC [ or ESC O, parameters, then one final byte.
        if bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O") {
          index += 1
          while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        }
        index += 1
        keys.append(.other)
      default:
        keys.append(.other)
      }
    }
    return keys
  }
}
