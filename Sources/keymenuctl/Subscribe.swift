import ArgumentParser
import KeyMenuProtocol

/// `keymenuctl subscribe TOPIC...`: the daemon's events as JSON lines.
struct Subscribe: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print events of the given topics as they happen.",
    discussion: """
      Topics: alert, menu, selector, device, config, and keys (raw key events, \
      admin only; the daemon logs its use). The first line is the snapshot of the \
      current state; each later line is {"method": ..., "params": ...}. Runs until \
      interrupted or the daemon stops.
      """)

  @OptionGroup var client: ClientOptions
  @Argument(help: "One or more topics.") var topics: [String]

  func run() throws {
    let connection = try client.connect()
    let result = try connection.call("events.subscribe", ["topics": .array(topics.map { .string($0) })])
      .orFail()
    emit(["snapshot": result["snapshot"] ?? .null])
    for (method, params) in connection.takeNotifications() {
      emit(["method": .string(method), "params": params])
    }
    while true {
      let message: JSONValue
      do {
        message = try connection.readMessage()
      } catch {
        return
      }
      guard let method = message["method"] else { continue }
      emit(["method": method, "params": message["params"] ?? .null])
    }
  }

  private func emit(_ value: JSONValue) {
    var output = OutputBuffer(fileDescriptor: 1)
    output.append((client.pretty ? PrettyJSON.render(value) : value.jsonText) + "\n")
    output.flush()
  }
}
