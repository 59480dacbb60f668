import ArgumentParser
import Glibc
import KeyMenuCore
import KeyMenuProtocol

/// `keymenuctl menu`: a dmenu-style chooser driven by whoever holds a keyboard.
struct MenuCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "menu",
    abstract: "Show a menu of stdin's lines (or a defined menu) and print the choice.",
    discussion: """
      Like dmenu: items are read from standard input, one per line (up to \
      65536; a long list is sent in parts), and the chosen one is printed as \
      it came (a tab or control character is shown as a space or its picture). With --name, a menu defined in the configuration or by a \
      client is shown instead and its chosen item's title is printed.

      EXIT STATUS
        0    an item was chosen
        1    cancelled (Esc, Back at the top, or the menu was closed), or no
             items on standard input (as dmenu)
        255  the daemon cannot be reached or refused the request
      """)

  @OptionGroup var client: ClientOptions
  @Option(name: .long, help: "The menu's title.") var title = "Choose"
  @Option(name: .long, help: "Show this defined menu instead of reading stdin.") var name: String?
  @Flag(name: .long, help: "Let typed letters filter the items.") var filter = false

  /// Bytes of items per request when a list is sent in parts, well under the
  /// daemon's 64 KiB line.
  static let partBytes = 48 * 1024
  /// Items per request when sent in parts (the daemon takes 4096 per request).
  static let partItems = 4096

  /// Opens a menu of `items`: in one `menu.open`, or, for a list too long for
  /// one request line, `menu.open` with `more` and `menu.append` parts (up to
  /// 65536 items).
  func open(_ items: [MenuItemParams], on connection: DaemonConnection) throws(ClientFailure) -> Result<
    JSONValue, RPCError
  > {
    let parts = Self.parts(items)
    var params = MenuOpenParams(title: title, items: parts[0], filter: filter)
    guard parts.count > 1 else { return try connection.call("menu.open", JSONValue(encoding: params)) }
    params.more = true
    let opening = try connection.send("menu.open", JSONValue(encoding: params))
    for (index, part) in parts.enumerated().dropFirst() {
      let more = index < parts.count - 1
      let appended = try connection.call(
        "menu.append", JSONValue(encoding: MenuAppendParams(request: opening, items: part, more: more)))
      if case .failure = appended { return appended }
    }
    return try connection.response(to: opening)
  }

  /// `items` in parts of at most ``partBytes`` of JSON and ``partItems`` items.
  static func parts(_ items: [MenuItemParams]) -> [[MenuItemParams]] {
    var parts: [[MenuItemParams]] = [[]]
    var bytes = 0
    for item in items {
      let size = (JSONValue(encoding: item).jsonBytes?.count ?? 0) + 1
      if !parts[parts.count - 1].isEmpty,
        bytes + size > partBytes || parts[parts.count - 1].count >= partItems
      {
        parts.append([])
        bytes = 0
      }
      parts[parts.count - 1].append(item)
      bytes += size
    }
    return parts
  }

  func run() throws {
    let result: JSONValue
    var originals: [String: String] = [:]
    if let name {
      result = try client.connect().call("menu.show", JSONValue(encoding: MenuNameParams(name: name)))
        .orFail()
    } else {
      var items: [MenuItemParams] = []
      while let line = readLine(strippingNewline: true) {
        guard !line.isEmpty else { continue }
        // The daemon refuses control characters in titles: a tab (ls -l,
        // column output) shows as a space, anything else as its picture,
        // and the line as it came is what is printed when it is chosen.
        let shown = ShownText.visible(line.replacingTabs)
        if shown != line, originals[shown] == nil { originals[shown] = line }
        items.append(MenuItemParams(title: shown))
      }
      guard !items.isEmpty else {
        throw CommandFailure(message: "no items on standard input; nothing to choose")
      }
      result = try open(items, on: client.connect()).orFail()
    }
    guard case .chose(_, let chosen, _) = try result.read(as: MenuOpenResult.self, from: "menu.open") else {
      throw ExitCode(1)
    }
    if client.json {
      print(result.jsonText)
    } else {
      if let original = originals[chosen] {
        var output = OutputBuffer(fileDescriptor: 1)
        output.append(original + "\n")
        output.flush()
      } else {
        print(ShownText.visible(chosen))
      }
    }
  }
}

extension String {
  /// Each tab as one space.
  fileprivate var replacingTabs: String {
    contains("\t") ? split(separator: "\t", omittingEmptySubsequences: false).joined(separator: " ") : self
  }
}
