import KeyMenuCore
import KeyMenuEvdev

/// A decoder golden file: raw input lines, a `---` line, expected key events.
///
/// Input lines (times are `seconds.microseconds`):
///
///     DEV TIME TYPE CODE VALUE        a raw event, e.g. `1 1.100000 EV_KEY KEY_A 1`
///     sync DEV TIME TYPE CODE VALUE   a raw event made by libevdev's resync
///     resync DEV TIME [KEY ...]       reconcile: only the listed keys are still held
///     remove DEV TIME                 the device went away
///
/// Expected lines: `DEV TIME KEY ACTION MODIFIERS [synthetic]`, with modifiers
/// joined by `+`, or `-` for none. `#` starts a comment.
struct GoldenScript {
  enum Step {
    case raw(DeviceID, RawEvent, synthetic: Bool)
    case resync(DeviceID, KernelTime, held: Set<KeyCode>)
    case remove(DeviceID, KernelTime)
  }

  struct ParseError: Error, CustomStringConvertible {
    var line: Int
    var text: String
    var description: String { "line \(line): \(text)" }
  }

  var steps: [Step] = []
  var expected: [String] = []

  init(_ text: String) throws {
    var inExpected = false
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let words = line.split(separator: " ").map(String.init)
      if words.isEmpty { continue }
      if words == ["---"] {
        inExpected = true
        continue
      }
      if inExpected {
        expected.append(words.joined(separator: " "))
      } else {
        steps.append(try Self.step(words, line: index + 1))
      }
    }
  }

  /// Runs the steps through a fresh decoder and renders what it emitted.
  func run(names: KeyNameTable = .libevdev) -> [String] {
    var decoder = KeyDecoder(names: names)
    var output: [KeyEvent] = []
    for step in steps {
      switch step {
      case .raw(let device, let event, let synthetic):
        decoder.decode([event], from: device, synthetic: synthetic, into: &output)
      case .resync(let device, let time, let held):
        decoder.reconcile(device, stillHeld: { held.contains($0) }, at: time, into: &output)
      case .remove(let device, let time):
        decoder.removeDevice(device, at: time, into: &output)
      }
    }
    return output.map(Self.render)
  }

  static func render(_ event: KeyEvent) -> String {
    let modifiers = event.modifiers.isEmpty ? "-" : event.modifiers.names.joined(separator: "+")
    let line = "\(event.device) \(event.time) \(event.name) \(event.action.rawValue) \(modifiers)"
    return event.isSynthetic ? line + " synthetic" : line
  }

  private static func step(_ words: [String], line: Int) throws -> Step {
    func fail(_ why: String) -> ParseError { ParseError(line: line, text: why) }
    func device(_ word: String) throws -> DeviceID {
      guard let value = UInt32(word) else { throw fail("bad device '\(word)'") }
      return DeviceID(value)
    }
    func time(_ word: String) throws -> KernelTime {
      let parts = word.split(separator: ".")
      guard parts.count == 2, let seconds = Int64(parts[0]), let micros = Int32(parts[1]) else {
        throw fail("bad time '\(word)'")
      }
      return KernelTime(seconds: seconds, microseconds: micros)
    }
    func raw(_ words: ArraySlice<String>, synthetic: Bool) throws -> Step {
      let w = Array(words)
      guard w.count == 5 else { throw fail("expected DEV TIME TYPE CODE VALUE") }
      guard let type = EventCodeNames.type(named: w[2]) else { throw fail("unknown type \(w[2])") }
      guard let code = EventCodeNames.code(named: w[3], type: type) ?? UInt16(w[3]) else {
        throw fail("unknown code \(w[3])")
      }
      guard let value = Int32(w[4]) else { throw fail("bad value \(w[4])") }
      let event = RawEvent(time: try time(w[1]), type: type, code: code, value: value)
      return .raw(try device(w[0]), event, synthetic: synthetic)
    }
    switch words[0] {
    case "sync":
      return try raw(words.dropFirst(), synthetic: true)
    case "resync":
      guard words.count >= 3 else { throw fail("expected resync DEV TIME [KEY ...]") }
      var held = Set<KeyCode>()
      for name in words.dropFirst(3) {
        guard let code = KeyNameTable.libevdev.code(named: name) else { throw fail("unknown key \(name)") }
        held.insert(code)
      }
      return .resync(try device(words[1]), try time(words[2]), held: held)
    case "remove":
      guard words.count == 3 else { throw fail("expected remove DEV TIME") }
      return .remove(try device(words[1]), try time(words[2]))
    default:
      return try raw(words[...], synthetic: false)
    }
  }
}
