/// The params of `alert.answered`: the answer (as ``AlertShowResult``) and
/// which alert, whose: `{"id":…,"owner":…,"button":1|null,"title":…|null,"reason":"key"}`.
public struct AlertAnsweredNotice: Codable, Sendable, Hashable {
  /// The notification's method name.
  public static let method = "alert.answered"

  /// The alert's id.
  public var id: String
  /// Who showed it (`config`, `client:3`).
  public var owner: String
  /// The chosen button's index (`null` when none was chosen).
  public var button: Int?
  /// The chosen button's title (`null` when none was chosen).
  public var title: String?
  /// Why it ended: `key`, `escape`, `timeout`, `dismissed`, `action`.
  public var reason: String
  /// The answer key pressed (reason `answer_key`), absent otherwise.
  public var key: String?
  /// The device whose key answered, absent when none did.
  public var device: Int?

  enum CodingKeys: String, CodingKey { case id, owner, button, title, reason, key, device }

  /// Creates a notice.
  public init(id: String, owner: String, answer: AlertShowResult) {
    self.id = id
    self.owner = owner
    self.button = answer.button
    self.title = answer.title
    self.reason = answer.reason
    self.key = answer.key
    self.device = answer.device
  }

  /// The answer, as `alert.show` gave it to the alert's owner.
  public var answer: AlertShowResult {
    AlertShowResult(button: button, title: title, reason: reason, key: key, device: device)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeOrNull(button, forKey: .button)
    try container.encodeIfPresent(device, forKey: .device)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(key, forKey: .key)
    try container.encode(owner, forKey: .owner)
    try container.encode(reason, forKey: .reason)
    try container.encodeOrNull(title, forKey: .title)
  }
}
