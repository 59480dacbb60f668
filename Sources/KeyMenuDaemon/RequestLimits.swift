import KeyMenuProtocol

/// Size checks on what clients send, beyond the 64 KiB line: each title is
/// kept to what a person can read, so a client cannot make presenters, logs
/// and other subscribers carry its bulk.
enum RequestLimits {
  /// `-32602` naming `field` when `text` is over ``ProtocolLimits/maximumTitleBytes``.
  static func title(_ text: String, field: String) throws(RPCError) {
    guard text.utf8.count <= ProtocolLimits.maximumTitleBytes else {
      throw .invalidParams("longer than \(ProtocolLimits.maximumTitleBytes) bytes", field: field)
    }
  }
}
