/// The params of the `tv` topic's notifications, what keymenud sees on the
/// HDMI-CEC bus (`[cec]`):
/// - `tv.standby`: a device said <Standby>: `{"adapter":"/dev/cec1","from":0}`
///   (`from` is its logical address; 0 is the TV);
/// - `tv.source`: the TV shows another source now:
///   `{"adapter":"/dev/cec1","keymenu":false,"physical_address":"2.0.0.0"}`
///   (`keymenu` when it is keymenu's own input).
public struct TVNotice: Codable, Sendable, Hashable {
  /// A device (the TV) went to standby.
  public static let standby = "tv.standby"
  /// The active source changed.
  public static let source = "tv.source"

  /// The CEC adapter it was seen on.
  public var adapter: String
  /// `tv.standby`: the logical address that said it.
  public var from: Int?
  /// `tv.source`: whether the source shown is keymenu's.
  public var keymenu: Bool?
  /// `tv.source`: the physical address shown, such as `2.0.0.0`.
  public var physicalAddress: String?

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey {
    case adapter, from, keymenu
    case physicalAddress = "physical_address"
  }

  /// `tv.standby` from the logical address `from`.
  public static func standby(adapter: String, from: Int) -> Self {
    Self(adapter: adapter, from: from, keymenu: nil, physicalAddress: nil)
  }

  /// `tv.source`: `physicalAddress` is shown now.
  public static func source(adapter: String, physicalAddress: String, keymenu: Bool) -> Self {
    Self(adapter: adapter, from: nil, keymenu: keymenu, physicalAddress: physicalAddress)
  }
}
