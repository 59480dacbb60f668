import ArgumentParser
import Glibc
import KeyMenuClient
import KeyMenuProtocol

/// `keymenuctl gauge`: a progress bar moved by lines on standard input,
/// like `dialog --gauge`.
struct GaugeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gauge",
    abstract: "Show a progress bar moved by standard input until it ends.",
    discussion: """
      Each line of standard input moves the gauge: a number 0 to 100 sets the \
      percent, a number followed by text sets both, and a line that does not \
      start with a number sets the text. The end of standard input closes the \
      gauge. With --cancellable, Esc (Back, Exit) ends it early. Hotkeys keep \
      working over a gauge, and an alert or menu shown meanwhile comes over \
      it; it goes on moving underneath.

      EXIT STATUS
        0    standard input ended and the gauge closed
        1    cancelled with Esc, Back or Exit (--cancellable)
        4    dismissed: by the panic chord, or the daemon stopped
        255  the daemon cannot be reached or refused the request

      EXAMPLE
        for i in 0 25 50 75 100; do echo "$i Step $i"; sleep 1; done |
          keymenuctl gauge "Installing" --message "Starting"
      """)

  @OptionGroup var client: ClientOptions
  @Argument(help: "The gauge's title.") var title: String
  @Option(name: .long, help: "Text over the bar.") var message: String?
  @Option(name: .long, help: "The percent to start at (0 to 100).") var percent: Int?
  @Flag(name: .long, help: "Let Esc (Back, Exit) end the gauge early (exit 1).") var cancellable = false

  func validate() throws {
    guard !title.isEmpty else { throw ValidationError("the title must not be empty") }
    if let percent, !(0...100).contains(percent) { throw ValidationError("--percent must be 0 to 100") }
  }

  func run() throws {
    let connection = try client.connect()
    let params = GaugeShowParams(
      title: title, message: message, percent: percent, cancellable: cancellable ? true : nil)
    let show = try connection.send("gauge.show", JSONValue(encoding: params))
    var input = StandardInputLines()
    while true {
      if let answer = connection.earlyResponse(to: show) {
        try DialogEndStatus.finish(answer.orFail(), method: "gauge.show", client: client)
      }
      if connection.hasBufferedMessage {
        keepResponse(try connection.readMessage(), on: connection)
      } else if let line = input.next() {
        try update(line, of: show, on: connection)
      } else if !input.isOpen {
        _ = try connection.call("gauge.close", JSONValue(encoding: DismissParams(request: show)))
        try DialogEndStatus.finish(
          connection.response(to: show).orFail(), method: "gauge.show", client: client)
      } else {
        var fds = [
          pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
        ]
        if poll(&fds, nfds_t(fds.count), -1) < 0, errno != EINTR {
          throw ClientFailure("poll failed: errno \(errno)")
        }
        if fds[0].revents != 0 { keepResponse(try connection.readMessage(), on: connection) }
        if fds[1].revents != 0 { input.fill() }
      }
    }
  }

  /// Keeps a response for its turn; notifications are not this command's.
  private func keepResponse(_ message: JSONValue, on connection: DaemonConnection) {
    if message["id"] != nil { connection.keep(response: message) }
  }

  /// Sends one line's change; a gauge that has ended already is left to its answer.
  private func update(_ line: String, of show: RPCID, on connection: DaemonConnection) throws {
    guard let change = Self.change(line) else { return }
    let params = GaugeUpdateParams(request: show, percent: change.percent, message: change.message)
    if case .failure(let error) = try connection.call("gauge.update", JSONValue(encoding: params)),
      error.code != -32004
    {
      KeyMenuCtl.printError("gauge: \(error.message)")
    }
  }

  /// What a line sets: `42` the percent, `42 Copying` both, other text the message.
  static func change(_ line: String) -> (percent: Int?, message: String?)? {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
    guard let first = words.first else { return nil }
    guard let number = Int(first) else { return (nil, words.joined(separator: " ")) }
    let rest = words.dropFirst().joined(separator: " ")
    return (min(max(number, 0), 100), rest.isEmpty ? nil : rest)
  }
}
