import Foundation

/// The repository's README.md, which tests of several targets check what
/// they run against.
public enum Readme {
  /// Its text (empty when it cannot be read).
  public static let text =
    (try? String(contentsOfFile: TestProcess.testsDirectory + "/../README.md", encoding: .utf8)) ?? ""

  /// Its configuration (its first TOML block).
  public static var configuration: String {
    guard let start = text.range(of: "```toml\n"),
      let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex)
    else { return "" }
    return String(text[start.upperBound..<end.lowerBound]) + "\n"
  }
}
