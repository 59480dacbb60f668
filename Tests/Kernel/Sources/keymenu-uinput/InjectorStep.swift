import KeyMenuEvdev

/// One line of the script `keymenu-uinput keyboard` reads on standard input.
enum InjectorStep: Equatable {
  /// `down KEY`: press.
  case down(UInt16)
  /// `up KEY`: release.
  case up(UInt16)
  /// `tap KEY [N]`: press and release, N times.
  case tap(UInt16, times: Int)
  /// `flood N [KEY]`: N taps (default `KEY_A`) written back to back, as fast
  /// as uinput takes them, to overflow a reader's kernel buffer.
  case flood(Int, key: UInt16)
  /// `axis AXIS VALUE`: an absolute axis' position (`ABS_HAT0Y 1`).
  case axis(UInt16, value: Int32)
  /// `sleep MS`.
  case sleep(milliseconds: Int)
  /// `say TEXT`: print TEXT once every earlier step is written (a marker
  /// the driving script can wait for).
  case say(String)
  /// `destroy`: destroy the device and exit.
  case destroy

  /// Why a line is not a step.
  struct SyntaxError: Error, CustomStringConvertible {
    /// The message, naming the line.
    let description: String
  }

  /// Parses one line; `nil` for a blank line or a `#` comment. Keys are
  /// libevdev names, with or without `KEY_` (`ENTER`, `KEY_LEFTSHIFT`).
  static func parse(_ line: Substring) throws(SyntaxError) -> InjectorStep? {
    let words = line.split(separator: " ", omittingEmptySubsequences: true)
    guard let verb = words.first, !verb.hasPrefix("#") else { return nil }
    let arguments = Array(words.dropFirst())
    func fail(_ why: String) -> SyntaxError { SyntaxError(description: "\(why): \(line)") }
    func key(_ index: Int, default fallback: UInt16? = nil) throws(SyntaxError) -> UInt16 {
      guard index < arguments.count else {
        if let fallback { return fallback }
        throw fail("a key name is missing")
      }
      let name = arguments[index].uppercased()
      let full = name.hasPrefix("KEY_") || name.hasPrefix("BTN_") ? name : "KEY_" + name
      guard let code = EventCodeNames.code(named: full, type: 1) else { throw fail("unknown key \(name)") }
      return code
    }
    func count(_ index: Int, default fallback: Int? = nil) throws(SyntaxError) -> Int {
      guard index < arguments.count else {
        if let fallback { return fallback }
        throw fail("a number is missing")
      }
      guard let value = Int(arguments[index]), value >= 0 else { throw fail("not a count") }
      return value
    }
    switch verb {
    case "down": return .down(try key(0))
    case "up": return .up(try key(0))
    case "tap": return .tap(try key(0), times: try count(1, default: 1))
    case "flood": return .flood(try count(0), key: try key(1, default: 30))
    case "axis":
      guard arguments.count == 2, let axis = EventCodeNames.code(named: arguments[0].uppercased(), type: 3),
        let value = Int32(arguments[1])
      else { throw fail("axis needs an axis name and a value, such as ABS_HAT0Y 1") }
      return .axis(axis, value: value)
    case "sleep": return .sleep(milliseconds: try count(0))
    case "say": return .say(arguments.joined(separator: " "))
    case "destroy": return .destroy
    default: throw fail("unknown step \(verb) (down, up, tap, flood, axis, sleep, say, destroy)")
    }
  }
}
