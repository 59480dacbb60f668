import Glibc
public import KeyMenuCore
public import KeyMenuRuntime
import SystemPackage

/// Reads key events from devices until stopped.
///
/// The loop blocks in `poll()` on the devices' file descriptors, an inotify
/// watch of the device directory and a wake eventfd: an idle loop makes no
/// wake-ups. Each readiness drains the device with libevdev, resyncs after
/// `SYN_DROPPED`, and hands decoded key events to the handler in order. A
/// device that goes away ends its own stream (with synthetic releases for the
/// keys it held) and nothing else.
public final class InputLoop: Sendable {
  /// Which devices to read.
  public enum Source: Sendable, Hashable {
    /// Exactly these paths; the loop ends when all of them are gone.
    case paths([String])
    /// One device, probed at the first path and read from the second, another
    /// node for the same device (``EvdevDevice/replaceFileDescriptor(opening:)``);
    /// the loop ends when it is gone.
    case probing(String, readingFrom: String)
    /// Every device in the directory, now and as they appear, until stopped.
    /// With `keyboardsOnly`, devices without answer keys are skipped.
    case directory(DeviceDirectory, keyboardsOnly: Bool)
  }

  /// What the loop reports, in order.
  public enum Event: Sendable {
    /// A device was opened and is being read.
    case added(DeviceInfo)
    /// A device was looked at and left alone (not keyboard-like).
    case skipped(DeviceInfo)
    /// A device could not be opened.
    case openFailed(EvdevError)
    /// Key events, oldest first.
    case keys([KeyEvent])
    /// A device went away; its held keys were released just before.
    case removed(DeviceInfo, EvdevError?)
    /// A device was grabbed or released, or a grab failed (`error`).
    case grab(DeviceInfo, grabbed: Bool, error: EvdevError?)
    /// The kernel dropped events of a device (`SYN_DROPPED`: its buffer
    /// overflowed) and its key state was resynced; the keys that changed
    /// meanwhile came as synthetic key events just before.
    case resynced(DeviceInfo)
  }

  /// Which devices this loop reads.
  public let source: Source
  let wake: WakeEvent
  let driverWake: WakeEvent
  let stopSignals: StopSignals?

  /// Creates a loop; nothing is opened until ``run(names:handler:)``.
  ///
  /// - Parameter stopSignals: signals that end ``run(names:handler:)``
  ///   cleanly, read from the poll set rather than by a handler.
  public init(source: Source, stopSignals: StopSignals? = nil) throws(EvdevError) {
    self.source = source
    do {
      self.wake = try WakeEvent()
      self.driverWake = try WakeEvent()
    } catch {
      throw EvdevError(opening: "eventfd", errno: error)
    }
    self.stopSignals = stopSignals
  }

  /// Makes ``run(names:handler:)`` return soon; callable from any thread.
  public func stop() { wake.raise() }

  /// Makes the loop call its driver's ``InputLoopDriver/loopWoke(_:)`` soon;
  /// callable from any thread.
  public func wakeDriver() { driverWake.raise() }

  /// Runs on the calling thread until ``stop()``, a stop signal, or, for ``Source/paths(_:)``
  /// and ``Source/probing(_:readingFrom:)``, until every device is gone.
  ///
  /// - Throws: for ``Source/paths(_:)`` and ``Source/probing(_:readingFrom:)``,
  ///   the first device that cannot be opened, before anything is reported.
  ///
  /// - Parameter driver: work that shares the loop's thread; with a driver,
  ///   stop signals go to it instead of ending the loop.
  public func run(
    names: KeyNameTable = .libevdev, driver: (any InputLoopDriver)? = nil, handler: (Event) -> Void
  ) throws(EvdevError) {
    let state = InputLoopState(names: names)
    let control = InputLoopControl(state: state)
    driver?.loopStarted(control)
    defer { state.releaseGrabs(handler: handler) }
    switch source {
    case .paths(let paths):
      try state.openAll(paths, handler: handler)
    case .probing(let path, let readPath):
      try state.openProbing(path, readingFrom: readPath, handler: handler)
    case .directory(let directory, let keyboardsOnly):
      try state.watch(directory, keyboardsOnly: keyboardsOnly)
      state.scan(handler: handler)
    }
    var pollSet: [pollfd] = []
    var timeout = driverRound(driver, control, state, handler)
    while true {
      if source.endsWithItsDevices, state.devices.isEmpty { return }
      if control.stopRequested { return }
      pollSet.removeAll(keepingCapacity: true)
      pollSet.append(pollfd(fd: wake.fileDescriptor, events: Int16(POLLIN), revents: 0))
      pollSet.append(pollfd(fd: stopSignals?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0))
      pollSet.append(
        pollfd(fd: driver == nil ? -1 : driverWake.fileDescriptor, events: Int16(POLLIN), revents: 0))
      if let watcher = state.watcher {
        pollSet.append(pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0))
      }
      for fd in state.devices.keys { pollSet.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
      let ready = poll(&pollSet, nfds_t(pollSet.count), Self.milliseconds(timeout))
      if ready < 0 {
        if errno == EINTR { continue }
        return
      }
      if pollSet[0].revents != 0 { return }
      if pollSet[1].revents != 0, let signal = stopSignals?.take() {
        guard let driver else { return }
        if driver.signalReceived(signal, control) { return }
      }
      if pollSet[2].revents != 0 { driverWake.drain() }
      for entry in pollSet.dropFirst(3) where entry.revents != 0 {
        if entry.fd == state.watcher?.fileDescriptor {
          state.handleDirectoryChanges(handler: handler)
        } else {
          state.service(fd: entry.fd, revents: entry.revents, handler: handler)
        }
      }
      timeout = driverRound(driver, control, state, handler)
    }
  }

  /// Lets the driver work, then applies what it changed (filter, grabs).
  private func driverRound(
    _ driver: (any InputLoopDriver)?, _ control: InputLoopControl, _ state: InputLoopState,
    _ handler: (Event) -> Void
  ) -> Duration? {
    guard let driver else { return nil }
    let timeout = driver.loopWoke(control)
    state.applyFilterChange(handler: handler)
    state.updateGrabs(handler: handler)
    return timeout
  }

  /// A poll timeout: -1 for none, else whole milliseconds rounded up.
  static func milliseconds(_ duration: Duration?) -> Int32 {
    guard let duration else { return -1 }
    if duration <= .zero { return 0 }
    let (seconds, attoseconds) = duration.components
    let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: millis)
  }
}

extension InputLoop.Source {
  /// Whether the loop ends once the devices it opened are gone.
  var endsWithItsDevices: Bool {
    switch self {
    case .paths, .probing: true
    case .directory: false
    }
  }
}
