import ArgumentParser
import Glibc
import KeyMenuClient
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
      result = try client.connect().openMenu(MenuOpenParams(title: title, items: items, filter: filter))
        .orFail()
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
