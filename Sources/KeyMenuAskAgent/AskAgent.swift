import Glibc
import KeyMenuAskPassword
import KeyMenuClient
import KeyMenuCore
import KeyMenuProtocol
import KeyMenuRuntime

/// `keymenu-ask-password`'s loop: systemd's password questions
/// (``AskDirectory``) put in front through keymenud as prompts, one at a
/// time (``AskQueue``), masked unless the question says `Echo=1`, with the
/// on-screen keyboard when only remotes are attached (`keyboard: auto`);
/// the answer sent back (``AskReply``) when the question is still there;
/// the prompt taken away when another agent answered first, the asker went
/// or `NotAfter=` passed.
struct AskAgent {
  let directory: AskDirectory
  let connection: DaemonConnection
  var queue = AskQueue()
  /// The prompt up, by the `prompt.show` request that put it there.
  var shown: (name: String, request: RPCID)?
  /// Whether ``run()`` returns once nothing is asked and the directory is
  /// empty (`--query`), rather than watching until keymenud goes.
  let exitsWhenDone: Bool

  /// Watches `directory` and asks through `connection`.
  init(directory: AskDirectory, connection: DaemonConnection, exitsWhenDone: Bool = false) {
    self.directory = directory
    self.connection = connection
    self.exitsWhenDone = exitsWhenDone
  }

  /// Runs until keymenud goes away (thrown: the unit restarts the agent),
  /// or with ``exitsWhenDone`` until the directory is empty and no prompt
  /// is up: the process then ends, and with it every copy of what was
  /// typed that its memory still held.
  mutating func run() throws(ClientFailure) {
    for name in directory.names() { try add(name) }
    while !(exitsWhenDone && shown == nil && queue.questions.isEmpty && directory.isEmpty()) {
      if !connection.hasBufferedMessage {
        var fds = [
          pollfd(fd: directory.fileDescriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        if poll(&fds, nfds_t(fds.count), timeout()) < 0, errno != EINTR {
          throw ClientFailure("poll failed: errno \(errno)")
        }
        if fds[0].revents != 0 { try readDirectory() }
        if fds[1].revents != 0 { try readDaemon() }
      } else {
        try readDaemon()
      }
      try carry(queue.expire(now: Self.now()))
      for (name, ask) in queue.questions {
        if let pid = ask.pid, kill(pid, 0) != 0, errno == ESRCH { try carry(queue.remove(name: name)) }
      }
    }
  }

  /// Milliseconds until the next `NotAfter=` (at least 1), a second when a
  /// question names a process to look after, else no timeout.
  func timeout() -> Int32 {
    var wait: Int32 = queue.questions.contains { $0.ask.pid != nil } ? 1000 : -1
    if let deadline = queue.nextDeadline {
      let now = Self.now()
      let left = deadline > now ? Int32(min((deadline - now) / 1000 + 1, 60_000)) : 1
      wait = wait < 0 ? left : min(wait, left)
    }
    return wait
  }

  mutating func readDirectory() throws(ClientFailure) {
    for change in directory.changes() {
      switch change {
      case .appeared(let name): try add(name)
      case .removed(let name): try carry(queue.remove(name: name))
      case .overflow:
        let present = Set(directory.names())
        for (name, _) in queue.questions where !present.contains(name) { try carry(queue.remove(name: name)) }
        for name in present.sorted() { try add(name) }
      }
    }
  }

  mutating func add(_ name: String) throws(ClientFailure) {
    // A file that is no question is left alone (and said nothing of: its
    // name is all a log would get, and it may be anyone's).
    guard case .success(let ask) = directory.read(name) else { return }
    try carry(queue.add(name: name, ask: ask, now: Self.now()))
  }

  mutating func readDaemon() throws(ClientFailure) {
    let message = try connection.readMessage()
    guard message["method"] == nil, let shown, message["id"] == shown.request.jsonValue else { return }
    self.shown = nil
    let (socket, effects) = queue.finish(shown.name)
    if let socket {
      do {
        if let text = message["result"]?["text"]?.stringValue {
          var passphrase = Array(text.utf8)
          try AskReply.accept(&passphrase, to: socket)
        } else {
          try AskReply.decline(to: socket)
        }
      } catch {
        // The asker went meanwhile: nothing to answer.
      }
    }
    try carry(effects)
  }

  mutating func carry(_ effects: [AskQueue.Effect]) throws(ClientFailure) {
    for effect in effects {
      switch effect {
      case .show(let name, let ask):
        let request = try connection.send("prompt.show", JSONValue(encoding: Self.prompt(for: ask)))
        shown = (name, request)
      case .withdraw(let name):
        guard let shown, shown.name == name else { continue }
        _ = try connection.send("prompt.dismiss", JSONValue(encoding: DismissParams(request: shown.request)))
      }
    }
  }

  /// The prompt for a question: its message as the title (shown as text,
  /// never as the controls it may hold), who asks under it, marked as the
  /// system's own question (`system`, which only root may ask), so that
  /// presenters set it apart from any client's prompt.
  static func prompt(for ask: AskFile) -> PromptShowParams {
    let title = ask.message.isEmpty ? "Passphrase" : ShownText.visible(ask.message)
    let asker = ask.id.map { "Asked by " + ShownText.visible($0) }
    return PromptShowParams(
      title: clipped(title, to: ProtocolLimits.maximumTitleBytes),
      message: asker.map { clipped($0, to: ProtocolLimits.maximumMessageBytes) }, masked: !ask.echo,
      keyboard: "auto", system: true)
  }

  /// `text` within `bytes` of UTF-8, an ellipsis where it was cut.
  static func clipped(_ text: String, to bytes: Int) -> String {
    guard text.utf8.count > bytes else { return text }
    return RequestLimits.clipped(text, toBytes: bytes - "…".utf8.count) + "…"
  }

  /// `CLOCK_MONOTONIC` in microseconds, `NotAfter=`'s clock.
  static func now() -> UInt64 { MonotonicClock.nanoseconds / 1000 }
}
