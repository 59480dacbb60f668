public import KeyMenuCore
public import KeyMenuProtocol

extension JSONValue {
  /// An answer as its request gets it: with `device`, the `devices.list`
  /// id of the device whose key gave it, when one did and the answer is an
  /// object (menus and every dialog kind; alerts carry it in their shape).
  public func answered(by device: DeviceID?) -> JSONValue {
    guard let device, case .object(var members) = self else { return self }
    members["device"] = .number(Double(device.rawValue))
    return .object(members)
  }
}
