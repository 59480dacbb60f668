import KeyMenuCore
public import KeyMenuProtocol

/// The menu a dmenu invocation becomes: a menu under dmenu's keys
/// (`keys: dmenu`), each line of standard input an item (an empty line
/// too; a line ends at a NUL byte, as dmenu keeps it as a C string), shown
/// as UTF-8 (a byte that is not as U+FFFD, a tab as a space, control and
/// bidi characters as pictures, as the daemon takes only clean titles), the
/// prompt as its title, `-i` and `-l` as dmenu reads them. What is answered
/// is written back as dmenu writes it: the chosen item as the line that
/// came in, byte for byte (a Latin-1 byte, a CR before the newline), or
/// the text typed.
public struct DmenuPlan: Sendable {
  /// The request's params.
  public let params: MenuOpenParams
  /// The items' titles.
  public var items: [MenuItemParams] { params.items }
  /// The items' lines as they came in, by item index.
  private let lines: [[UInt8]]
  /// `KEYMENU_ANSWER_KEYS`: keys that answer with their own status.
  public let answerKeys: CompatAnswerKeys

  /// The plan for `arguments` and the lines read (without their newlines),
  /// with `answerKeys` (none by default).
  public init(arguments: DmenuArguments, lines input: [[UInt8]], answerKeys: CompatAnswerKeys = .none) {
    var kept: [[UInt8]] = []
    var items: [MenuItemParams] = []
    for whole in input {
      let line = whole.firstIndex(of: 0).map { Array(whole[..<$0]) } ?? whole
      let text = String(decoding: line, as: UTF8.self)
      let shown = BoxWording.title(
        text.split(separator: "\t", omittingEmptySubsequences: false).joined(separator: " "))
      // Each item's value is its index: the chosen one maps back to its
      // own line whatever its title (two lines may look alike).
      items.append(MenuItemParams(title: shown, value: String(kept.count)))
      kept.append(line)
    }
    let title = arguments.prompt.map(BoxWording.title) ?? ""
    let height = arguments.lines.map { min($0, MenuOpenParams.maximumListHeight) } ?? 0
    var params = MenuOpenParams(
      title: title.isEmpty ? "Choose" : title, items: items, filter: true, keys: .dmenu,
      ignoreCase: arguments.caseInsensitive ? true : nil, listHeight: height > 0 ? height : nil)
    params.answerKeys = answerKeys.names
    self.params = params
    lines = kept
    self.answerKeys = answerKeys
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

  /// What to write for `answer` (`menu.open`'s result): the chosen line as
  /// it came in, or the text typed; nil when the menu was cancelled.
  public func chosenLine(_ answer: JSONValue) -> [UInt8]? {
    guard let result = try? answer.decoded(as: MenuOpenResult.self) else { return nil }
    return line(for: result)
  }

  /// An answer key's answer: the line highlighted then (as it came in;
  /// none when nothing was) and the key's exit status; nil for any other.
  public func keyAnswer(_ answer: JSONValue) -> (line: [UInt8]?, status: Int32)? {
    guard case .key(let name, let title, let path, let value)? = try? answer.decoded(as: MenuOpenResult.self),
      let status = answerKeys.status(of: name)
    else { return nil }
    let line = title.flatMap { self.line(for: .chose(selector: "", title: $0, path: path, value: value)) }
    return (line, status)
  }

  /// What to write for an answer given with the menu kept open
  /// (`menu.picked`, Ctrl+Return) to the request `request`; nil for
  /// another request's or another notification.
  public func pickedLine(method: String, params: JSONValue, request: RPCID) -> [UInt8]? {
    guard method == MenuPickedNotice.method, let notice = try? params.decoded(as: MenuPickedNotice.self),
      notice.request == request
    else { return nil }
    return line(for: notice.answer)
  }

  /// The bytes `result` stands for.
  private func line(for result: MenuOpenResult) -> [UInt8]? {
    switch result {
    // An answer key's line is keyAnswer's.
    case .cancelled, .key: return nil
    case .typed(let text): return Array(text.utf8)
    case .chose(_, let title, _, let value):
      guard let index = value.flatMap({ Int($0) }), lines.indices.contains(index) else {
        return Array(title.utf8)
      }
      return lines[index]
    }
  }
}
