/// Reads a box's positional arguments in order: text, height, width, then
/// what the box takes (a list height and items, an initial text, a
/// percent). A missing argument, a size that is not a number, or an item
/// without its pair is a usage error, as in whiptail.
struct PositionalReader {
  private var rest: ArraySlice<String>
  private let flavor: CompatFlavor

  init(arguments: [String], flavor: CompatFlavor) {
    rest = arguments[...]
    self.flavor = flavor
  }

  /// The request of box `box` (its option name without dashes); with
  /// `itemHelp` each item has a help text last (dialog's `--item-help`),
  /// read and dropped.
  mutating func request(box: String, noItem: Bool, itemHelp: Bool = false) throws(DialogUsageError)
    -> DialogRequest
  {
    let text = try next("the box's text")
    let size = BoxSize(height: try number("the height"), width: try number("the width"))
    switch box {
    case "yesno": return .yesNo(text: text, size: size)
    case "msgbox": return .messageBox(text: text, size: size)
    case "infobox": return .infoBox(text: text, size: size)
    case "inputbox": return .inputBox(text: text, size: size, initialText: rest.popFirst())
    case "passwordbox": return .passwordBox(text: text, size: size, initialText: rest.popFirst())
    case "textbox": return .textBox(file: text, size: size)
    case "gauge": return .gauge(text: text, size: size, percent: try number("the percent"))
    case "menu":
      let listHeight = try number("the list height")
      var items: [MenuEntry] = []
      while let tag = rest.popFirst() {
        // dialog's --no-items: tags alone; whiptail's --noitem still reads
        // pairs and shows the tags (measured).
        let item = noItem && flavor == .dialog ? "" : try next("the text of menu item \(tag)")
        if itemHelp { _ = try next("the help of menu item \(tag)") }
        items.append(MenuEntry(tag: tag, item: noItem ? "" : item))
      }
      guard !items.isEmpty else { throw usage("a menu needs at least one tag and item") }
      return .menu(text: text, size: size, listHeight: listHeight, items: items)
    default:
      let listHeight = try number("the list height")
      var items: [ListEntry] = []
      while let tag = rest.popFirst() {
        let item = noItem ? "" : try next("the text of item \(tag)")
        let status = try next("the status (on/off) of item \(tag)")
        if itemHelp { _ = try next("the help of item \(tag)") }
        items.append(ListEntry(tag: tag, item: item, isOn: ListEntry.isOn(status: status)))
      }
      return box == "radiolist"
        ? .radiolist(text: text, size: size, listHeight: listHeight, items: items)
        : .checklist(text: text, size: size, listHeight: listHeight, items: items)
    }
  }

  private func usage(_ text: String) -> DialogUsageError { DialogUsageError(.usage(text), flavor: flavor) }

  private mutating func next(_ what: String) throws(DialogUsageError) -> String {
    guard let value = rest.popFirst() else { throw usage("missing \(what)") }
    return value
  }

  /// A number as whiptail's `strtoul` check takes it: digits (an empty
  /// word reads as 0).
  private mutating func number(_ what: String) throws(DialogUsageError) -> Int {
    let word = try next(what)
    if word.isEmpty { return 0 }
    guard let value = Int(word) else { throw usage("\(what) must be a number, not \(word)") }
    return value
  }
}
