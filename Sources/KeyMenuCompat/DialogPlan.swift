public import KeyMenuProtocol

/// The keymenu request a box becomes, and how its answer reads back as the
/// box's outcome: `--yesno` and `--msgbox` are alerts, `--inputbox` and
/// `--passwordbox` prompts, `--menu` a menu whose chosen item is mapped
/// back to its tag here, on the client's side.
public struct DialogPlan: Sendable {
  /// The JSON-RPC method (`alert.show`, `prompt.show`, `menu.open`).
  public let method: String
  /// Its params.
  public let params: JSONValue
  /// The menu item `--default-item` names (index in the items), for the
  /// highlight menus are gaining.
  ///
  /// TODO(menu highlight): send it as `menu.open`'s initial `highlight`
  /// once menus take one; it is computed and not sent yet.
  public let defaultItemIndex: Int?
  /// The box's title as keymenu shows it (how its entry on the modal
  /// stack is found).
  public let title: String
  let reading: Reading

  enum Reading: Sendable {
    case alert(cancel: Int)
    case prompt
    case menu(titles: [String], tags: [String])
  }

  /// The plan of `request`, or nil when keymenu has no kind for that box
  /// yet (checklist, radiolist, gauge, text box, info box): those run the
  /// real program.
  public init?(_ request: DialogRequest, options: DialogOptions, flavor: CompatFlavor) {
    var index: Int?
    switch request {
    case .yesNo(let text, _):
      let wording = BoxWording(text: text, options: options, fallbackTitle: "Question")
      var params = AlertShowParams(
        title: wording.title, message: wording.message,
        buttons: [BoxWording.title(options.yesLabel ?? "Yes"), BoxWording.title(options.noLabel ?? "No")],
        cancel: 1, defaultButton: options.defaultNo ? 1 : 0)
      params.timeoutMilliseconds = Self.timeout(options)
      method = "alert.show"
      self.params = JSONValue(encoding: params)
      title = params.title
      reading = .alert(cancel: 1)
    case .messageBox(let text, _):
      let wording = BoxWording(text: text, options: options, fallbackTitle: "Message")
      let ok = options.okLabel ?? (flavor == .dialog ? "OK" : "Ok")
      // The only button is also the "cancel" one, so that Esc answers
      // (reason `escape`, exit 255) and Enter chooses it (reason `key`, exit 0).
      var params = AlertShowParams(
        title: wording.title, message: wording.message, buttons: [BoxWording.title(ok)], cancel: 0,
        defaultButton: 0)
      params.timeoutMilliseconds = Self.timeout(options)
      method = "alert.show"
      self.params = JSONValue(encoding: params)
      title = params.title
      reading = .alert(cancel: -1)
    case .inputBox(let text, _, let initial), .passwordBox(let text, _, let initial):
      var masked = false
      if case .passwordBox = request { masked = true }
      let wording = BoxWording(text: text, options: options, fallbackTitle: masked ? "Password" : "Input")
      let longest = options.maximumInput.flatMap { $0 > 0 ? min($0, PromptShowParams.longest) : nil }
      let start = initial.map { String(BoxWording.title($0).prefix(longest ?? PromptShowParams.longest)) }
      let params = PromptShowParams(
        title: wording.title, message: wording.message, initialText: start?.isEmpty == false ? start : nil,
        masked: masked ? true : nil, maximumLength: longest)
      method = "prompt.show"
      self.params = JSONValue(encoding: params)
      title = params.title
      reading = .prompt
    case .menu(let text, _, _, let items):
      let question = BoxWording(text: text, options: DialogOptions(), fallbackTitle: "")
      let shown = !question.title.isEmpty ? question.title : BoxWording.title(options.title ?? "Choose")
      let titles = items.map { entry in
        BoxWording.title(
          options.noTags
            ? entry.item : options.noItem || entry.item.isEmpty ? entry.tag : entry.tag + "  " + entry.item)
      }
      index = options.defaultItem.flatMap { wanted in items.firstIndex { $0.tag == wanted } }
      method = "menu.open"
      title = shown.isEmpty ? "Choose" : shown
      params = JSONValue(
        encoding: MenuOpenParams(title: title, items: titles.map { MenuItemParams(title: $0) }))
      reading = .menu(titles: titles, tags: items.map(\.tag))
    case .infoBox, .textBox, .checklist, .radiolist, .gauge:
      return nil
    }
    defaultItemIndex = index
  }

  /// The outcome an answer (the request's result) stands for; nil when
  /// the answer does not read as one (a daemon speaking another protocol).
  public func outcome(_ result: JSONValue) -> DialogOutcome? {
    switch reading {
    case .alert(let cancel):
      guard let answer = try? result.decoded(as: AlertShowResult.self) else { return nil }
      guard answer.reason == "key" || answer.reason == "action", let button = answer.button else {
        return .escaped
      }
      return button == cancel ? .cancelled : .accepted(.nothing)
    case .prompt:
      guard let answer = try? result.decoded(as: PromptShowResult.self) else { return nil }
      if case .text(let text) = answer { return .accepted(.text(text)) }
      return .escaped
    case .menu(let titles, let tags):
      guard let answer = try? result.decoded(as: MenuOpenResult.self) else { return nil }
      guard case .chose(_, let title, _) = answer else { return .escaped }
      // Until menu items carry a value: the first item with the chosen title.
      guard let index = titles.firstIndex(of: title) else { return nil }
      return .accepted(.text(tags[index]))
    }
  }

  private static func timeout(_ options: DialogOptions) -> Int? {
    options.timeoutSeconds.flatMap { $0 > 0 ? $0 * 1000 : nil }
  }
}
