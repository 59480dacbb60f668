/// The answer of `checklist.show`, sent when the list ends:
/// `{"marked":[0,2],"tags":["ssh","ftp"]}` when a person confirmed it (the
/// marked items' indices and tags, in item order; an item without a tag is
/// named by its text), or `{"cancelled":true,"reason":…}`: `escape` (Esc,
/// Back, Exit), `cancel` (the Cancel button) or `dismissed` (its owner, the
/// panic chord, the connection's end, the plugin stopping).
public enum ChecklistShowResult: Codable, Sendable, Hashable {
  /// Confirmed: the marked items' indices and tags (or texts), in item order.
  case marked([Int], tags: [String])
  /// Ended without an answer, and why.
  case cancelled(reason: String)

  private enum CodingKeys: String, CodingKey { case marked, tags }

  public init(from decoder: any Decoder) throws {
    if let reason = try CancelledAnswer.reason(in: decoder) {
      self = .cancelled(reason: reason)
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self = .marked(
      try container.decode([Int].self, forKey: .marked),
      tags: try container.decode([String].self, forKey: .tags))
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .marked(let indices, let tags):
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(indices, forKey: .marked)
      try container.encode(tags, forKey: .tags)
    case .cancelled(let reason):
      try CancelledAnswer.encode(reason: reason, to: encoder)
    }
  }
}

/// The answer of `radiolist.show`, sent when the list ends:
/// `{"marked":1,"tag":"medium"}` when a person confirmed it (the marked
/// item's index and tag, or its text when it has no tag; both `null` when
/// none was marked), or `{"cancelled":true,"reason":…}` as
/// ``ChecklistShowResult``.
public enum RadiolistShowResult: Codable, Sendable, Hashable {
  /// Confirmed: the marked item's index and tag (or text), nil when none was marked.
  case marked(Int?, tag: String?)
  /// Ended without an answer, and why.
  case cancelled(reason: String)

  private enum CodingKeys: String, CodingKey { case marked, tag }

  public init(from decoder: any Decoder) throws {
    if let reason = try CancelledAnswer.reason(in: decoder) {
      self = .cancelled(reason: reason)
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self = .marked(
      try container.decodeIfPresent(Int.self, forKey: .marked),
      tag: try container.decodeIfPresent(String.self, forKey: .tag))
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .marked(let index, let tag):
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encodeOrNull(index, forKey: .marked)
      try container.encodeOrNull(tag, forKey: .tag)
    case .cancelled(let reason):
      try CancelledAnswer.encode(reason: reason, to: encoder)
    }
  }
}

/// The answer of `picklist.show`, sent when the list ends:
/// `{"chosen":1,"tag":"b"}` when a person picked an item (its index and
/// tag, or its text when it has no tag), or `{"cancelled":true,"reason":…}`
/// as ``ChecklistShowResult``.
public enum PicklistShowResult: Codable, Sendable, Hashable {
  /// Picked: the item's index and tag (or text).
  case chosen(Int, tag: String)
  /// Ended without an answer, and why.
  case cancelled(reason: String)

  private enum CodingKeys: String, CodingKey { case chosen, tag }

  public init(from decoder: any Decoder) throws {
    if let reason = try CancelledAnswer.reason(in: decoder) {
      self = .cancelled(reason: reason)
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self = .chosen(
      try container.decode(Int.self, forKey: .chosen), tag: try container.decode(String.self, forKey: .tag))
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .chosen(let index, let tag):
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(index, forKey: .chosen)
      try container.encode(tag, forKey: .tag)
    case .cancelled(let reason):
      try CancelledAnswer.encode(reason: reason, to: encoder)
    }
  }
}

/// The reasons a checklist, radiolist or picklist ends without an answer.
public enum ChoiceListReason {
  /// Esc, Back or Exit (whiptail's 255).
  public static let escape = "escape"
  /// The Cancel button (whiptail's 1).
  public static let cancel = "cancel"
  /// Its owner (`checklist.dismiss`, `radiolist.dismiss`), the panic chord,
  /// the connection's end or the plugin stopping.
  public static let dismissed = "dismissed"
  /// No key came for `timeout_ms`.
  public static let timeout = "timeout"
}
