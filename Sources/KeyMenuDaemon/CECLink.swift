import KeyMenuCEC
import KeyMenuConfig
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuEvdev
import KeyMenuPluginAPI
import KeyMenuProtocol
import KeyMenuRuntime
import Logging

/// keymenud's side of HDMI-CEC (`[cec]`), on the engine thread.
///
/// - **In**: it claims a playback device with remote-control passthrough
///   on the adapter, so that the TV's own remote reaches keymenud through
///   the adapter's input device (`rc-cec`, read as any remote).
/// - **Out**: it keeps the adapter open as a follower (beside any other) and
///   runs a ``CECSourceMachine``: a modal that wakes the TV (`wake_tv`) sends
///   Image View On and Active Source, and once every modal is answered
///   Inactive Source gives the input back; the TV's standby and source
///   changes go to the `tv` topic.
/// - **Hot-plug**: an adapter that appears later (`/dev/cec*`, watched with
///   inotify) is taken up, one that goes away is let go; the HDMI link's
///   coming and going is the adapter's state, which the kernel reports and
///   after which it claims the address again by itself.
///
/// An adapter another program configured (a player using libcec) is left
/// alone, and the log says so.
@EngineActor final class CECLink {
  /// The settings in force (the kernel keeps the adapter's configuration
  /// after keymenud closes it).
  private var settings: CECSettings?
  /// How keymenu configured each adapter (name, type), to change its own.
  private var configured: [String: (name: String, type: CECAdapter.DeviceType)] = [:]
  /// Whether the last message could not be queued (logged once, until one is).
  private var sendFailing = false
  /// Adapters that appeared but could not be opened yet: udev gives a new
  /// node its group a moment later (and inotify says so, when keymenu
  /// tries again); reported only if that never happens.
  private var unsettled: Set<String> = []
  /// How long a new adapter may stay unopenable before it is reported.
  static let permissionGrace = Duration.seconds(5)
  /// Runs a job on the engine after a delay.
  private let schedule: (Duration, @escaping @Sendable @EngineActor () -> Void) -> Void
  /// The adapter keymenu claimed and follows.
  private var adapter: CECAdapter?
  private var machine = CECSourceMachine()
  /// The modals in front, by id, when the stack last changed.
  private var shown: Set<String> = []
  /// Watches `/dev` for adapters that come later.
  private var nodes: DeviceNodeWatcher?
  private var control: InputLoopControl?
  private var logger: Logger
  /// Sends a `tv` notification to its subscribers.
  private let publish: (String, TVNotice) -> Void
  private let directory: String

  init(
    logger: Logger, directory: String = "/dev",
    schedule: @escaping (Duration, @escaping @Sendable @EngineActor () -> Void) -> Void,
    publish: @escaping (String, TVNotice) -> Void
  ) {
    self.logger = logger
    self.directory = directory
    self.schedule = schedule
    self.publish = publish
  }

  /// Puts `new` in force: nothing to do when it did not change.
  func apply(_ new: CECSettings?, control: InputLoopControl?, logger: Logger) {
    self.logger = logger
    self.control = control
    guard new != settings else { return }
    settings = new
    release()
    guard let new else {
      stopWatchingNodes()
      return
    }
    watchNodes()
    guard let path = new.device ?? CECAdapter.adapters(in: directory).first else {
      logger.warning(
        "[cec]: no HDMI-CEC adapter (\(directory)/cec*) yet: the TV's remote reaches keymenu once one appears"
      )
      return
    }
    take(path, settings: new)
  }

  /// The modal stack changed: a new modal that wakes the TV takes its
  /// input; an empty stack gives it back.
  func modalsChanged(_ snapshot: ModalSnapshot) {
    guard let settings, adapter != nil else { return }
    let ids = Set(snapshot.stack.map(\.id))
    let waking = snapshot.stack.contains { !shown.contains($0.id) && ($0.wakesTV ?? settings.wakeTV) }
    let emptied = snapshot.depth == 0 && !shown.isEmpty
    shown = ids
    if waking { run(.wakeWanted) }
    if emptied { run(.allAnswered) }
  }

  // MARK: The adapter

  private func take(_ path: String, settings: CECSettings, appeared: Bool = false) {
    do {
      let adapter: CECAdapter
      do {
        adapter = try CECAdapter(path: path)
      } catch  where appeared && (error.isRefused || error.isMissing) {
        waitForPermissions(path, error)
        return
      } catch  where error.isMissing {
        logger.info("HDMI-CEC: \(path) is not there yet: keymenu takes it up when it appears")
        return
      }
      unsettled.remove(path)
      let name = ShownText.visible(try adapter.names().adapter)
      let type = CECAdapter.DeviceType(rawValue: settings.deviceType.rawValue) ?? .playback
      let before = configured[path]
      let changed = before.map { $0.name != settings.osdName || $0.type != type } ?? false
      switch try adapter.claim(
        type, osdName: settings.osdName, previousName: before?.name, reconfigure: changed)
      {
      case .claiming, .ours:
        configured[path] = (settings.osdName, type)
        try adapter.follow()
        self.adapter = adapter
        machine = CECSourceMachine()
        control?.watch(adapter.fileDescriptor, interest: [.input, .priority]) { [weak self] events in
          self?.adapterReady(events)
        }
        logger.info(
          "HDMI-CEC: \(path) (\(name)) is a \(type.rawValue) device named \(settings.osdName) with remote passthrough"
        )
        // The kernel queues the adapter's state for every new file handle: read it now.
        adapterReady([])
      case .heldByAnother(let holder):
        let who = holder.isEmpty ? "another program" : "another program (as \(ShownText.visible(holder)))"
        logger.warning(
          "HDMI-CEC: \(path) (\(name)) is configured by \(who), such as a player using libcec; keymenu leaves it alone, and the TV's remote goes to that program"
        )
      }
    } catch {
      logger.warning("HDMI-CEC: \(error.description)")
    }
  }

