import Foundation

/// One `sd_notify` datagram as Tests/Fixtures/notify_listener.py logged it,
/// with what a client saw on the daemon's socket when it was `READY=1`.
struct NotifyDatagram {
  /// The `KEY=VALUE` lines.
  var fields: [String: String]
  /// CLOCK_MONOTONIC in microseconds when the listener received it.
  var receivedMicroseconds: UInt64
  /// Why the queries at `READY=1` failed (refused, no answer).
  var queryError: String?
  /// The `name` of each device `devices.list` returned at `READY=1`.
  var deviceNames: [String]?
  /// The `name` of each menu `menu.list` returned at `READY=1`.
  var menuNames: [String]?
  /// The `devices` count `daemon.status` returned at `READY=1`.
  var statusDevices: Int?

  /// `READY`, `RELOADING` or `STOPPING`, whichever is set to 1 (`?` if none or several).
  var state: String {
    let set = ["READY", "RELOADING", "STOPPING"].filter { fields[$0] == "1" }
    return set.count == 1 ? set[0] : "?"
  }

  /// Every datagram in the log, in arrival order (none when there is no log).
  static func readLog(_ path: String) throws -> [NotifyDatagram] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return try text.split(separator: "\n").map { line in
      let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
      let queries = entry["queries"] as? [String: Any]
      return NotifyDatagram(
        fields: entry["fields"] as? [String: String] ?? [:],
        receivedMicroseconds: (entry["received_usec"] as? NSNumber)?.uint64Value ?? 0,
        queryError: queries?["error"] as? String,
        deviceNames: names(in: queries?["devices.list"]),
        menuNames: names(in: queries?["menu.list"]),
        statusDevices: ((queries?["daemon.status"] as? [String: Any])?["result"] as? [String: Any])?[
          "devices"]
          as? Int)
    }
  }

  /// The `name` members of a JSON-RPC answer's result array.
  private static func names(in answer: Any?) -> [String]? {
    guard let result = (answer as? [String: Any])?["result"] as? [[String: Any]] else { return nil }
    return result.compactMap { $0["name"] as? String }
  }
}
