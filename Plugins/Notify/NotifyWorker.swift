import Glibc
import KeyMenuPluginAPI
import KeyMenuProtocol
import Logging

/// The Notify plugin's thread: carries out the ``NotifyMachine``'s actions on
/// the bus and feeds it the server's replies and signals. Lives on that
/// thread only.
///
/// Trouble with the bus (no address, no bus, no notification server, a lost
/// connection) is logged once as a warning and then only at debug level
/// until a notification is shown again; each new alert tries again.
/// libsystemd is loaded when the first connection is made; if it cannot
/// be, that is logged once as an error (it is not tried again until
/// keymenud restarts) and alerts work by key.
final class NotifyWorker {
  private let loop: NotifyLoop
  private var settings: NotifySettings
  private let answer: @Sendable (String, Int) -> Void
  private var machine: NotifyMachine
  private var bus: BusConnection?
  /// `Notify` calls waiting for their id: cookie to alert id.
  private var calls: [UInt64: String] = [:]
  /// The unique name of the server that answered `Notify`: only its signals count.
  private var server: String?
  private var trouble: TroubleLog
  /// Whether the failure to load libsystemd was logged: it is logged once.
  private var libraryReported = false

  init(
    loop: NotifyLoop, settings: NotifySettings, logger: Logger,
    answer: @escaping @Sendable (String, Int) -> Void
  ) {
    self.loop = loop
    self.settings = settings
    self.trouble = TroubleLog(logger)
    self.answer = answer
    self.machine = NotifyMachine(closeCancels: settings.closeCancels)
  }

  /// Runs until the loop stops.
  func run() {
    var rested = true
    while true {
      let inbox = loop.take()
      if let settings = inbox.settings { apply(settings) }
      if loop.changes.take() {
        carryOut(machine.show(loop.current()))
        rested = false
      }
      if inbox.stopping {
        carryOut(machine.closeAll())
        bus?.flush()
        return
      }
      drain()
      // Stay awake 5 ms after a change (the next of a burst needs no
      // signal), then sleep unless a snapshot came meanwhile.
      if !rested {
        rested = true
        usleep(5000)
        continue
      }
      if loop.changes.sleepUnlessChanged() {
        rested = false
        continue
      }
      BusConnection.wait(for: bus, or: loop.wakeup)
    }
  }

  private func apply(_ new: NotifySettings) {
    if new.address != settings.address, let old = bus {
      carryOut(machine.closeAll())
      old.flush()
      drop()
    }
    settings = new
    machine.closeCancels = new.closeCancels
  }

  /// Processes the bus until it has nothing more to do.
  private func drain() {
    while let connection = bus {
      do {
        let (progress, message) = try connection.process()
        if let message { receive(message) }
        if !progress { return }
      } catch {
        lose(error)
      }
    }
  }

  private func receive(_ message: BusMessage) {
    switch message.kind {
    case .reply(let cookie):
      guard let alert = calls.removeValue(forKey: cookie) else { return }
      server = message.sender
      guard let notification = message.arguments.first?.uint32 else { return machine.notifyFailed(alert) }
      recovered()
      carryOut(machine.notified(alert, as: notification))
    case .error(let cookie, let name, let text):
      guard let alert = calls.removeValue(forKey: cookie) else { return }
      report("the notification server did not show an alert: \(name): \(text)")
      machine.notifyFailed(alert)
    case .signal(let interface, let member):
      if interface == "org.freedesktop.DBus.Local", member == "Disconnected" {
        return lose(BusError("sd_bus_process", returned: -ECONNRESET))
      }
      guard interface == NotifyCall.interface, message.sender != nil, message.sender == server,
        message.arguments.count >= 2, let notification = message.arguments[0].uint32
      else { return }
      if member == "ActionInvoked", let key = message.arguments[1].string {
        carryOut(machine.actionInvoked(notification, key: key))
      } else if member == "NotificationClosed", let reason = message.arguments[1].uint32 {
        carryOut(machine.closed(notification, reason: reason))
      }
    case .other:
      break
    }
  }

  private func carryOut(_ actions: [NotifyMachine.Action]) {
    for action in actions {
      switch action {
      case .notify(let alert):
        guard let connection = connected() else {
          machine.notifyFailed(alert.id)
          continue
        }
        do {
          calls[try connection.send(NotifyCall.notify(alert, settings))] = alert.id
        } catch {
          lose(error)
        }
      case .close(let notification):
        do {
          _ = try bus?.send(NotifyCall.close(notification))
        } catch {
          lose(error)
        }
      case .answer(let alert, let button):
        answer(alert, button)
      }
    }
  }

  /// The connection, made now if there is none.
  private func connected() -> BusConnection? {
    if let bus { return bus }
    guard let address = settings.address else {
      report(
        "no bus to show alerts on: set bus in [plugins.notify] or DBUS_SESSION_BUS_ADDRESS for keymenud; "
          + "alerts still work by key")
      return nil
    }
    if let failure = BusConnection.libraryFailure() {
      if !libraryReported {
        libraryReported = true
        let message =
          "cannot load libsystemd, which shows alerts as notifications: \(failure) (Debian package libsystemd0); "
          + "alerts still work by key"
        trouble.logger.error("\(message)")
      }
      return nil
    }
    do {
      let connection = try BusConnection(address: address)
      _ = try connection.send(NotifyCall.addMatch)
      bus = connection
      return connection
    } catch {
      report(
        "cannot connect to the bus at \(address): \(error); alerts still work by key, the next one tries again"
      )
      return nil
    }
  }

  private func lose(_ error: BusError) {
    report("lost the bus at \(settings.address ?? "?"): \(error); the next alert tries again")
    drop()
    machine.disconnected()
  }

  private func drop() {
    bus = nil
    calls.removeAll()
    server = nil
  }

  private func report(_ message: String) { trouble.failed(message) }

  private func recovered() { trouble.succeeded("notifications are shown again") }
}
