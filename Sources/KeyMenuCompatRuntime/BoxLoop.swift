import Glibc
import KeyMenuClient
import KeyMenuCompat
import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRuntime

/// One box asked through keymenud while something else goes on: drawn on
/// the script's terminal (following the modal stack through
/// `events.subscribe`, the front redrawn whenever it changes), every key
/// typed there pressed on the box (`modal.press`, by the request that
/// showed it: the daemon takes it only while the box is in front), and for
/// a gauge its standard input read and sent as it comes. keymenu's devices
/// answer the box as always; whichever key comes first answers it.
struct BoxLoop {
  let connection: DaemonConnection
  let plan: DialogPlan
  let backtitle: String?
  /// Where the box is drawn, if anywhere.
  let terminal: ScriptTerminal?
  /// Whether keys typed on the terminal go to the box (not for a gauge,
  /// whose keys whiptail ignores).
  let readsKeys: Bool
  /// A gauge's standard input.
  var gauge: GaugeFeed?

  func run() throws(ClientFailure) -> DialogOutcome {
    var gauge = self.gauge
    do {
      return try loop(&gauge)
    } catch {
      // The producer of a gauge's input must not die of a broken pipe
      // because keymenud went away: its input is read to the end first.
      gauge?.drain()
      throw error
    }
  }

  private func loop(_ gauge: inout GaugeFeed?) throws(ClientFailure) -> DialogOutcome {
    var state = ModalState()
    // The subscription and the box are asked at once, not one round trip
    // after the other: keymenud answers a connection's requests in order,
    // so the box's stack comes after the subscription took. The snapshot
    // the subscription answers with is from before the box was asked:
    // never drawn (see below), so not read; only a refusal is.
    var subscription =
      terminal == nil
      ? nil
      : try connection.send(
        "events.subscribe", JSONValue(encoding: SubscribeParams(topics: ["alert", "menu", "dialog"])))
    let session = BoxSession(connection: connection, plan: plan)
    let request = try session.send()
    if let id = subscription, let early = connection.earlyResponse(to: id) {
      _ = try early.orFail()
      subscription = nil
    }
    terminal?.enter()
    defer { terminal?.leave() }
    // The first paint is a stack with the box on it: the one subscribing
    // gave is from before the box was asked (often nothing in front, which
    // flashed as a placeholder before the box). Keymenud sends the stack
    // again once the box is on it.
    var changed = false
    for (method, params) in connection.takeNotifications() where method == ModalState.changedMethod {
      if let next = try? ModalState(wire: params) {
        state = next
        changed = true
      }
    }
    var drawn = false
    // Once the box is up, start-up's pages (the arguments' parsing, the
    // connection's set-up) are given back, as keymenud does once started:
    // the box waits for a person, with only what a key needs mapped. Right
    // before the loop first waits, not right after the drawing: what runs
    // in between (the old state freed, a response looked up) would map its
    // pages again, 64 KiB around each (the kernel's fault-around), 1.3 MB
    // of them in a page-fault trace.
    var releasePending = false
    func show(_ state: ModalState) {
      draw(state)
      guard !drawn, terminal != nil else { return }
      drawn = true
      releasePending = true
    }
    if changed { show(state) }
    // The box's outcome when it ended before a gauge's input did.
    var ended: DialogOutcome?
    while true {
      if let early = connection.earlyResponse(to: request) {
        let outcome = try session.outcome(of: early)
        guard gauge?.isOpen == true else { return outcome }
        ended = outcome
      }
      if !connection.hasBufferedMessage {
        let keysFD = readsKeys && ended == nil ? terminal?.fileDescriptor ?? -1 : -1
        var fds = [
          pollfd(fd: ended == nil ? connection.fileDescriptor : -1, events: Int16(POLLIN), revents: 0),
          pollfd(fd: keysFD, events: Int16(POLLIN), revents: 0),
          pollfd(fd: gauge?.isOpen == true ? 0 : -1, events: Int16(POLLIN), revents: 0),
        ]
        if releasePending {
          releasePending = false
          Allocator.releaseFreeMemory()
          CodePages.release()
        }
        if poll(&fds, nfds_t(fds.count), -1) < 0 {
          if errno == EINTR { continue }
          throw ClientFailure("poll failed: errno \(errno)")
        }
        if fds[1].revents != 0, let terminal {
          for key in TerminalKey.decode(terminal.read()) {
            _ = try connection.send(
              "modal.press",
              JSONValue(encoding: ModalPressParams(request: request, key: key.chord, text: key.text)))
          }
        }
        if fds[2].revents != 0, gauge != nil {
          for update in gauge?.read() ?? [] where ended == nil {
            _ = try connection.send(
              "gauge.update", JSONValue(encoding: plan.gaugeUpdate(update, request: request)))
          }
          if gauge?.isOpen == false {
            // whiptail's gauge ends with its input, exit 0.
            if ended != nil { return .accepted(.nothing) }
            _ = try connection.send("gauge.close", JSONValue(encoding: DismissParams(request: request)))
          }
        }
        if fds[0].revents == 0 { continue }
      }
      let message = try connection.readMessage()
      if let id = subscription, message["method"] == nil, message["id"] == id.jsonValue {
        if let error = message["error"] {
          throw (try? error.decoded(as: RPCError.self))?.failure
            ?? ClientFailure("keymenud refused the subscription")
        }
        subscription = nil
        continue
      }
      if message["method"] == nil, message["id"] == request.jsonValue {
        let response: Result<JSONValue, RPCError> =
          if let error = message["error"] {
            .failure(
              (try? error.decoded(as: RPCError.self)) ?? RPCError(code: 0, message: "error", data: error))
          } else {
            .success(message["result"] ?? .null)
          }
        let outcome = try session.outcome(of: response)
        // A gauge taken away before its input ended (the panic chord): its
        // input is still read to the end, as whiptail would.
        guard gauge?.isOpen == true else { return outcome }
        ended = outcome
        continue
      }
      guard message["method"]?.stringValue == ModalState.changedMethod,
        let next = try? ModalState(wire: message["params"] ?? .null)
      else { continue }
      state = next
      show(state)
    }
  }

  /// The front of the stack, centred, under the back title.
  private func draw(_ state: ModalState) {
    guard let terminal else { return }
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
