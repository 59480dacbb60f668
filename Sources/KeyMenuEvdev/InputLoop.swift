import Glibc
public import KeyMenuCore
public import KeyMenuEngineActor
public import KeyMenuRuntime
import SystemPackage

/// Reads key events from devices until stopped.
///
/// The loop watches the devices' file descriptors and an inotify watch of
/// the device directory through a ``Reactor`` (KeyMenuRuntime), which blocks
/// in `poll()` on them, its wake-up and the stop signals: an idle loop makes
/// no wake-ups. Each readiness drains the device with libevdev, resyncs after
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
  /// Wakes the loop's reactor (a round for its driver) or stops it, from any thread.
  public let waker: ReactorWaker
  let stopSignals: StopSignals?

  /// Creates a loop; nothing is opened until ``run(names:driver:executor:handler:)``.
  ///
  /// - Parameter stopSignals: signals that end ``run(names:driver:executor:handler:)``
  ///   cleanly, read from the poll set rather than by a handler.
  public init(source: Source, stopSignals: StopSignals? = nil) throws(EvdevError) {
    self.source = source
    do {
      self.waker = try ReactorWaker()
    } catch {
      throw EvdevError(opening: "eventfd", errno: error)
    }
    self.stopSignals = stopSignals
  }

  /// Makes ``run(names:driver:executor:handler:)`` return soon; callable from any thread.
  public func stop() { waker.stop() }

  /// Makes the loop call its driver's ``InputLoopDriver/loopWoke(_:)`` soon;
  /// callable from any thread.
  public func wakeDriver() { waker.wake() }

  /// Runs a ``Reactor`` on the calling thread, with the devices, until
  /// ``stop()``, a stop signal, or, for ``Source/paths(_:)`` and
  /// ``Source/probing(_:readingFrom:)``, until every device is gone.
  ///
  /// - Throws: for ``Source/paths(_:)`` and ``Source/probing(_:readingFrom:)``,
  ///   the first device that cannot be opened, before anything is reported.
  ///
  /// - Parameters:
  ///   - driver: work that shares the loop's thread; with a driver, stop
  ///     signals go to it instead of ending the loop.
  ///   - executor: an executor the calling thread adopts: its jobs run
  ///     between two waits, just before the driver's round.
  public func run(
    names: KeyNameTable = .libevdev, driver: (any InputLoopDriver)? = nil, executor: EngineExecutor? = nil,
    handler: @escaping (Event) -> Void
  ) throws(EvdevError) {
    let reactor = Reactor(waker: waker, signals: stopSignals, executor: executor)
    let state = InputLoopState(names: names, reactor: reactor, handler: handler)
    let control = InputLoopControl(state: state)
    driver?.loopStarted(control)
    defer { state.close() }
    switch source {
    case .paths(let paths):
      try state.openAll(paths)
    case .probing(let path, let readPath):
      try state.openProbing(path, readingFrom: readPath)
    case .directory(let directory, let keyboardsOnly):
      try state.watch(directory, keyboardsOnly: keyboardsOnly)
      state.scan()
    }
    let endsWithItsDevices = source.endsWithItsDevices
    reactor.run(
      round: {
        let timeout = Self.sooner(
          Self.sooner(self.driverRound(driver, control, state), state.reportUnsettledPermissions()),
          state.sendDueTranslations())
        if endsWithItsDevices, state.devices.isEmpty { reactor.stop() }
        if control.stopRequested { reactor.stop() }
        return timeout
      },
      signal: { signal in
        guard let driver else { return true }
        return driver.signalReceived(signal, control)
      })
  }

  /// The shorter of two waits (`nil`: no limit).
  static func sooner(_ first: Duration?, _ second: Duration?) -> Duration? {
    guard let first else { return second }
    guard let second else { return first }
    return min(first, second)
  }

  /// Lets the driver work, then applies what it changed (filter, grabs).
  private func driverRound(
    _ driver: (any InputLoopDriver)?, _ control: InputLoopControl, _ state: InputLoopState
  ) -> Duration? {
    guard let driver else { return nil }
    let timeout = driver.loopWoke(control)
    state.applyFilterChange()
    state.updateGrabs()
    return timeout
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
