import ArgumentParser
import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol

/// `keymenuctl plugins`: the plugins from `daemon.status`, one per line.
struct PluginsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plugins",
    abstract: "List the daemon's plugins: built-in and external, and how each is doing.",
    discussion: """
      STATE is running, disabled ([plugins.NAME] enabled = false, or off by default), \
      or failed (its start threw: the error follows; it is tried again at the next \
      reload). External plugins may also be starting, restarting or given-up. With \
      --json (or when not on a terminal), one JSON object per plugin.
      """)
  @OptionGroup var client: ClientOptions

  func run() throws {
    let status = try client.connect().call("daemon.status").orFail()
    let plugins = status["plugins"]?.arrayValue ?? []
    guard client.pretty else {
      for plugin in plugins { print(plugin.jsonText) }
      return
    }
    let rows = plugins.map { plugin in
      [
        plugin["name"]?.stringValue ?? "", plugin["kind"]?.stringValue ?? "",
        plugin["state"]?.stringValue ?? "",
        plugin["error"]?.stringValue ?? plugin["summary"]?.stringValue ?? "",
      ]
    }
    for line in TextTable.lines([["NAME", "KIND", "STATE", "ABOUT"]] + rows) { print(line) }
  }
}
