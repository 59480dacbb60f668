/// One question of systemd's Password Agents specification: an `ask.XXXX`
/// file in `/run/systemd/ask-password/`, an `.ini` file whose `[Ask]`
/// section says what to ask and where the answer goes. Keys this type does
/// not know, and other sections, are ignored (the specification asks
/// agents to, so that it can grow).
///
/// Everything in it is untrusted text until shown through `ShownText`:
/// whoever can write a root-owned file there can ask, but the agent decides
/// what reaches the screen.
public struct AskFile: Equatable, Sendable {
  /// `Message=`: the question, one line of UTF-8.
  public var message: String
  /// `Id=`: who asks, as `subsystem:detail` (`cryptsetup:/dev/sda5`).
  public var id: String?
  /// `Icon=`: an icon name of the freedesktop naming specification.
  public var icon: String?
  /// `Echo=1`: the answer may be shown as it is typed (not a secret).
  public var echo: Bool
  /// `AcceptCached=1`: a passphrase cached from an earlier question would do.
  public var acceptCached: Bool
  /// `NotAfter=`: `CLOCK_MONOTONIC` in microseconds after which the question
  /// is void; nil when it has none (`0`, or the key left out).
  public var notAfter: UInt64?
  /// `PID=`: the asking process; the question is void once it is gone.
  public var pid: Int32?
  /// `Socket=`: the `AF_UNIX` datagram socket the answer goes to.
  public var socket: String

  /// Why a file is no question an agent may answer.
  public struct Invalid: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, for a log line (no text of the file in it).
    public let description: String
  }

  /// The longest file read: systemd's are a few hundred bytes.
  public static let maximumBytes = 16 * 1024

  /// Reads the `[Ask]` section of `text`. `Socket=` must be there and name
  /// a socket in `directory` itself (`sck.XXXX` beside the ask file, as
  /// systemd makes them): a reply never goes anywhere an ask file could
  /// point it to elsewhere. `Message=` defaults to an empty question.
  public init(parsing text: String, directory: String = AskFile.directory) throws(Invalid) {
    guard text.utf8.count <= Self.maximumBytes else { throw Invalid(description: "longer than 16 KiB") }
    var section: Substring?
    var values: [Substring: Substring] = [:]
    // "\r\n" is one Character in Swift: a line ends at either.
    for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
      if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";") { continue }
      if trimmed.hasPrefix("[") {
        guard trimmed.hasSuffix("]") else { throw Invalid(description: "a section header without ']'") }
        section = trimmed.dropFirst().dropLast()
        continue
      }
      guard section == "Ask" else { continue }
      guard let equals = trimmed.firstIndex(of: "=") else { continue }
      let key = Self.trimmed(trimmed[..<equals])
      // The first of a key counts, as systemd's own agents read them.
      if values[key] == nil { values[key] = Self.trimmed(trimmed[trimmed.index(after: equals)...]) }
    }
    guard let socket = values["Socket"].map(String.init), !socket.isEmpty else {
      throw Invalid(description: "no Socket=")
    }
    guard Self.isReplySocket(socket, in: directory) else {
      throw Invalid(description: "Socket= is not a socket of \(directory)")
    }
    self.socket = socket
    message = values["Message"].map(String.init) ?? ""
    id = values["Id"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
    icon = values["Icon"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
    echo = try Self.flag(values["Echo"], "Echo")
    acceptCached = try Self.flag(values["AcceptCached"], "AcceptCached")
    if let value = values["NotAfter"] {
      guard let microseconds = UInt64(value) else { throw Invalid(description: "NotAfter= is not a number") }
      notAfter = microseconds == 0 ? nil : microseconds
    } else {
      notAfter = nil
    }
    if let value = values["PID"] {
      guard let pid = Int32(value), pid > 0 else { throw Invalid(description: "PID= is not a process id") }
      self.pid = pid
    } else {
      pid = nil
    }
  }

  /// Where systemd puts the questions of the system (the specification's
  /// directory; user services have their own under `$XDG_RUNTIME_DIR`).
  public static let directory = "/run/systemd/ask-password"

  /// Whether `name` is one of the directory's questions (`ask.XXXX`), not a
  /// socket or anything else in it.
  public static func isQuestion(name: String) -> Bool {
    name.hasPrefix("ask.") && name.count > 4 && !name.contains("/")
  }

  /// Whether `path` names an entry of `directory` itself: `directory/NAME`,
  /// NAME without `/`, not `.` or `..`.
  public static func isReplySocket(_ path: String, in directory: String) -> Bool {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    guard path.hasPrefix(prefix) else { return false }
    let name = path.dropFirst(prefix.count)
    return !name.isEmpty && !name.contains("/") && name != "." && name != ".."
  }

  /// What the question says of who asks, for a title: the part of `Id=`
  /// after its subsystem (`cryptsetup:/dev/sda5` is `/dev/sda5`), or nil.
  public var asker: String? {
    guard let id else { return nil }
    guard let colon = id.firstIndex(of: ":") else { return id }
    let detail = id[id.index(after: colon)...]
    return detail.isEmpty ? String(id[..<colon]) : String(detail)
  }

  /// Whether the question is void at `now` (`CLOCK_MONOTONIC`, microseconds).
  public func hasExpired(at now: UInt64) -> Bool {
    guard let notAfter else { return false }
    return now > notAfter
  }

  private static func trimmed(_ text: Substring) -> Substring {
    var text = text
    while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return text
  }

  private static func flag(_ value: Substring?, _ key: String) throws(Invalid) -> Bool {
    switch value {
    case nil, "0", "no", "false": return false
    case "1", "yes", "true": return true
    default: throw Invalid(description: "\(key)= is not 0 or 1")
    }
  }
}
