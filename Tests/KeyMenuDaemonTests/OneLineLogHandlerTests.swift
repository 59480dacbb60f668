import KeyMenuDaemon
import Logging
import Synchronization
import Testing

/// The daemon's log handler: one log call is one line, whatever text from
/// outside the message and metadata carry.
@Suite struct OneLineLogHandlerTests {
  /// What reached the wrapped handler.
  final class Events: Sendable {
    let list = Mutex<[LogEvent]>([])
  }

  /// Keeps what reaches it.
  struct Recorder: LogHandler {
    let events: Events
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) { events.list.withLock { $0.append(event) } }
  }

  @Test func messageAndMetadataAreEscapedIntoOneLine() {
    let events = Events()
    let logger = Logger(label: "t") { _ in OneLineLogHandler(Recorder(events: events)) }
    let name = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\n\nfake log: admin \u{202E}"
    logger.info("device 1: /dev/input/event9 \"\(name)\"", metadata: ["name": .string(name), "k\n": "v"])
    let event = events.list.withLock { $0 }.first
    #expect(
      event?.message.description
        == #"device 1: /dev/input/event9 "Evil\x1B]0;pwned\x07\x1B[2J\n\nfake log: admin \u{202E}""#)
    #expect(event?.metadata?["name"] == .string(#"Evil\x1B]0;pwned\x07\x1B[2J\n\nfake log: admin \u{202E}"#))
    #expect(event?.metadata?[#"k\n"#] == .string("v"))
  }
}
