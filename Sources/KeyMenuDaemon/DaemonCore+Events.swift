import KeyMenuCore
import KeyMenuEvdev
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer
import Logging

extension DaemonCore {
  /// `events.subscribe`: adds topics; the result carries a snapshot of the
  /// current state, so events that follow are changes to it.
  func subscribe(_ params: SubscribeParams, _ session: ClientSession) throws(RPCError) -> JSONValue {
    guard !params.topics.isEmpty else { throw .invalidParams("name at least one topic", field: "topics") }
    for (index, topic) in params.topics.enumerated() {
      guard let needed = configSource.plugins.topics[topic] else {
        let known = configSource.plugins.topics.keys.sorted().joined(separator: ", ")
        throw .invalidParams("unknown topic \(topic); topics are \(known)", field: "topics.[\(index)]")
      }
      guard session.client.tier >= needed else {
        logger.notice(
          "client \(session.client.id) (uid \(session.client.credentials.uid)) refused topic \(topic): tier \(session.client.tier.rawValue)"
        )
        throw .forbidden("topic \(topic)", tier: session.client.tier.rawValue, needs: needed.rawValue)
      }
    }
    let topics = Set(params.topics)
    session.topics.formUnion(topics)
    if topics.contains("keys") {
      logger.warning(
        "client \(session.client.id) (uid \(session.client.credentials.uid), pid \(session.client.credentials.pid)) subscribed to raw key events"
      )
      connections.subscribeToKeys(session.client)
    }
    hub.subscribe(session.client, to: Array(topics.subtracting(["keys"])))
    return JSONValue(
      encoding: SubscribeResult(
        topics: session.topics.sorted(),
        snapshot: .init(
          state: hub.state(of: engine.modalStack.snapshot, for: session.viewer), devices: deviceEntries)))
  }

  /// The devices as `devices.list` and the subscription snapshot show them,
  /// with whether each is grabbed.
  var deviceEntries: [DeviceEntry] {
    let grabbed = Set(control?.grabbedDevices ?? [])
    return devices.values.sorted { $0.id < $1.id }.map { DeviceEntry($0, grabbed: grabbed.contains($0.id)) }
  }
}
