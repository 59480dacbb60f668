import KeyMenuPluginAPI
import KeyMenuProtocol

/// The modal stack as clients get it (`state.changed`, `state.get`, the
/// subscription's snapshot): its front entries only, at most
/// ``ModalState/maximumEntries`` of them and, behind the front one, no more
/// than ``ModalState/maximumBytes`` of JSON, with `total` when some are
/// left out; and an entry's secret parts only to who may see them
/// (``ModalViewer``, ``SecretPicture``).
///
/// Each entry is encoded once and kept while it is unchanged: a change to
/// one modal encodes that modal, and the state line is the kept bytes put
/// together. A change to a modal left out of the window changes no line
/// (``EventHub`` then sends no `state.changed`). Pure: no I/O.
struct ModalStateWindow {
  /// One entry of the window, encoded.
  struct Encoded {
    /// The entry as the daemon holds it (compared to tell a change).
    let entry: ModalPicture
    /// As everyone may see it (``SecretPicture/redacted``).
    let open: Form
    /// For an entry with a secret: whose, and the entry whole.
    let secret: (owner: SecretOwner, whole: Form)?

    /// The entry as `viewer` may see it.
    func form(for viewer: ModalViewer) -> Form {
      guard let secret, viewer.maySee(secret.owner) else { return open }
      return secret.whole
    }

    /// What the entry counts against ``ModalState/maximumBytes``: its
    /// larger form, so that every viewer's window holds the same entries.
    var size: Int { max(open.bytes.count, secret?.whole.bytes.count ?? 0) }
  }

  /// An entry as the protocol shows it, and its JSON.
  struct Form {
    let entry: ModalPicture
    let bytes: [UInt8]

    init(_ entry: ModalPicture) {
      self.entry = entry
      bytes = entry.wireJSON
    }
  }

  /// The front of a stack: its entries bottom first, and how many the whole stack has.
  struct Window {
    let entries: [Encoded]
    let total: Int
    /// Whether it differs from the window the last call gave: an entry
    /// changed, came or went, or the stack's depth changed.
    let changed: Bool

    /// Whether some entry of the window has a secret.
    var hasSecret: Bool { entries.contains { $0.secret != nil } }

    /// The state as `viewer` may see it.
    func state(for viewer: ModalViewer) -> ModalState {
      ModalState(
        stack: entries.map { $0.form(for: viewer).entry }, total: total > entries.count ? total : nil)
    }

    /// `state(for: viewer)`'s JSON (the params of `state.changed`), put
    /// together from the entries' kept bytes: the bytes ``OrderedJSONEncoder``
    /// writes for it.
    func params(for viewer: ModalViewer) -> [UInt8] {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(entries.reduce(32) { $0 + $1.size + 1 })
      bytes.append(contentsOf: #"{"stack":["#.utf8)
      for (index, entry) in entries.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: entry.form(for: viewer).bytes)
      }
      bytes.append(UInt8(ascii: "]"))
      if total > entries.count { bytes.append(contentsOf: #","total":\#(total)"#.utf8) }
      bytes.append(UInt8(ascii: "}"))
      return bytes
    }
  }

  private let maximumEntries: Int
  private let maximumBytes: Int
  /// The entries of the last window, by id.
  private var kept: [String: Encoded] = [:]
  /// The last window's entries' ids, front first, and the stack's depth then.
  private var lastIDs: [String] = []
  private var lastTotal = 0

  /// A window of at most `maximumEntries` entries and `maximumBytes` behind the front.
  init(maximumEntries: Int = ModalState.maximumEntries, maximumBytes: Int = ModalState.maximumBytes) {
    self.maximumEntries = max(1, maximumEntries)
    self.maximumBytes = maximumBytes
  }

  /// The window of `snapshot`: the front entry, then the ones behind it
  /// while they fit. Encodes only the entries that changed since the last
  /// call, and walks no further back than the window reaches.
  mutating func window(of snapshot: ModalSnapshot) -> Window {
    var chosen: [Encoded] = []
    var bytes = 0
    var next: [String: Encoded] = [:]
    var changed = snapshot.stack.count != lastTotal
    for entry in snapshot.stack.reversed() {
      guard chosen.count < maximumEntries else { break }
      let known = kept[entry.id].flatMap { $0.entry == entry ? $0 : nil }
      let encoded = known ?? encode(entry)
      // Kept even when it does not fit: the first entry left out is
      // looked at by every call, and is then known, not encoded again
      // (a change behind the window costs nothing, and is no change).
      next[entry.id] = encoded
      // The front entry always; behind it, what fits in the budget.
      if !chosen.isEmpty {
        if bytes + encoded.size > maximumBytes { break }
        bytes += encoded.size
      }
      if known == nil { changed = true }
      chosen.append(encoded)
    }
    let ids = chosen.map(\.entry.id)
    if ids != lastIDs { changed = true }
    kept = next
    (lastIDs, lastTotal) = (ids, snapshot.stack.count)
    return Window(entries: chosen.reversed(), total: snapshot.stack.count, changed: changed)
  }

  private func encode(_ entry: ModalPicture) -> Encoded {
    guard let secret = entry.secret else { return Encoded(entry: entry, open: Form(entry), secret: nil) }
    return Encoded(entry: entry, open: Form(entry.redacted), secret: (secret, Form(entry)))
  }
}

/// Who reads what keymenud sends about its modals: admin clients see every
/// part of every modal, a connection the secret parts of its own modals
/// only (``SecretOwner``), everyone else the redacted ones.
struct ModalViewer: Hashable, Sendable {
  /// The connection's number (``MethodCaller/connection``).
  var connection: Int
  /// Whether it has the admin tier.
  var admin: Bool

  /// Whether this viewer may see the secret parts of a modal owned by `owner`.
  func maySee(_ owner: SecretOwner) -> Bool { admin || owner.connection == connection }

  /// A viewer that sees nothing secret (one that owns none of the secrets).
  static let anyone = ModalViewer(connection: -1, admin: false)
}
