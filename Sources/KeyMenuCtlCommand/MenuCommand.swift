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
      client is shown instead and its chosen item's value (if it has one) or \
      title is printed.

      With --values, each line is VALUE<TAB>TITLE, as whiptail's tag and \
      item: the title is shown and the value printed when it is chosen (a \
      line without a tab is both). --default names the item highlighted \
      first by its value, else its title; one that names no item is ignored, \
      as whiptail ignores a --default-item that matches nothing. --timeout \
      closes the menu after that many seconds with no key pressed (any key \
      starts the wait again), as dialog's --timeout.

      EXIT STATUS
        0    an item was chosen
        1    cancelled (Esc, Back at the top, or the menu was closed or
             dismissed), or no items on standard input (as dmenu)
        5    timed out (--timeout), as keymenuctl alert
        10+  an answer key (--key NAME=STATUS), as rofi's custom keys
        255  the daemon cannot be reached or refused the request

      ANSWER KEYS
        --key red=10: the remote's red key answers the menu. The item
        highlighted then is printed (its value or title, as when chosen;
        nothing when there is none) and the exit status is 10. Keys: red,
        green, yellow, blue, info, context, or any key name (KEY_F1, f1).
        Statuses from 10 to 125.

      EXAMPLE
        printf 'eth0\\tWired\\nwlan0\\tWi-Fi\\n' |
          keymenuctl menu --values --default wlan0 --timeout 30
      """)

  @OptionGroup var client: ClientOptions
  @Option(name: .long, help: "The menu's title.") var title = "Choose"
  @Option(name: .long, help: "Show this defined menu instead of reading stdin.") var name: String?
  @Flag(name: .long, help: "Let typed letters filter the items.") var filter = false
  @Flag(name: .long, help: "Read VALUE<TAB>TITLE lines; print the chosen value.") var values = false
  @Option(name: .customLong("default"), help: "The item highlighted first: its value or title.")
  var defaultItem: String?
  @Flag(
    inversion: .prefixedNo,
    help: "Wake the TV and switch it to this box while it is up (HDMI-CEC; default: [cec] wake_tv).")
  var wakeTV: Bool?
  @Option(name: .long, help: "Close after this many seconds with no key pressed (exit 5).")
  var timeout: Double?
  @Option(
    name: .customLong("key"),
    help: ArgumentHelp("A key that answers with this exit status (repeatable).", valueName: "name=status"))
  var answerKeys: [String] = []

  /// The exit status of a menu that timed out (as `keymenuctl alert`'s).
  static let timedOutStatus: Int32 = 5

  /// `--key` as names and exit statuses, in order.
  var answerStatuses: [AnswerKeyOption] {
    (try? AnswerKeyOption.parse(answerKeys, example: "red=10", allowed: { _ in true }, range: "")) ?? []
  }

  func validate() throws {
    _ = try AnswerKeyOption.parse(
      answerKeys, example: "red=10", allowed: { (10...125).contains($0) }, range: "10 to 125")
    if values, name != nil {
      throw ValidationError("--values reads standard input; --name shows a defined menu")
    }
    if let timeout {
      let longest = Double(MenuOpenParams.longestTimeoutMilliseconds / 1000)
      guard timeout > 0, timeout <= longest else {
        throw ValidationError("--timeout must be more than 0 and at most \(Int(longest)) seconds (a day)")
      }
    }
  }

  /// `--default` as the daemon compares it (shown as the items are) and
  /// `--timeout` in milliseconds.
  var highlight: MenuHighlight? { defaultItem.map { .item(ShownText.visible($0.replacingTabs)) } }
  var timeoutMilliseconds: Int? { timeout.map { Int(($0 * 1000).rounded(.up)) } }

  func run() throws {
    let result: JSONValue
    var originals: [String: String] = [:]
    if let name {
      var params = MenuShowParams(
        name: name, highlight: highlight, timeoutMilliseconds: timeoutMilliseconds, wakeTV: wakeTV)
      params.answerKeys = answerStatuses.isEmpty ? nil : answerStatuses.map(\.name)
      result = try client.connect().call("menu.show", JSONValue(encoding: params)).orFail()
    } else {
      var items: [MenuItemParams] = []
      while let line = readLine(strippingNewline: true) {
        guard !line.isEmpty else { continue }
        items.append(Self.item(line, values: values, originals: &originals))
      }
      guard !items.isEmpty else {
        throw CommandFailure(message: "no items on standard input; nothing to choose")
      }
      var params = MenuOpenParams(
        title: title, items: items, filter: filter, highlight: highlight,
        timeoutMilliseconds: timeoutMilliseconds, wakeTV: wakeTV)
      params.answerKeys = answerStatuses.isEmpty ? nil : answerStatuses.map(\.name)
      result = try client.connect().openMenu(params).orFail()
    }
    let chosen: String
    var status: Int32 = 0
    switch try result.read(as: MenuOpenResult.self, from: "menu.open") {
    case .chose(_, let title, _, let value): chosen = value ?? title
    case .key(let key, let title, _, let value):
      status = answerStatuses.first { $0.name == key }?.status ?? 1
      guard let item = value ?? title else {
        if client.json { print(result.jsonText) }
        throw ExitCode(status)
      }
      chosen = item
    // Only a menu under dmenu's keys answers typed text; keymenuctl opens none.
    case .typed(let text): chosen = text
    case .cancelled(let reason): throw ExitCode(reason == MenuOpenResult.timeout ? Self.timedOutStatus : 1)
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
    if status != 0 { throw ExitCode(status) }
  }
}

extension MenuCommand {
  /// The item of one line of standard input: its title, and with `values`
  /// its value (before the first tab; a line without one is both). The
  /// daemon refuses control characters in titles and values: a tab (ls -l,
  /// column output) shows as a space, anything else as its picture, and
  /// `originals` keeps the text as it came, which is what is printed when
  /// it is chosen.
  static func item(_ line: String, values: Bool, originals: inout [String: String]) -> MenuItemParams {
    func shown(_ text: String) -> String {
      let shown = ShownText.visible(text.replacingTabs)
      if shown != text, originals[shown] == nil { originals[shown] = text }
      return shown
    }
    guard values else { return MenuItemParams(title: shown(line)) }
    guard let tab = line.firstIndex(of: "\t") else {
      let text = shown(line)
      return MenuItemParams(title: text, value: text)
    }
    return MenuItemParams(
      title: shown(String(line[line.index(after: tab)...])), value: shown(String(line[..<tab])))
  }
}

extension String {
  /// Each tab as one space.
  fileprivate var replacingTabs: String {
    contains("\t") ? split(separator: "\t", omittingEmptySubsequences: false).joined(separator: " ") : self
  }
}
