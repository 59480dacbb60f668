import Foundation

/// Scenarios that drive a program in a tmux pane (Tests/Fixtures/hotplug.py
/// with `$TMUX` and `screen` lines), for the terminal tests of several targets.
public enum TerminalScenario {
  /// `$TMUX`, and `screen NAME PATTERN` lines: capture the pane into
  /// `$DIR/NAME.txt` until PATTERN (grep -E) is on it.
  public static func expand(_ scenario: String, tmux: String) -> String {
    scenario
      .replacingOccurrences(of: "$TMUX", with: tmux)
      .split(separator: "\n")
      .map { line -> String in
        guard line.hasPrefix("screen ") else { return String(line) }
        let parts = line.split(separator: " ", maxSplits: 2)
        let file = "$DIR/\(parts[1]).txt"
        return "until 5000 sh -c \"\(tmux) capture-pane -p > \(file); grep -qE \(parts[2]) \(file)\""
      }
      .joined(separator: "\n")
  }
}
