import KeyMenuCore
public import KeyMenuProtocol

/// The menu a dmenu invocation becomes: each non-empty line of standard
/// input an item (shown as UTF-8, a byte that is not as U+FFFD, a tab as a
/// space, control and bidi characters as pictures, as the daemon takes
/// only clean titles), filtered by typing, the prompt as its title; the
/// chosen item read back as the line that came in, byte for byte (a
/// Latin-1 byte, a CR before the newline), as dmenu writes it.
public struct DmenuPlan: Sendable {
  /// The request's params.
  public let params: MenuOpenParams
  /// The items' titles.
  public var items: [MenuItemParams] { params.items }
  /// The items' lines as they came in, by item index.
  private let lines: [[UInt8]]

  /// The plan for `arguments` and the lines read (without their newlines).
  public init(arguments: DmenuArguments, lines input: [[UInt8]]) {
    var kept: [[UInt8]] = []
    var items: [MenuItemParams] = []
    for line in input where !line.isEmpty {
      let text = String(decoding: line, as: UTF8.self)
      let shown = BoxWording.title(
        text.split(separator: "\t", omittingEmptySubsequences: false).joined(separator: " "))
      // Each item's value is its index: the chosen one maps back to its
      // own line whatever its title (two lines may look alike).
      items.append(MenuItemParams(title: shown, value: String(kept.count)))
      kept.append(line)
    }
    let title = arguments.prompt.map(BoxWording.title) ?? ""
    params = MenuOpenParams(title: title.isEmpty ? "Choose" : title, items: items, filter: true)
    lines = kept
  }

  /// The plan for lines given as text.
  public init(arguments: DmenuArguments, lines input: [String]) {
    self.init(arguments: arguments, lines: input.map { Array($0.utf8) })
  }

  /// Standard input's bytes as dmenu reads them: a line per newline, the
  /// last one too when it has none; nothing else changed.
  public static func lines(of input: [UInt8]) -> [[UInt8]] {
    var lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// The line chosen in `answer` (`menu.open`'s result), as it came in;
  /// nil when the menu was cancelled.
  public func chosenLine(_ answer: JSONValue) -> [UInt8]? {
    guard let result = try? answer.decoded(as: MenuOpenResult.self),
      case .chose(_, let title, _, let value) = result
    else { return nil }
    guard let index = value.flatMap({ Int($0) }), lines.indices.contains(index) else {
      return Array(title.utf8)
    }
    return lines[index]
  }
}
