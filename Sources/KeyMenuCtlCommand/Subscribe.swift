import ArgumentParser
import KeyMenuClient
import KeyMenuProtocol

/// `keymenuctl subscribe TOPIC...`: the daemon's events as JSON lines.
struct Subscribe: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "subscribe",
    abstract: "Print events of the given topics as they happen.",
    discussion: """
      Topics: alert, menu, dialog, state (state.changed alone), selector, \
      device, config, tv (the TV over HDMI-CEC: tv.standby, tv.source), and keys (raw key events, \
      admin only; the daemon logs its use). The first line is the snapshot of the \
      current state; each later line is {"method": ..., "params": ...}. A \
      state.changed may carry "skipped": N when this reader fell behind and N \
      alert/menu notifications were coalesced away (it is then the newest state). \
      Runs until interrupted (exit 0) or until the daemon closes the connection: \
      then the reason goes to stderr and the exit status is 254.
      """)

  @OptionGroup var client: ClientOptions
  @Argument(help: "One or more topics.") var topics: [String]

  func run() throws {
    let connection = try client.connect()
    let answer: Result<JSONValue, RPCError>
    do {
      answer = try connection.call("events.subscribe", JSONValue(encoding: SubscribeParams(topics: topics)))
    } catch {
      // Closed before the snapshot came (254, as any later close).
      throw ConnectionClosed(connection, failure: error)
    }
    let result = try answer.orFail()
    emit(["snapshot": result["snapshot"] ?? .null])
    var notice: ClientDisconnected?
    for (method, params) in connection.takeNotifications() {
      if method == ClientDisconnected.method {
        notice = ClientDisconnected(params: params)
        continue
      }
      emit(["method": .string(method), "params": params])
    }
    while true {
      let message: JSONValue
      do {
        message = try connection.readMessage()
      } catch {
        throw ConnectionClosed(path: connection.path, notice: notice, failure: error)
      }
      guard let method = message["method"] else { continue }
      if method.stringValue == ClientDisconnected.method {
        notice = ClientDisconnected(params: message["params"] ?? .null)
        continue
      }
      emit(["method": method, "params": message["params"] ?? .null])
    }
  }

  private func emit(_ value: JSONValue) {
    var output = OutputBuffer(fileDescriptor: 1)
    output.append((client.pretty ? PrettyJSON.render(value) : value.jsonText) + "\n")
    output.flush()
  }
}
