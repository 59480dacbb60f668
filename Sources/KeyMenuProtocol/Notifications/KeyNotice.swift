public import KeyMenuCore

/// The params of `key`, the raw key stream an admin client may subscribe
/// to (topic `keys`): `{"device":1,"code":30,"name":"KEY_A","action":"down","synthetic":false}`.
public struct KeyNotice: Codable, Sendable, Hashable {
  /// The notification's method name.
  public static let method = "key"

  /// The device's id (as `devices.list` shows it).
  public var device: Int
  /// The kernel's key code.
  public var code: Int
  /// The key's name (`KEY_A`).
  public var name: String
  /// `down`, `up` or `repeat`.
  public var action: String
  /// Whether keymenud made it up (a key released for a device that went away).
  public var synthetic: Bool

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey { case action, code, device, name, synthetic }

  /// Creates a notice.
  public init(device: Int, code: Int, name: String, action: String, synthetic: Bool) {
    self.device = device
    self.code = code
    self.name = name
    self.action = action
    self.synthetic = synthetic
  }

  /// The notice for `event`.
  public init(_ event: KeyEvent) {
    self.init(
      device: Int(event.device.rawValue), code: Int(event.code.rawValue), name: event.name,
      action: event.action.rawValue, synthetic: event.isSynthetic)
  }
}
