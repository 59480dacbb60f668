/// `alert.show`'s answer, sent when the alert ends:
/// `{"button":1|null,"title":"Reboot"|null,"reason":"key"}`.
public struct AlertShowResult: Codable, Sendable, Hashable {
  /// The chosen button's index (`null` when none was chosen).
  public var button: Int?
  /// The chosen button's title (`null` when none was chosen).
  public var title: String?
  /// Why it ended: `key`, `escape`, `timeout`, `dismissed`, `action`,
  /// `answer_key`.
  public var reason: String
  /// The answer key pressed (`answer_key`: `red`), absent otherwise.
  public var key: String?
  /// The device whose key answered (its `devices.list` id), absent when no
  /// device's key did (`timeout`, `dismissed`, `action`, `modal.press`).
  public var device: Int?

  enum CodingKeys: String, CodingKey { case button, title, reason, key, device }

  /// Creates an answer.
  public init(button: Int?, title: String?, reason: String, key: String? = nil, device: Int? = nil) {
    self.button = button
    self.title = title
    self.reason = reason
    self.key = key
    self.device = device
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeOrNull(button, forKey: .button)
    try container.encodeIfPresent(device, forKey: .device)
    try container.encodeIfPresent(key, forKey: .key)
    try container.encode(reason, forKey: .reason)
    try container.encodeOrNull(title, forKey: .title)
  }
}

/// `alert.dismiss`'s result: `{"dismissed":"alert-3"}`.
public struct AlertDismissResult: Codable, Sendable, Hashable {
  /// The dismissed alert's id.
  public var dismissed: String

  /// Creates a result.
  public init(dismissed: String) { self.dismissed = dismissed }
}
