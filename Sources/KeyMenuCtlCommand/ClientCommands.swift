import ArgumentParser
import Glibc
import KeyMenuClient
import KeyMenuCore
import KeyMenuProtocol

/// `keymenuctl status`.
struct Status: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show the daemon's status (daemon.status).",
    discussion: "On a terminal, a summary; with --json or into a pipe, the JSON result.")
  @OptionGroup var client: ClientOptions

  func run() throws {
    try Self.run(socket: client.target.socket, json: client.json)
  }

  /// Asks for the status through `socket` (see ``SocketOption``) and prints
  /// it: a summary on a terminal, the JSON result with `json` or into a pipe.
  static func run(socket: String?, json: Bool) throws {
    let status = try DaemonConnection.connect(socket: socket).call("daemon.status").orFail()
    guard !json && isatty(1) == 1 else { return print(status.jsonText) }
    for line in StatusSummary.lines(try status.read(as: DaemonStatusResult.self, from: "daemon.status")) {
      print(line)
    }
  }
}

/// `keymenuctl state`.
struct State: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "state", abstract: "Show the alerts and menus in front (state.get).")
  @OptionGroup var client: ClientOptions

  func run() throws {
    client.printResult(try client.connect().call("state.get").orFail())
  }
}

/// `keymenuctl selectors`.
struct Selectors: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "selectors", abstract: "List the selectors (selector.list).")
  @OptionGroup var client: ClientOptions

  func run() throws {
    let list = try client.connect().call("selector.list").orFail()
    guard client.pretty else { return print(list.jsonText) }
    for entry in try list.read(as: [SelectorEntry].self, from: "selector.list") {
      let stable = entry.stable.map { ", also \($0)" } ?? ""
      print(ShownText.visible("\(entry.selector)  \(entry.title)  (\(entry.owner)\(stable))"))
    }
  }
}

/// `keymenuctl invoke SELECTOR`.
struct Invoke: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "invoke",
    abstract: "Invoke a selector (selector.invoke).",
    discussion:
      "A configured item can also be named by its stable name, which stays across reloads (MENU.ID, or MENU.title-slug: box.show-ip)."
  )
  @OptionGroup var client: ClientOptions
  @Argument(help: "The selector, or a configured item's stable name, as `keymenuctl selectors` lists them.")
  var selector: String

  func run() throws {
    client.printResult(
      try client.connect().call("selector.invoke", JSONValue(encoding: SelectorParams(selector: selector)))
        .orFail())
  }
}

/// `keymenuctl reload`.
struct Reload: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reload",
    abstract: "Reload the daemon's configuration (config.reload, admin).",
    discussion:
      "On errors the daemon keeps its configuration; each error is printed as file:line:column: message.")
  @OptionGroup var client: ClientOptions

  func run() throws {
    switch try client.connect().call("config.reload") {
    case .success(let result): client.printResult(result)
    case .failure(let error):
      let errors = try? (error.data ?? .null).decoded(as: ConfigErrorsData.self)
      for line in errors?.errors ?? [] { KeyMenuCtl.printError(line) }
      throw error.failure
    }
  }
}

/// `keymenuctl call METHOD [JSON]`.
struct Call: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "call",
    abstract: "Call any method with JSON params and print the result.",
    discussion: "Example: keymenuctl call menu.show '{\"name\": \"main\"}'")
  @OptionGroup var client: ClientOptions
  @Argument(help: "The method, e.g. state.get.") var method: String
  @Argument(help: "The params as a JSON object (default {}).") var params: String?

  func run() throws {
    var value = JSONValue.object([:])
    if let params {
      guard let parsed = JSONValue.parse(Array(params.utf8)) else {
        throw ValidationError("params are not valid JSON: \(params)")
      }
      value = parsed
    }
    client.printResult(try client.connect().call(method, value).orFail())
  }
}
