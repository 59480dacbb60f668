import ArgumentParser
import Glibc
import KeyMenuClient
import KeyMenuEvdev
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRuntime

/// `keymenuctl ui`: a terminal presenter. It subscribes to alerts and menus
/// and draws whatever is in front, redrawing on every change; the keys
/// themselves go to keymenud from the keyboards it reads.
struct UICommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ui",
    abstract: "Show the front alert or menu in this terminal, redrawn on every change.",
    discussion: """
      A presenter: it only draws. The person answers with the keyboards, keypads \
      and remotes keymenud reads (arrows, Enter, Esc, digits), not with this \
      terminal. The highlighted item is marked ▶ and the focused button [ ]; \
      submenus end in ▸; a line across the box starts a new section.

      q, Ctrl-C, SIGTERM or a closed terminal end it (exit 0). When keymenud \
      closes the connection (it stopped, or disconnected this client), it says \
      why on stderr and exits 254; it does not reconnect (run it under a loop or a \
      service manager for that). A presenter that falls behind is not \
      disconnected: it is sent the newest state. With the output not a terminal (or \
      --plain), each picture is printed as plain text followed by a blank line.

      Needs the observe tier (any user who may connect to the socket).
      """)

  @OptionGroup var target: SocketOption

  @Flag(name: .long, help: "Print each picture as plain text instead of drawing on the screen.")
  var plain = false

  func run() throws {
    // Blocked and read from a signalfd: the loop below waits in one poll().
    let signals = try StopSignals([SIGINT, SIGTERM, SIGHUP, SIGWINCH])
    let connection = try target.connect()
    let answer: Result<JSONValue, RPCError>
    do {
      answer = try connection.call(
        "events.subscribe", JSONValue(encoding: SubscribeParams(topics: [MethodCatalog.stateTopic])))
    } catch {
      // Closed before the snapshot came (254, as any later close).
      throw ConnectionClosed(connection, failure: error)
    }
    let subscribed = try answer.orFail()
    var snapshot = ModalSnapshot(
      try subscribed.read(as: SubscribeResult.self, from: "events.subscribe").snapshot.state)
    var notice: ClientDisconnected?
    for (method, params) in connection.takeNotifications() {
      if method == ModalState.changedMethod, let state = try? params.decoded(as: ModalState.self) {
        snapshot = ModalSnapshot(state)
      }
      if method == ClientDisconnected.method { notice = ClientDisconnected(params: params) }
    }

    let terminal = Terminal()
    let onTerminal = !plain && terminal.isTerminal
    let painter = ScreenPainter(onTerminal: onTerminal, header: "keymenu · \(connection.path) · q to quit")
    var output = OutputBuffer(fileDescriptor: 1)
    if onTerminal {
      terminal.enterScreenMode()
      output.append(ScreenPainter.enter)
    }
    defer {
      if onTerminal {
        output.append(ScreenPainter.leave)
        output.flush()
        terminal.leaveScreenMode()
      }
    }
    func draw() {
      let size = terminal.size
      let renderer = ModalTextRenderer(width: size.columns, height: size.rows - 2)
      output.append(painter.paint(renderer.render(snapshot), columns: size.columns, rows: size.rows))
      output.flush()
    }
    draw()

    let watchInput = onTerminal
    while true {
      if !connection.hasBufferedMessage {
        var fds = [
          pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: watchInput ? 0 : -1, events: Int16(POLLIN), revents: 0),
        ]
        if poll(&fds, nfds_t(fds.count), -1) < 0 {
          if errno == EINTR { continue }
          throw ClientFailure("poll failed: errno \(errno)")
        }
        if fds[1].revents != 0, let signal = signals.take() {
          if signal == SIGWINCH {
            draw()
            continue
          }
          return
        }
        if fds[2].revents != 0, Self.quitTyped() { return }
        if fds[0].revents == 0 { continue }
      }
      let message: JSONValue
      do {
        message = try connection.readMessage()
      } catch {
        throw ConnectionClosed(path: connection.path, notice: notice, failure: error)
      }
      if message["method"]?.stringValue == ClientDisconnected.method {
        notice = ClientDisconnected(params: message["params"] ?? .null)
        continue
      }
      guard message["method"]?.stringValue == ModalState.changedMethod,
        let state = try? (message["params"] ?? .null).decoded(as: ModalState.self)
      else { continue }
      let next = ModalSnapshot(state)
      if next != snapshot {
        snapshot = next
        draw()
      }
    }
  }

  /// Reads what was typed on the terminal; true for q, Q or end of input.
  private static func quitTyped() -> Bool {
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(0, &bytes, bytes.count)
    if count == 0 { return true }
    return count > 0 && bytes[..<count].contains { $0 == UInt8(ascii: "q") || $0 == UInt8(ascii: "Q") }
  }
}
