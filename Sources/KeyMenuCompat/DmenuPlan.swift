import KeyMenuCore
public import KeyMenuProtocol

/// The menu a dmenu invocation becomes: each non-empty line of standard
/// input an item (a tab shown as a space, control and bidi characters as
/// pictures, as the daemon takes only clean titles), filtered by typing,
/// the prompt as its title; the chosen item read back as the line that
/// came in.
public struct DmenuPlan: Sendable {
  /// The request's params.
  public let params: MenuOpenParams
  /// The items' titles.
  public var items: [MenuItemParams] { params.items }
  private let lines: [String: String]

  /// The plan for `arguments` and the lines read.
  public init(arguments: DmenuArguments, lines input: [String]) {
    var originals: [String: String] = [:]
    var items: [MenuItemParams] = []
    for line in input where !line.isEmpty {
      let shown = BoxWording.title(
        line.split(separator: "\t", omittingEmptySubsequences: false).joined(separator: " "))
      if originals[shown] == nil { originals[shown] = line }
      items.append(MenuItemParams(title: shown))
    }
    let title = arguments.prompt.map(BoxWording.title) ?? ""
    params = MenuOpenParams(title: title.isEmpty ? "Choose" : title, items: items, filter: true)
    lines = originals
  }

  /// The line chosen in `answer` (`menu.open`'s result), as it came in;
  /// nil when the menu was cancelled.
  public func chosenLine(_ answer: JSONValue) -> String? {
    guard let result = try? answer.decoded(as: MenuOpenResult.self), case .chose(_, let title, _, _) = result
    else { return nil }
    return lines[title] ?? title
  }
}