  /// Lets the adapter go (it stays configured: the kernel keeps answering
  /// for keymenu's address, and the TV remote's keys keep coming).
  private func release() {
    guard let adapter else { return }
    control?.unwatch(adapter.fileDescriptor)
    self.adapter = nil
    shown = []
    machine = CECSourceMachine()
  }

  private func adapterReady(_ events: ReadyEvents) {
    guard let adapter else { return }
    do {
      while let change = try adapter.nextStateChange() { linkChanged(change, on: adapter) }
      while let arrival = try adapter.nextArrival() {
        switch arrival {
        case .message(let message): run(.received(message))
        case .sent(let message, let acknowledged):
          if !acknowledged, message.destination != CECMessage.broadcast {
            logger.warning(
              "HDMI-CEC: \(adapter.path): nobody acknowledged \(Self.name(of: message)) to logical address \(message.destination) (no TV on the bus, or it ignores CEC)"
            )
          }
        }
      }
    } catch {
      logger.warning("HDMI-CEC: \(error.description); keymenu lets the adapter go")
      release()
      return
    }
    if !events.isDisjoint(with: .closed) {
      logger.info("HDMI-CEC: \(adapter.path) went away")
      release()
    }
  }

  private func linkChanged(_ change: CECAdapter.StateChange, on adapter: CECAdapter) {
    let before = (machine.physicalAddress, machine.logicalAddress)
    run(.link(physicalAddress: change.physicalAddress, logicalAddress: change.logicalAddress))
    guard before != (machine.physicalAddress, machine.logicalAddress) else { return }
    if let physical = change.physicalAddress {
      let logical = change.logicalAddress.map { "logical address \($0)" } ?? "claiming a logical address"
      logger.info(
        "HDMI-CEC: \(adapter.path): HDMI link up, physical address \(CECAdapter.text(ofPhysicalAddress: physical)), \(logical)"
      )
    } else {
      logger.info("HDMI-CEC: \(adapter.path): no HDMI link (the TV is unplugged or off)")
    }
  }

  /// Feeds the machine and carries out what it says.
  private func run(_ input: CECSourceMachine.Input) {
    guard let adapter else { return }
    for output in machine.handle(input) {
      switch output {
      case .send(let message):
        do {
          try adapter.send(message)
          sendFailing = false
        } catch {
          // A full queue (a busy bus) fails every send: one line, not one per message.
          if !sendFailing { logger.warning("HDMI-CEC: \(error.description)") }
          sendFailing = true
        }
      case .tookInput:
        logger.info("HDMI-CEC: \(adapter.path): woke the TV and took its input for a modal")
      case .gaveInputBack(let previous):
        let before = previous.map {
          "; the source before keymenu was \(CECAdapter.text(ofPhysicalAddress: $0))"
        }
        logger.info("HDMI-CEC: \(adapter.path): gave the TV's input back (Inactive Source)\(before ?? "")")
      case .activeSource(let physical, let ours):
        publish(
          TVNotice.source,
          .source(
            adapter: adapter.path, physicalAddress: CECAdapter.text(ofPhysicalAddress: physical),
            keymenu: ours))
      case .standby(let initiator):
        logger.info("HDMI-CEC: \(adapter.path): logical address \(initiator) said Standby")
        publish(TVNotice.standby, .standby(adapter: adapter.path, from: Int(initiator)))
      }
    }
  }

  private static func name(of message: CECMessage) -> String {
    switch message.opcode {
    case .imageViewOn?: "Image View On"
    case .activeSource?: "Active Source"
    case .inactiveSource?: "Inactive Source"
    case .reportPowerStatus?: "Report Power Status"
    case .featureAbort?: "Feature Abort"
    default: "a message"
    }
  }

  // MARK: Adapters coming and going

  /// A new adapter refused to open: quiet while udev may still set its
  /// group, a warning if it has not after ``permissionGrace``.
  private func waitForPermissions(_ path: String, _ error: CECAdapter.Failure) {
    logger.debug("HDMI-CEC: \(error.description); trying again when its permissions change")
    guard unsettled.insert(path).inserted else { return }
    schedule(Self.permissionGrace) { [weak self] in
      guard let self, self.unsettled.remove(path) != nil, self.adapter == nil else { return }
      self.logger.warning(
        "HDMI-CEC: \(error.description), \(Self.permissionGrace) after it appeared: keymenud needs its group (video on Debian)"
      )
    }
  }

  private func watchNodes() {
    guard nodes == nil else { return }
    do {
      let watcher = try DeviceNodeWatcher(directory: directory) { CECAdapter.isAdapterName($0) }
      nodes = watcher
      control?.watch(watcher.fileDescriptor, interest: .input) { [weak self] _ in self?.nodesChanged() }
    } catch {
      logger.warning("HDMI-CEC: cannot watch \(directory) for adapters: \(error.message)")
    }
  }

  private func stopWatchingNodes() {
    guard let nodes else { return }
    control?.unwatch(nodes.fileDescriptor)
    self.nodes = nil
  }

  private func nodesChanged() {
    guard let nodes, let settings else { return }
    for change in nodes.readChanges() {
      switch change {
      case .appeared(let path):
        guard adapter == nil, settings.device == nil || settings.device == path else { continue }
        take(path, settings: settings, appeared: true)
      case .disappeared(let path):
        unsettled.remove(path)
        guard adapter?.path == path else { continue }
        logger.info("HDMI-CEC: \(path) went away")
        release()
      case .directoryAppeared:
        continue
      }
    }
  }
}
