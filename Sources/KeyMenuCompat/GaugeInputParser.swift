/// Reads a gauge's standard input, line by line, the way whiptail does: a
/// line that is a number sets the percent; a line `XXX` starts a block
/// whose first line is the percent and whose next lines, up to another
/// `XXX`, are the new text (with `\n` written out as two characters read
/// as a line break). Other lines change nothing.
///
///     echo 10; echo XXX; echo 42; echo "Copying files"; echo XXX
public struct GaugeInputParser: Sendable {
  /// What one line changed.
  public enum Update: Sendable, Hashable {
    /// The bar is now at this percent (0 to 100).
    case percent(Int)
    /// The text above the bar is now this.
    case text(String)
  }

  private enum State: Sendable {
    case plain
    case blockPercent
    case blockText(percent: String, lines: [String])
  }

  private var state = State.plain

  /// A parser before the first line.
  public init() {}

  /// Takes one line (without its newline); returns what it changed.
  public mutating func feed(line: String) -> [Update] {
    switch state {
    case .plain:
      if line == "XXX" {
        state = .blockPercent
        return []
      }
      return Self.percent(line).map { [.percent($0)] } ?? []
    case .blockPercent:
      state = .blockText(percent: line, lines: [])
      return []
    case .blockText(let percent, var lines):
      guard line != "XXX" else {
        state = .plain
        let text = DialogText.expandingNewlines(lines.joined(separator: "\n"))
        return [.text(text)] + (Self.percent(percent).map { [.percent($0)] } ?? [])
      }
      lines.append(line)
      state = .blockText(percent: percent, lines: lines)
      return []
    }
  }

  /// The percent a line sets: a whole number, held to 0...100; nil for
  /// anything else.
  static func percent(_ line: String) -> Int? {
    guard !line.isEmpty, line.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
    return min(Int(line.prefix(4)) ?? 100, 100)
  }
}

extension Character {
  /// 0 to 9.
  fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
