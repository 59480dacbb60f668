/// A message the bus delivered: a reply, an error reply or a signal, with its
/// leading basic arguments.
struct BusMessage: Hashable, Sendable {
  /// What kind of message it is.
  enum Kind: Hashable, Sendable {
    /// The reply to the call sent with this cookie.
    case reply(cookie: UInt64)
    /// The error reply to the call sent with this cookie.
    case error(cookie: UInt64, name: String, message: String)
    /// A signal.
    case signal(interface: String, member: String)
    /// A method call or something else the plugin does not answer.
    case other
  }

  /// What kind of message it is.
  var kind: Kind
  /// The sender's unique name, if the bus gave one.
  var sender: String?
  /// The arguments up to the first one that is not a basic type.
  var arguments: [BusValue]
}
