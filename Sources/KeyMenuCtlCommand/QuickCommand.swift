import ArgumentParser

/// The command lines scripts run most, read by hand before ArgumentParser
/// sees them: `status`, `alert`, `prompt`, `menu`, `checklist` and
/// `radiolist`, written in the plain forms ``QuickArguments`` takes. Parsing through
/// ArgumentParser costs more than the request itself: setting up a command
/// tree of 22 commands, it looks up protocol conformances in the runtime
/// and reflects on each command's properties (`Mirror`), 40 % of
/// `keymenuctl alert`'s CPU in perf. Anything else, a mistake, a value its
/// `validate()` refuses or `--help` among it, is left to ArgumentParser,
/// which parses, explains and completes every command as before; a command
/// read here is the same value ArgumentParser would have made, and runs
/// the same `run()`.
enum QuickCommand {
  /// `keymenuctl status`.
  case status(socket: String?, json: Bool)
  /// `keymenuctl alert`, `prompt`, `menu`, `checklist` or `radiolist`.
  case command(any ParsableCommand)

  /// The command `arguments` (the program's name left out) make, when it is
  /// one of the quick ones written exactly as they may be; nil otherwise.
  init?(_ arguments: [String]) {
    let made: (any ParsableCommand)?
    switch arguments.first {
    case "status":
      guard let status = Self.status(arguments) else { return nil }
      self = status
      return
    case "alert": made = Self.alert(arguments.dropFirst())
    case "prompt": made = Self.prompt(arguments.dropFirst())
    case "menu": made = Self.menu(arguments.dropFirst())
    case "checklist":
      made = Self.choiceList(arguments.dropFirst()).map { list in
        var command = ChecklistCommand()
        command.list = list
        return command
      }
    case "radiolist":
      made = Self.choiceList(arguments.dropFirst()).map { list in
        var command = RadiolistCommand()
        command.list = list
        return command
      }
    default: made = nil
    }
    // A value validate() refuses goes to ArgumentParser, which says so.
    guard var made, (try? made.validate()) != nil else { return nil }
    self = .command(made)
  }

  private static func status(_ arguments: [String]) -> QuickCommand? {
    guard let parsed = read(arguments.dropFirst(), [:], positionals: 0) else { return nil }
    return .status(socket: parsed.value("socket"), json: parsed.flag("json"))
  }

  /// Reads `arguments` against a command's `options` and those every
  /// client command has (``ClientOptions``: `--socket`, `--json`).
  private static func read(
    _ arguments: ArraySlice<String>, _ options: [String: QuickArguments.Kind], positionals: Int
  ) -> QuickArguments? {
    let client: [String: QuickArguments.Kind] = ["socket": .single, "json": .flag]
    return QuickArguments(arguments, options: options.merging(client) { $1 }, positionals: positionals)
  }

  private static func client(_ parsed: QuickArguments) -> ClientOptions {
    var target = SocketOption()
    target.socket = parsed.value("socket")
    var client = ClientOptions()
    client.target = target
    client.json = parsed.flag("json")
    return client
  }

  private static func alert(_ arguments: ArraySlice<String>) -> AlertCommand? {
    let options: [String: QuickArguments.Kind] = [
      "message": .single, "button": .repeated, "cancel": .single, "default": .single, "timeout": .single,
      "key": .repeated, "wake-tv": .flag, "no-wake-tv": .flag,
    ]
    guard
      let parsed = read(arguments, options, positionals: 1),
      let title = parsed.positionals.first, let cancel = parsed.converted("cancel", { Int($0) }),
      let defaultButton = parsed.converted("default", { Int($0) }),
      let timeout = parsed.converted("timeout", { Double($0) }), let wakeTV = parsed.inversion("wake-tv")
    else { return nil }
    var command = AlertCommand()
    command.client = client(parsed)
    command.title = title
    command.message = parsed.value("message")
    command.buttons = parsed.all("button")
    command.cancel = cancel
    command.defaultButton = defaultButton
    command.timeout = timeout
    command.answerKeys = parsed.all("key")
    command.wakeTV = wakeTV
    return command
  }

  private static func prompt(_ arguments: ArraySlice<String>) -> PromptCommand? {
    let options: [String: QuickArguments.Kind] = [
      "message": .single, "text": .single, "masked": .flag, "max-length": .single, "keyboard": .single,
      "ok-button": .single, "cancel-button": .single, "no-cancel": .flag,
    ]
    guard
      let parsed = read(arguments, options, positionals: 1),
      let title = parsed.positionals.first, let maximumLength = parsed.converted("max-length", { Int($0) })
    else { return nil }
    var command = PromptCommand()
    command.client = client(parsed)
    command.title = title
    command.message = parsed.value("message")
    command.text = parsed.value("text")
    command.masked = parsed.flag("masked")
    command.maxLength = maximumLength
    command.keyboard = parsed.value("keyboard")
    command.okButton = parsed.value("ok-button")
    command.cancelButton = parsed.value("cancel-button")
    command.noCancel = parsed.flag("no-cancel")
    return command
  }

  private static func menu(_ arguments: ArraySlice<String>) -> MenuCommand? {
    let options: [String: QuickArguments.Kind] = [
      "title": .single, "name": .single, "filter": .flag, "values": .flag, "default": .single,
      "wake-tv": .flag, "no-wake-tv": .flag, "timeout": .single, "key": .repeated,
    ]
    guard
      let parsed = read(arguments, options, positionals: 0),
      let timeout = parsed.converted("timeout", { Double($0) }), let wakeTV = parsed.inversion("wake-tv")
    else { return nil }
    var command = MenuCommand()
    command.client = client(parsed)
    command.title = parsed.value("title") ?? "Choose"
    command.name = parsed.value("name")
    command.filter = parsed.flag("filter")
    command.values = parsed.flag("values")
    command.defaultItem = parsed.value("default")
    command.wakeTV = wakeTV
    command.timeout = timeout
    command.answerKeys = parsed.all("key")
    return command
  }

  /// The options `checklist` and `radiolist` share, validated as
  /// ArgumentParser validates an option group.
  private static func choiceList(_ arguments: ArraySlice<String>) -> ChoiceListOptions? {
    let options: [String: QuickArguments.Kind] = [
      "message": .single, "on": .repeated, "highlight": .single, "no-tags": .flag, "ok-button": .single,
      "cancel-button": .single, "no-cancel": .flag,
    ]
    guard
      let parsed = read(arguments, options, positionals: .max),
      let title = parsed.positionals.first
    else { return nil }
    var list = ChoiceListOptions()
    list.client = client(parsed)
    list.title = title
    list.items = Array(parsed.positionals.dropFirst())
    list.message = parsed.value("message")
    list.on = parsed.all("on")
    list.highlight = parsed.value("highlight")
    list.noTags = parsed.flag("no-tags")
    list.okButton = parsed.value("ok-button")
    list.cancelButton = parsed.value("cancel-button")
    list.noCancel = parsed.flag("no-cancel")
    guard (try? list.validate()) != nil else { return nil }
    return list
  }

  /// Runs the command as its ArgumentParser form would.
  func run() throws {
    switch self {
    case .status(let socket, let json): try Status.run(socket: socket, json: json)
    case .command(var command): try command.run()
    }
  }
}
