public import KeyMenuProtocol

/// The keymenu request a box becomes, and how its answer reads back as the
/// box's outcome: `--yesno` and `--msgbox` are alerts, `--inputbox` and
/// `--passwordbox` prompts (their Cancel button apart from Esc), `--menu` a
/// picklist whose chosen item is mapped back to its tag here, on the
/// client's side; `--checklist` and `--radiolist` the lists of the same
/// names (all under the keys of the program stood in for), their
/// marked items mapped back to the script's tags by index; `--gauge` a gauge
/// moved by standard input (``gaugeUpdate(_:request:)``), `--textbox` a text
/// box of the file's text, `--infobox` an info box.
public struct DialogPlan: Sendable {
  /// The JSON-RPC method (`alert.show`, `prompt.show`, `picklist.show`,
  /// `checklist.show`, `radiolist.show`,
  /// `gauge.show`, `textbox.show`, `infobox.show`).
  public let method: String
  /// Its params.
  public let params: JSONValue
  /// The menu item `--default-item` names (index in the items), sent as
  /// the picklist's initial `highlight`.
  public let defaultItemIndex: Int?
  /// The box's title as keymenu shows it (how its entry on the modal
  /// stack is found).
  public let title: String
  let reading: Reading
  /// Whether Esc reads as the Cancel button (exit 1): whiptail with
  /// `--nocancel` compares the answer with the Cancel button it did not
  /// make, and Esc then exits 1 from a menu, input box or list (measured).
  let escapeIsCancel: Bool

  enum Reading: Sendable {
    /// An alert whose buttons, in order, stand for these.
    case alert(roles: [DialogButtonRole])
    case prompt
    /// A checklist (several tags) or a radiolist (one tag), each tag as the
    /// script gave it.
    case list(tags: [String], radio: Bool)
    /// A picklist (whiptail's menu): the chosen item's tag as the script gave it.
    case pick(tags: [String])
    /// A gauge or a text box: ``DialogEndResult``.
    case end
    /// An info box, answered at once.
    case shown
  }

