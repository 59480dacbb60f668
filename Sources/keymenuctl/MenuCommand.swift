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
      Like dmenu: items are read from standard input, one per line; the chosen \
      one is printed. With --name, a menu defined in the configuration or by a \
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
    if let name {
      result = try client.connect().call("menu.show", ["name": .string(name)]).orFail()
    } else {
      var items: [JSONValue] = []
      while let line = readLine(strippingNewline: true) {
        if !line.isEmpty { items.append(["title": .string(line)]) }
      }
      guard !items.isEmpty else {
        throw CommandFailure(message: "no items on standard input; nothing to choose")
      }
      let params: JSONValue = ["title": .string(title), "items": .array(items), "filter": .bool(filter)]
      result = try client.connect().call("menu.open", params).orFail()
    }
    if result["cancelled"]?.boolValue == true { throw ExitCode(1) }
    if client.json {
      print(result.jsonText)
    } else {
      print(ShownText.visible(result["title"]?.stringValue ?? ""))
    }
  }
}
