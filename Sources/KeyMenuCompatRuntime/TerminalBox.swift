import Glibc
import KeyMenuClient
import KeyMenuCompat
import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol

/// One box asked through keymenud and drawn on the script's terminal too:
/// it follows the modal stack (`events.subscribe`) and draws what is in
/// front whenever it changes; Enter or Esc typed on the terminal answer
/// this box (through its `*.dismiss` method, the answer read from what was
/// drawn), keymenu's devices answer it as always, and the first answer
/// wins. Other keys typed there do nothing: arrows and letters come from
/// keymenu's devices.
struct TerminalBox {
  let connection: DaemonConnection
  let plan: DialogPlan
  let backtitle: String?
  let terminal: ScriptTerminal

  func run() throws(ClientFailure) -> DialogOutcome {
    let subscribed = try connection.call(
      "events.subscribe", JSONValue(encoding: SubscribeParams(topics: ["alert", "menu", "dialog"]))
    ).orFail()
    var state = (try? subscribed.decoded(as: SubscribeResult.self))?.snapshot.state ?? ModalState()
    let known = Set(state.stack.compactMap(DialogPlan.id(of:)))
    let session = BoxSession(connection: connection, plan: plan)
    let request = try session.send()
    terminal.enter()
    defer { terminal.leave() }
    var own: ModalState.Entry?
    var decided: DialogOutcome?
    for (method, params) in connection.takeNotifications() where method == ModalState.changedMethod {
      if let next = try? params.decoded(as: ModalState.self) { state = next }
    }
    draw(state)
    while true {
      if !connection.hasBufferedMessage {
        var fds = [
          pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: decided == nil ? terminal.fileDescriptor : -1, events: Int16(POLLIN), revents: 0),
        ]
        if poll(&fds, nfds_t(fds.count), -1) < 0 {
          if errno == EINTR { continue }
          throw ClientFailure("poll failed: errno \(errno)")
        }
        if fds[1].revents != 0 {
          let keys = TerminalKey.decode(terminal.read())
          let front = state.stack.last.flatMap(DialogPlan.id(of:))
          let inFront = own.flatMap(DialogPlan.id(of:)).map { $0 == front } ?? false
          if let outcome = answer(keys, own: inFront ? own : nil) {
            decided = outcome
            _ = try connection.send(plan.dismissMethod, JSONValue(encoding: DismissParams(request: request)))
          }
          continue
        }
        if fds[0].revents == 0 { continue }
      }
      let message = try connection.readMessage()
      if message["method"] == nil, message["id"] == request.jsonValue {
        let response: Result<JSONValue, RPCError> =
          if let error = message["error"] {
            .failure(
              (try? error.decoded(as: RPCError.self)) ?? RPCError(code: 0, message: "error", data: error))
          } else {
            .success(message["result"] ?? .null)
          }
        let outcome = try session.outcome(of: response)
        return decided ?? outcome
      }
      guard message["method"]?.stringValue == ModalState.changedMethod,
        let next = try? (message["params"] ?? .null).decoded(as: ModalState.self)
      else { continue }
      state = next
      own = plan.ownEntry(in: state, known: known) ?? own
      draw(state)
    }
  }

  /// The outcome terminal keys decide, if any: Esc escapes, Enter takes
  /// the focused button, highlighted item or typed text of this box
  /// (`own`, nil unless it is in front).
  private func answer(_ keys: [TerminalKey], own: ModalState.Entry?) -> DialogOutcome? {
    for key in keys {
      switch key {
      case .escape: return .escaped
      case .enter: if let own, let outcome = plan.outcomeOfEnter(on: own) { return outcome }
      case .other: continue
      }
    }
    return nil
  }

  /// The front of the stack, centred, under the back title.
  private func draw(_ state: ModalState) {
    let size = terminal.size
    let snapshot = ModalSnapshot(state)
    let lines = ModalTextRenderer(width: size.columns, height: size.rows - 2).render(snapshot)
    var output = "\u{1B}[H\u{1B}[2J"
    if let backtitle, !backtitle.isEmpty {
      output += TextWidth.truncate(ShownText.visible(backtitle), to: size.columns)
    }
    let width = lines.map(\.width).max() ?? 0
    let left = max(0, (size.columns - width) / 2)
    let top = max(2, (size.rows - lines.count) / 2 + 1)
    output += TerminalPainter().draw(lines, row: top, column: left + 1, lastRow: size.rows)
    terminal.write(output)
  }
}
