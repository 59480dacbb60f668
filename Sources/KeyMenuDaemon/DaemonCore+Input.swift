import KeyMenuConfig
import KeyMenuCore
import KeyMenuEvdev
import KeyMenuProtocol
import KeyMenuRouting
import KeyMenuServer
import Logging

extension DaemonCore {
  /// Handles what the input loop reports: devices coming and going, key
  /// events (routed through the engine), grabs.
  func handle(_ event: InputLoop.Event) {
    switch event {
    case .keys(let keys):
      for key in keys {
        if !keySubscribers.isEmpty { sendKey(key) }
        let outcome = engine.handle(key)
        if configuration.logKeys {
          logger.debug("key \(key.name) \(key.action.rawValue) on device \(key.device): \(outcome)")
        }
      }
    case .added(let device):
      devices[device.id] = device
      logger.info(
        "device \(device.id): \(device.identity.path) \"\(device.identity.name)\" (\(device.classification.kind.rawValue))"
      )
      engine.deviceAdded(device)
    case .removed(let device, let error):
      devices[device.id] = nil
      logger.info("device \(device.id) removed: \(error?.message ?? "no longer selected")")
      engine.deviceRemoved(device)
    case .skipped(let device):
      logger.debug("device \(device.identity.path) \"\(device.identity.name)\" not selected")
    case .openFailed(let error):
      logger.warning("\(error.message)")
    case .grab(let device, let grabbed, let error):
      if let error {
        logger.warning("cannot grab device \(device.id) (\(device.identity.path)): \(error.message)")
      } else {
        logger.debug("device \(device.id) \(grabbed ? "grabbed" : "released")")
      }
    case .resynced(let device):
      resyncs += 1
      // A flood can overflow the kernel buffer many times a second: the
      // 1st, 10th, 100th... are logged, all are counted in daemon.status.
      if resyncs.isPowerOfTen {
        logger.warning(
          "device \(device.id): the kernel dropped events (SYN_DROPPED), key state resynced (\(resyncs) since start)"
        )
      }
    }
  }

  private func sendKey(_ key: KeyEvent) {
    let message = RPCOutgoing.notification(
      method: KeyNotice.method, params: JSONValue(encoding: KeyNotice(key)))
    let line = message.line()
    for client in keySubscribers.values { client.send(line: line) }
  }
}

extension Int {
  /// Whether this is 1, 10, 100, ...
  fileprivate var isPowerOfTen: Bool {
    var value = self
    while value >= 10, value % 10 == 0 { value /= 10 }
    return value == 1
  }
}
