public import KeyMenuCore

/// One input device as the protocol shows it: an element of `devices.list`
/// and of the subscription snapshot's `devices` (with `grabbed`), and the
/// params of `device.added` and `device.removed` (without).
public struct DeviceEntry: Codable, Sendable, Hashable {
  /// The id keymenud gave it (`key` notifications name it).
  public var id: Int
  /// `/dev/input/eventN`.
  public var path: String
  /// The kernel's name for it.
  public var name: String
  /// Its physical path.
  public var phys: String
  /// `vvvv:pppp` in hex (`vendor_product`).
  public var vendorProduct: String
  /// What it looks like (`keyboard`, `keypad`, `remote`, ...).
  public var kind: String
  /// Whether it has the keys that answer alerts and menus.
  public var keyboard: Bool
  /// Whether keymenud holds its grab; only where the list says it.
  public var grabbed: Bool?

  /// In the order of the keys on the wire (sorted): the synthesized
  /// `encode(to:)` writes them in this order (``OrderedJSONEncoder``).
  enum CodingKeys: String, CodingKey {
    case grabbed, id, keyboard, kind, name, path, phys
    case vendorProduct = "vendor_product"
  }

  /// Creates an entry.
  public init(
    id: Int, path: String, name: String, phys: String, vendorProduct: String, kind: String, keyboard: Bool,
    grabbed: Bool? = nil
  ) {
    self.id = id
    self.path = path
    self.name = name
    self.phys = phys
    self.vendorProduct = vendorProduct
    self.kind = kind
    self.keyboard = keyboard
    self.grabbed = grabbed
  }

  /// The entry for `device`; `grabbed` where the list says it.
  public init(_ device: DeviceInfo, grabbed: Bool? = nil) {
    self.init(
      id: Int(device.id.rawValue), path: device.identity.path, name: device.identity.name,
      phys: device.identity.phys, vendorProduct: device.identity.vendorProduct,
      kind: device.classification.kind.rawValue, keyboard: device.classification.isKeyboardLike,
      grabbed: grabbed)
  }
}
