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
      for var key in keys {
        // Every event, releases too, before routing: the text it types goes with it.
        layouts.type(&key)
        requests.connections.sendKey(key)
        let outcome = engine.handle(key)
        if configuration.logKeys {
          logger.debug("key \(key.name) \(key.action.rawValue) on device \(key.device): \(outcome)")
        }
      }
    case .added(let device):
      devices.add(device)
      logger.info(
        "device \(device.id): \(device.identity.path) \"\(device.identity.name)\" (\(device.classification.kind.rawValue))"
      )
      logLayoutProblems(layouts.added(device))
      engine.deviceAdded(device)
    case .removed(let device, let error):
      devices.remove(device)
      layouts.removed(device.id)
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
      logLayoutProblems(layouts.resynced(device.id))
      if devices.countResync() {
        logger.warning(
          "device \(device.id): the kernel dropped events (SYN_DROPPED), key state resynced (\(devices.resyncs) since start)"
        )
      }
    }
  }

  /// Puts the configuration's keyboard layouts in force, over the system's
  /// as it is now (`/etc/default/keyboard` is read again on every reload).
  func applyKeyboardLayouts(_ settings: KeyboardSettings) {
    logLayoutProblems(layouts.configure(settings, system: configSource.systemKeyboard()))
  }

  /// One warning line per layout problem (a layout that does not compile).
  private func logLayoutProblems(_ problems: [String]) {
    for problem in problems { logger.warning("\(problem)") }
  }
}
