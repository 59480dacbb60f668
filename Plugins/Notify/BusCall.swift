/// A method call to send on a bus: where it goes and its arguments.
struct BusCall: Hashable, Sendable {
  /// The well-known or unique name of the receiver.
  var destination: String
  /// The object path.
  var path: String
  /// The interface.
  var interface: String
  /// The method.
  var member: String
  /// The arguments, in order.
  var arguments: [BusValue]

  /// The signature of the arguments, such as `susssasa{sv}i`.
  var signature: String { arguments.map(\.signature).joined() }
}
