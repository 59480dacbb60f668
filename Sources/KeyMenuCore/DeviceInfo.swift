/// Everything keymenu knows about one opened device.
public struct DeviceInfo: Hashable, Sendable {
  /// The id keymenu gave it when it was opened.
  public var id: DeviceID
  /// Its name, path and bus ids.
  public var identity: DeviceIdentity
  /// What it can send.
  public var capabilities: DeviceCapabilities
  /// Whether it counts as a keyboard, and why.
  public var classification: DeviceClassification

  /// Creates a device description.
  public init(
    id: DeviceID, identity: DeviceIdentity, capabilities: DeviceCapabilities,
    classification: DeviceClassification
  ) {
    self.id = id
    self.identity = identity
    self.capabilities = capabilities
    self.classification = classification
  }
}
