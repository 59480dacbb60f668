import ArgumentParser
import KeyMenuClient
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
    guard client.pretty else {
      for plugin in status["plugins"]?.arrayValue ?? [] { print(plugin.jsonText) }
      return
    }
    let plugins = try status.read(as: DaemonStatusResult.self, from: "daemon.status").plugins
    let rows = plugins.map { plugin in
      [plugin.name, plugin.kind, plugin.state, plugin.error ?? plugin.summary]
    }
    for line in TextTable.lines([["NAME", "KIND", "STATE", "ABOUT"]] + rows) { print(line) }
  }
}
