import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol

/// The protocol's JSON for the engine's values where a method handler still
/// returns a ``JSONValue``: each is the typed form of KeyMenuProtocol
/// (converted in KeyMenuPluginAPI/WireForms), encoded once.
extension JSONValue {
  /// `state.get`'s result: the modal stack (``ModalState``).
  init(_ snapshot: ModalSnapshot) { self.init(encoding: ModalState(snapshot)) }

  /// `alert.show`'s answer (``AlertShowResult``).
  init(_ answer: AlertAnswer) { self.init(encoding: AlertShowResult(answer)) }

  /// One device of `devices.list`, before its `grabbed` member (``DeviceEntry``).
  init(_ device: DeviceInfo) { self.init(encoding: DeviceEntry(device)) }
}
