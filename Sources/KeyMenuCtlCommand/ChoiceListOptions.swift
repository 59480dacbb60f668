import ArgumentParser
import KeyMenuClient
import KeyMenuCore
import KeyMenuProtocol

/// What `keymenuctl checklist` and `keymenuctl radiolist` share: the title,
/// the items (arguments, or the lines of standard input), the initial marks,
/// the buttons, and asking the daemon.
struct ChoiceListOptions: ParsableArguments {
  @OptionGroup var client: ClientOptions
  @Argument(help: "The list's title: the question asked.") var title: String
  @Argument(
    help: ArgumentHelp(
      "The items, each TAG<TAB>TEXT or just TEXT (default: the lines of standard input).", valueName: "item"))
  var items: [String] = []
  @Option(name: .long, help: "Text under the title.") var message: String?
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Mark the item so named at first (by its tag, or its text when it has none).", valueName: "tag"))
  var on: [String] = []
  @Option(name: .long, help: ArgumentHelp("Highlight this item at first.", valueName: "tag"))
  var highlight: String?
  @Flag(name: .long, help: "Show the items' texts only, not their tags (whiptail's --notags).")
  var noTags = false
  @Option(name: .long, help: ArgumentHelp("The OK button's title.", valueName: "text"))
  var okButton: String?
  @Option(name: .long, help: ArgumentHelp("The Cancel button's title.", valueName: "text"))
  var cancelButton: String?
  @Flag(name: .long, help: "No Cancel button (Esc still cancels).") var noCancel = false

  /// One item as given: `TAG<TAB>TEXT`, or `TEXT` alone.
  struct Item: Equatable {
    var tag: String?
    var text: String

    /// What the item is named by on the command line and in the output: its tag, else its text.
    var name: String { tag ?? text }

    /// Splits `line` at its first tab.
    init(line: String) {
      if let tab = line.firstIndex(of: "\t") {
        tag = String(line[..<tab])
        text = String(line[line.index(after: tab)...])
      } else {
        text = line
      }
    }
  }

  func validate() throws {
    guard !title.isEmpty else {
      throw ValidationError("the title must not be empty: it is the question asked")
    }
  }

  /// The items from the arguments, else from standard input (empty lines skipped).
  func readItems() throws -> [Item] {
    var lines = items
    if lines.isEmpty {
      while let line = readLine(strippingNewline: true) {
        if !line.isEmpty { lines.append(line) }
      }
    }
    guard !lines.isEmpty else {
      throw ValidationError("no items: give them as arguments or on standard input")
    }
    guard lines.count <= ChoiceListShowParams.maximumItems else {
      throw ValidationError("\(lines.count) items: a list takes at most \(ChoiceListShowParams.maximumItems)")
    }
    return lines.map(Item.init(line:))
  }

  /// The request for `items`. Their texts are sent as they are shown (a
  /// control character as its picture, which the daemon takes); the
  /// output names the items as given, by the answer's indices.
  func params(for items: [Item]) throws -> ChoiceListShowParams {
    let names = items.map(\.name)
    for tag in on + (highlight.map { [$0] } ?? []) where !names.contains(tag) {
      throw ValidationError(
        "no item is named '\(ShownText.visible(tag))' (an item's tag, or its text when it has none)")
    }
    // Each --on marks the first item so named (a radiolist takes one mark).
    let marked = Set(on.compactMap { names.firstIndex(of: $0) })
    return ChoiceListShowParams(
      title: title, message: message,
      items: items.enumerated().map { index, item in
        ChoiceItemParams(
          tag: item.tag.map { ShownText.visible($0) }, text: ShownText.visible(item.text),
          marked: marked.contains(index) ? true : nil)
      },
      highlight: highlight.flatMap { names.firstIndex(of: $0) }, showTags: noTags ? false : nil,
      okTitle: okButton, cancelTitle: cancelButton, noCancel: noCancel ? true : nil)
  }

  /// Shows the list with `method` and waits for the answer; the items are
  /// returned for naming the marked ones.
  func ask(_ method: String) throws -> (result: JSONValue, items: [Item]) {
    let items = try readItems()
    let params = try params(for: items)
    let result = try client.connect().call(method, JSONValue(encoding: params)).orFail()
    return (result, items)
  }

  /// Prints the marked items' names as given, one per line, or the answer
  /// as one JSON line with `--json`.
  func printMarked(_ indices: [Int], of items: [Item], result: JSONValue) {
    if client.json {
      print(result.jsonText)
      return
    }
    var output = OutputBuffer(fileDescriptor: 1)
    for index in indices where items.indices.contains(index) { output.append(items[index].name + "\n") }
    output.flush()
  }

  /// The documented exit status of a list cancelled for `reason`.
  static func exitStatus(cancelled reason: String) -> Int32 {
    reason == ChoiceListReason.dismissed ? 4 : 1
  }
}
