import KeyMenuProtocol

/// Which connection's request started which countdown (an alert's id):
/// pure bookkeeping, so that `countdown.stop` finds the caller's own
/// countdown and a closed connection's countdowns end with it.
struct CountdownBook: Sendable {
  /// One connection's request.
  struct Key: Hashable, Sendable {
    var connection: Int
    var request: RPCID
  }

  private var alerts: [Key: String] = [:]

  /// Records the alert a request started.
  mutating func started(_ key: Key, alert: String) { alerts[key] = alert }

  /// Forgets a countdown that ended; nil when it was not recorded.
  @discardableResult
  mutating func ended(_ key: Key) -> String? { alerts.removeValue(forKey: key) }

  /// The alert a connection's request started, if it still shows.
  func alert(for key: Key) -> String? { alerts[key] }

  /// The alerts of a connection's countdowns, forgotten.
  mutating func takeAll(of connection: Int) -> [String] {
    let keys = alerts.keys.filter { $0.connection == connection }
    return keys.compactMap { alerts.removeValue(forKey: $0) }
  }

  /// How many countdowns show.
  var count: Int { alerts.count }
}