  /// The plan of `request`, or nil when keymenu cannot show it (a list
  /// with no items or over 4096, a `--textbox` whose text is over what a
  /// text box takes): those run the real program. `fileText` is the text
  /// of a `--textbox`'s file, as read.
  public init?(
    _ request: DialogRequest, options: DialogOptions, flavor: CompatFlavor, fileText: String? = nil
  ) {
    var index: Int?
    // dialog's buttons: OK or Yes, Extra, Cancel or No, Help. A yes/no and
    // a message box have them all; on another box keymenu cannot show
    // Extra or Help, nor focus a button other than OK at first, so the real
    // dialog asks (Enter must never answer OK where the script made it Cancel).
    let roles = Self.buttonRoles(request, options: options, flavor: flavor)
    if let button = options.defaultButton, button != "ok", button != "yes" {
      guard let roles, roles.contains(DialogButtonRole(name: button)) else { return nil }
    }
    if options.extraButton || options.helpButton, roles == nil { return nil }
    switch request {
    case .yesNo(let text, _):
      let wording = BoxWording(text: text, options: options, fallbackTitle: "Question")
      let roles = roles ?? [.ok, .cancel]
      var params = AlertShowParams(
        title: wording.title, message: wording.message,
        buttons: roles.map { BoxWording.title($0.title(options, yesNo: true)) },
        cancel: roles.firstIndex(of: .cancel),
        defaultButton: roles.firstIndex(
          of: options.defaultNo ? .cancel : options.defaultButton.map(DialogButtonRole.init(name:)) ?? .ok)
          ?? 0)
      params.timeoutMilliseconds = Self.timeout(options)
      params.keys = flavor == .whiptail ? .whiptail : .dialog
      method = "alert.show"
      self.params = JSONValue(encoding: params)
      title = params.title
      reading = .alert(roles: roles)
    case .messageBox(let text, let size) where flavor == .whiptail && options.scrollText:
      // whiptail's --msgbox --scrolltext (debconf's long notes): the text
      // takes the focus first, as in a text box with --scrolltext.
      let params = TextBoxShowParams(
        title: BoxWording.title(options.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Message"),
        text: TextBoxShowParams.shown(DialogText.expandingNewlines(text)),
        pageLines: Self.scrollPage(size), button: BoxWording.title(options.okLabel ?? "Ok"), textFocus: true)
      guard params.text.utf8.count <= TextBoxShowParams.maximumTextBytes else { return nil }
      method = "textbox.show"
      self.params = JSONValue(encoding: params)
      title = params.title
      reading = .end
    case .messageBox(let text, _):
      let wording = BoxWording(text: text, options: options, fallbackTitle: "Message")
      let roles = roles ?? [.ok]
      // The first button is also the "cancel" one, so that Esc answers
      // (reason `escape`, exit 255) and Enter chooses OK (reason `key`, exit 0).
      var params = AlertShowParams(
        title: wording.title, message: wording.message,
        buttons: roles.map { BoxWording.title($0.title(options, yesNo: false, flavor: flavor)) }, cancel: 0,
        defaultButton: roles.firstIndex(of: options.defaultButton.map(DialogButtonRole.init(name:)) ?? .ok)
          ?? 0)
      params.timeoutMilliseconds = Self.timeout(options)
      params.keys = flavor == .whiptail ? .whiptail : .dialog
      method = "alert.show"
      self.params = JSONValue(encoding: params)
      title = params.title
      reading = .alert(roles: roles)
    case .inputBox(let text, _, let initial), .passwordBox(let text, _, let initial):
      var masked = false
      if case .passwordBox = request { masked = true }
      let wording = BoxWording(text: text, options: options, fallbackTitle: masked ? "Password" : "Input")
      let longest = options.maximumInput.flatMap { $0 > 0 ? min($0, PromptShowParams.longest) : nil }
      let start = initial.map { String(BoxWording.title($0).prefix(longest ?? PromptShowParams.longest)) }
      let params = PromptShowParams(
        title: wording.title, message: wording.message, initialText: start?.isEmpty == false ? start : nil,
        masked: masked ? true : nil, maximumLength: longest, okTitle: options.okLabel.map(BoxWording.title),
        cancelTitle: options.cancelLabel.map(BoxWording.title), noCancel: options.noCancel ? true : nil,
        keys: flavor == .whiptail ? .whiptail : .dialog)
      method = "prompt.show"
      self.params = JSONValue(encoding: params)
      title = params.title
      reading = .prompt
    case .menu(let text, let size, let listHeight, let items):
      // A menu: a list with OK and Cancel under the program's keys.
      let wording = BoxWording(text: text, options: options, fallbackTitle: "Choose")
      index = options.defaultItem.flatMap { wanted in items.firstIndex { $0.tag == wanted } }
      // Each item named by its index: the chosen one maps back to the
      // script's tag exactly, whatever the tags hold.
      let entries = items.map { entry in
        guard !options.noItem, !entry.item.isEmpty else {
          return ChoiceItemParams(text: BoxWording.title(entry.tag))
        }
        return ChoiceItemParams(
          tag: options.noTags ? nil : BoxWording.title(entry.tag), text: BoxWording.title(entry.item))
      }
      let params = ChoiceListShowParams(
        title: wording.title, message: wording.message, items: entries, highlight: index,
        okTitle: options.okLabel.map(BoxWording.title),
        cancelTitle: options.cancelLabel.map(BoxWording.title),
        noCancel: options.noCancel ? true : nil, keys: flavor == .whiptail ? .whiptail : .dialog,
        listHeight: Self.page(flavor, text: text, size: size, listHeight: listHeight, itemCount: items.count),
        timeoutMilliseconds: Self.listTimeout(options))
      method = "picklist.show"
      self.params = JSONValue(encoding: params)
      title = params.title
      reading = .pick(tags: items.map(\.tag))
    case .checklist(let text, let size, let listHeight, let items),
      .radiolist(let text, let size, let listHeight, let items):
      // No items, or more than a list takes: the real program shows them.
      guard (1...ChoiceListShowParams.maximumItems).contains(items.count) else { return nil }
      var radio = false
      if case .radiolist = request { radio = true }
      let wording = BoxWording(text: text, options: options, fallbackTitle: radio ? "Choose one" : "Choose")
      // keymenu's radiolist marks at most one item: the one the program
      // answers when several are on (whiptail's last, dialog's first).
      let on =
        !radio ? nil : flavor == .whiptail ? items.lastIndex(where: \.isOn) : items.firstIndex(where: \.isOn)
      // The answer is mapped back to the script's tags by index, so what
      // is shown (made safe, cut, the text alone with --notags
      // or the tag alone for an item without text) may differ.
      let entries = items.indices.map { index in
        let entry = items[index]
        let isOn = radio ? index == on : entry.isOn
        // An item with no text (debconf's) shows its tag once, as the text.
        guard !entry.item.isEmpty else {
          return ChoiceItemParams(text: BoxWording.title(entry.tag), marked: isOn)
        }
        return ChoiceItemParams(
          tag: options.noTags ? nil : BoxWording.title(entry.tag), text: BoxWording.title(entry.item),
          marked: isOn)
      }
      let params = ChoiceListShowParams(
        title: wording.title, message: wording.message, items: entries,
        okTitle: options.okLabel.map(BoxWording.title),
        cancelTitle: options.cancelLabel.map(BoxWording.title),
        noCancel: options.noCancel ? true : nil, keys: flavor == .whiptail ? .whiptail : .dialog,
        listHeight: Self.page(flavor, text: text, size: size, listHeight: listHeight, itemCount: items.count),
        timeoutMilliseconds: Self.listTimeout(options))
      method = radio ? "radiolist.show" : "checklist.show"
      self.params = JSONValue(encoding: params)
      title = params.title
      reading = .list(tags: items.map(\.tag), radio: radio)
    case .gauge(let text, _, let percent):
      // The text changes as the gauge moves: it is the message, under a
      // title that stays.
      let params = GaugeShowParams(
        title: BoxWording.title(options.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Progress"),
        message: BoxWording.message(DialogText.expandingNewlines(text)), percent: min(max(percent, 0), 100))
      method = "gauge.show"
      self.params = JSONValue(encoding: params)
      title = params.title
      reading = .end
    case .textBox(let file, let size):
      guard let fileText else { return nil }
      let shown = TextBoxShowParams.shown(fileText)
      guard shown.utf8.count <= TextBoxShowParams.maximumTextBytes else { return nil }
      let name = file.split(separator: "/").last.map(String.init) ?? file
      let params = TextBoxShowParams(
        title: BoxWording.title(options.title.flatMap { $0.isEmpty ? nil : $0 } ?? name), text: shown,
        pageLines: flavor == .whiptail && options.scrollText ? Self.scrollPage(size) : nil,
        button: BoxWording.title(options.okLabel ?? (flavor == .dialog ? "EXIT" : "Ok")),
        textFocus: flavor == .whiptail && options.scrollText ? true : nil)
      method = "textbox.show"
      self.params = JSONValue(encoding: params)
      title = params.title
      reading = .end
    case .infoBox(let text, _):
      let wording = BoxWording(text: text, options: options, fallbackTitle: "Information")
      let params = InfoBoxShowParams(title: wording.title, message: wording.message)
      method = "infobox.show"
      self.params = JSONValue(encoding: params)
      title = params.title
      reading = .shown
    }
    defaultItemIndex = index
    switch reading {
    case .pick, .prompt, .list: escapeIsCancel = flavor == .whiptail && options.noCancel
    default: escapeIsCancel = false
    }
  }

  /// Whether this is a `--gauge`, fed by standard input.
  public var isGauge: Bool { method == "gauge.show" }

  /// Whether the box is answered at once (`--infobox`): nothing waits for
  /// a person, and nothing is drawn on the terminal.
  public var answersAtOnce: Bool {
    if case .shown = reading { return true }
    return false
  }

  /// The `gauge.update` params of one change read from a gauge's standard
  /// input (``GaugeInputParser``), for the gauge `request` showed.
  public func gaugeUpdate(_ update: GaugeInputParser.Update, request: RPCID) -> GaugeUpdateParams {
    switch update {
    case .percent(let percent):
      return GaugeUpdateParams(request: request, percent: min(max(percent, 0), 100))
    case .text(let text):
      return GaugeUpdateParams(request: request, message: BoxWording.message(text) ?? "")
    }
  }

}
