import Glibc
public import KeyMenuCore
import KeyMenuRuntime
import SystemPackage

/// The mutable side of one ``InputLoop/run(names:driver:executor:handler:)``:
/// open devices, the decoder and the directory watch, whose descriptors it
/// watches through the loop's ``Reactor``. Lives on the loop's thread only.
final class InputLoopState {
  struct OpenDevice {
    let device: EvdevDevice
    let info: DeviceInfo
  }

  private(set) var devices: [Int32: OpenDevice] = [:]
  private(set) var watcher: DeviceNodeWatcher?
  private var directory = DeviceDirectory.standard
  private var accepts: (DeviceInfo) -> Bool = { $0.classification.isKeyboardLike }
  private var filterChanged = false
  /// Whether a driver chose the filter (then the source's default must not replace it).
  private var filterFromDriver = false
  private(set) var grabWanted = false
  private(set) var grabbed: Set<KeyMenuCore.DeviceID> = []
  /// Devices whose grab failed (another reader holds one); not retried
  /// until the grab is released and wanted again.
  private var grabRefused: Set<KeyMenuCore.DeviceID> = []
  private var decoder: KeyDecoder
  private var nextID: UInt32 = 1
  /// Paths looked at and left alone, or that failed, with the failure.
  private var passedOver: [String: EvdevError?] = [:]
  /// Hot-plugged nodes refused for permissions, reported only if that lasts.
  private var settling = PermissionSettling()
  private var rawBuffer: [RawEvent] = []
  private var keyBuffer: [KeyEvent] = []
  /// How gamepads become remotes, and which remotes have scancode tables;
  /// each open gamepad and each such remote has its translator.
  private var gamepadMapping = GamepadMapping.standard
  private var remoteScancodes: (DeviceInfo) -> RemoteScancodes? = { _ in nil }
  private var translators: [Int32: any KeyTranslator] = [:]
  /// The scancode table each remote's translator was made with.
  private var scancodeTables: [Int32: RemoteScancodes] = [:]
  private var translatedBuffer: [RawEvent] = []

  /// Batches per readiness before other devices get a turn.
  private static let batchLimit = 512
  private static let batchesPerWake = 8

  private let reactor: Reactor
  /// Where events go; a no-op once ``close()`` ran.
  private var handler: (InputLoop.Event) -> Void

  init(names: KeyNameTable, reactor: Reactor, handler: @escaping (InputLoop.Event) -> Void) {
    self.reactor = reactor
    self.handler = handler
    decoder = KeyDecoder(names: names)
    rawBuffer.reserveCapacity(Self.batchLimit + 1)
    keyBuffer.reserveCapacity(Self.batchLimit)
  }

  func openAll(_ paths: [String]) throws(EvdevError) {
    var opened: [EvdevDevice] = []
    for path in paths { opened.append(try EvdevDevice(path: path)) }
    for device in opened { add(device) }
  }

  func openProbing(_ path: String, readingFrom readPath: String) throws(EvdevError) {
    let device = try EvdevDevice(path: path)
    try device.replaceFileDescriptor(opening: readPath)
    add(device)
  }

  func watch(_ directory: DeviceDirectory, keyboardsOnly: Bool) throws(EvdevError) {
    self.directory = directory
    if !keyboardsOnly, !filterFromDriver { accepts = { _ in true } }
    let watcher = try DeviceNodeWatcher(directory: directory.path)
    self.watcher = watcher
    reactor.watch(FileDescriptor(rawValue: watcher.fileDescriptor)) { [unowned self] _ in
      handleDirectoryChanges()
    }
  }

  /// Looks at every node in the directory; `hotPlugged`: they just
  /// appeared (the directory itself did), so udev may not have set their
  /// permissions yet.
  func scan(hotPlugged: Bool = false) {
    for path in directory.eventNodes() { consider(path, hotPlugged: hotPlugged) }
  }

  func handleDirectoryChanges() {
    guard let watcher else { return }
    for change in watcher.readChanges() {
      switch change {
      case .appeared(let path): consider(path, hotPlugged: true)
      case .disappeared(let path):
        passedOver[path] = nil
        settling.settled(path)
        if let fd = devices.first(where: { $0.value.device.path == path })?.key {
          // Read what the device sent before it went, then drop it as hung up.
          service(fd: fd, events: .hangUp)
        }
      case .directoryAppeared: scan(hotPlugged: true)
      }
    }
  }

  /// Opens a path found in the directory unless it is open or was passed over
  /// for a reason that a permission change cannot fix. A hot-plugged node
  /// refused for permissions is reported only once ``PermissionSettling/grace``
  /// has passed without a retry (on its attribute changes) opening it.
  private func consider(_ path: String, hotPlugged: Bool = false) {
    if devices.values.contains(where: { $0.device.path == path }) { return }
    if let previous = passedOver[path], previous?.code != .permissionDenied { return }
    guard DeviceDirectory.isCharacterDevice(path) else { return }
    do {
      let device = try EvdevDevice(path: path)
      let info = device.info(id: KeyMenuCore.DeviceID(0))
      settling.settled(path)
      if !accepts(info) {
        passedOver[path] = .some(nil)
        handler(.skipped(info))
        return
      }
      passedOver[path] = nil
      add(device)
    } catch {
      let isRepeat = passedOver[path] != nil
      passedOver[path] = error
      if error.code == .permissionDenied, hotPlugged || settling.isWaiting(path) {
        if !isRepeat { settling.refused(path, at: .now) }
        return
      }
      settling.settled(path)
      if !isRepeat { handler(.openFailed(error)) }
    }
  }

  /// Reports the hot-plugged nodes still refused for permissions once their
  /// grace is over; how long until the next one is due.
  /// Runs every round, keys included: nothing but a check while none waits.
  func reportUnsettledPermissions() -> Duration? {
    if settling.isEmpty { return nil }
    let now = ContinuousClock.now
    for path in settling.due(at: now) {
      guard case .some(.some(let error)) = passedOver[path], error.code == .permissionDenied else { continue }
      handler(.openFailed(error))
    }
    return settling.timeUntilNext(from: now)
  }

  private func add(_ device: EvdevDevice) {
    let info = device.info(id: KeyMenuCore.DeviceID(nextID))
    nextID += 1
    let fd = device.fileDescriptor
    devices[fd] = OpenDevice(device: device, info: info)
    translators[fd] = translator(for: OpenDevice(device: device, info: info), fd: fd)
    reactor.watch(FileDescriptor(rawValue: fd)) { [unowned self] events in service(fd: fd, events: events) }
    handler(.added(info))
  }

  /// Reads a ready device; a hang-up after the data is drained removes it.
  func service(fd: Int32, events: ReadyEvents) {
    guard let open = devices[fd] else { return }
    let id = open.info.id
    for _ in 0..<Self.batchesPerWake {
      rawBuffer.removeAll(keepingCapacity: true)
      var status = open.device.read(into: &rawBuffer, limit: Self.batchLimit)
      decode(fd: fd, id: id, synthetic: false)
      if status == .dropped {
        rawBuffer.removeAll(keepingCapacity: true)
        status = open.device.readResync(into: &rawBuffer)
        decode(fd: fd, id: id, synthetic: true)
        decoder.reconcile(id, stillHeld: stillHeld(fd: fd, open.device), at: .now, into: &keyBuffer)
        if status == .drained { status = .limitReached }
        flushKeys()
        handler(.resynced(open.info))
      }
      flushKeys()
      switch status {
      case .limitReached, .dropped: continue
      case .drained:
        if !events.isDisjoint(with: .closed) {
          remove(fd: fd, error: .gone(open.device.path))
        }
        return
      case .gone(let error):
        remove(fd: fd, error: error)
        return
      }
    }
  }

  /// Decodes ``rawBuffer`` as read from `fd`, through its translator if it has one.
  private func decode(fd: Int32, id: KeyMenuCore.DeviceID, synthetic: Bool) {
    guard translators[fd] != nil else {
      return decoder.decode(rawBuffer, from: id, synthetic: synthetic, into: &keyBuffer)
    }
    translatedBuffer.removeAll(keepingCapacity: true)
    translators[fd]?.translate(rawBuffer, at: .now, into: &translatedBuffer)
    decoder.decode(translatedBuffer, from: id, synthetic: synthetic, into: &keyBuffer)
  }

  /// Whether a key is still down on the device after a resync: on the
  /// device itself, or held by its translator.
  private func stillHeld(fd: Int32, _ device: EvdevDevice) -> (KeyCode) -> Bool {
    guard let translator = translators[fd] else { return device.isKeyDown }
    return { translator.isHeld($0) || device.isKeyDown($0) }
  }

  /// The translator a device's events go through, if any: its remote's
  /// scancode table, or the gamepad table for a gamepad.
  private func translator(for open: OpenDevice, fd: Int32) -> (any KeyTranslator)? {
    if let table = remoteScancodes(open.info) {
      scancodeTables[fd] = table
      return ScancodeTranslator(table)
    }
    scancodeTables[fd] = nil
    guard open.info.classification.isGamepad else { return nil }
    var ranges: [UInt16: GamepadTranslator.AxisRange] = [:]
    for axis in [GamepadTranslator.stickX, GamepadTranslator.stickY] {
      ranges[axis] = open.device.axisRange(axis)
    }
    return GamepadTranslator(mapping: gamepadMapping, stickRanges: ranges)
  }

  /// Uses `mapping` for gamepads: open ones get new translators at once,
  /// and the keys their old ones held are released.
  func setGamepadMapping(_ mapping: GamepadMapping) {
    guard mapping != gamepadMapping else { return }
    gamepadMapping = mapping
    refreshTranslators { $0.info.classification.isGamepad && scancodeTables[$1] == nil }
  }

  /// Gives remotes their scancode tables (nil: none): open devices whose
  /// table changed get new translators at once, and the keys their old
  /// ones held are released.
  func setRemoteScancodes(_ tables: @escaping (DeviceInfo) -> RemoteScancodes?) {
    remoteScancodes = tables
    refreshTranslators { open, fd in tables(open.info) != scancodeTables[fd] }
  }

  private func refreshTranslators(where changed: (OpenDevice, Int32) -> Bool) {
    for (fd, open) in devices where changed(open, fd) {
      let hadOne = translators[fd] != nil
      translators[fd] = translator(for: open, fd: fd)
      if hadOne {
        decoder.reconcile(open.info.id, stillHeld: open.device.isKeyDown, at: .now, into: &keyBuffer)
      }
    }
    flushKeys()
  }

  /// Sends what the translators have due (repeats of held keys, releases
  /// of a remote's keys); how long until the next (`nil`: nothing held).
  /// Runs every round.
  func sendDueTranslations() -> Duration? {
    if translators.isEmpty { return nil }
    let now = ContinuousClock.now
    var next: ContinuousClock.Instant?
    for fd in translators.keys {
      guard let open = devices[fd], let due = translators[fd]?.nextDeadline else { continue }
      if due <= now {
        rawBuffer.removeAll(keepingCapacity: true)
        translators[fd]?.due(at: now, into: &rawBuffer)
        decoder.decode(rawBuffer, from: open.info.id, into: &keyBuffer)
        flushKeys()
      }
      if let due = translators[fd]?.nextDeadline { next = min(next ?? due, due) }
    }
    return next.map { max(.zero, $0 - now) }
  }

  private func remove(fd: Int32, error: EvdevError?) {
    translators[fd] = nil
    scancodeTables[fd] = nil
    guard let open = devices.removeValue(forKey: fd) else { return }
    reactor.unwatch(FileDescriptor(rawValue: fd))
    grabbed.remove(open.info.id)
    decoder.removeDevice(open.info.id, at: .now, into: &keyBuffer)
    flushKeys()
    handler(.removed(open.info, error))
  }

  func setFilter(_ accepts: @escaping (DeviceInfo) -> Bool) {
    self.accepts = accepts
    filterChanged = true
    filterFromDriver = true
  }

  /// Closes open devices the filter no longer accepts and looks again at
  /// every node it passed over.
  func applyFilterChange() {
    guard filterChanged else { return }
    filterChanged = false
    for (fd, open) in devices where !accepts(open.info) {
      if grabbed.contains(open.info.id) { try? open.device.setGrabbed(false) }
      remove(fd: fd, error: nil)
    }
    passedOver = passedOver.filter { $0.value != nil }
    if watcher != nil { scan() }
  }

  func setGrabWanted(_ wanted: Bool) {
    grabWanted = wanted
    if !wanted { grabRefused.removeAll() }
  }

  /// Grabs each device that holds no key while a grab is wanted; releases
  /// every grab at once when it is not.
  func updateGrabs() {
    for open in devices.values {
      let id = open.info.id
      let isGrabbed = grabbed.contains(id)
      let shouldGrab =
        grabWanted && (isGrabbed || (decoder.heldKeys(of: id).isEmpty && !grabRefused.contains(id)))
      guard shouldGrab != isGrabbed else { continue }
      do {
        try open.device.setGrabbed(shouldGrab)
        if shouldGrab { grabbed.insert(id) } else { grabbed.remove(id) }
        handler(.grab(open.info, grabbed: shouldGrab, error: nil))
      } catch {
        if shouldGrab { grabRefused.insert(id) } else { grabbed.remove(id) }
        handler(.grab(open.info, grabbed: false, error: error))
      }
    }
  }

  /// Watches a descriptor that is not a device (``InputLoopControl/watch(_:interest:onReady:)``).
  func watch(_ descriptor: Int32, interest: ReadyEvents, onReady: @escaping (ReadyEvents) -> Void) {
    reactor.watch(FileDescriptor(rawValue: descriptor), interest: interest, onReady: onReady)
  }

  /// Stops watching a descriptor ``watch(_:interest:onReady:)`` watched.
  func unwatch(_ descriptor: Int32) { reactor.unwatch(FileDescriptor(rawValue: descriptor)) }

  /// Releases every grab and stops watching (the loop is ending); events
  /// after this go nowhere.
  func close() {
    setGrabWanted(false)
    updateGrabs()
    for fd in devices.keys { reactor.unwatch(FileDescriptor(rawValue: fd)) }
    if let watcher { reactor.unwatch(FileDescriptor(rawValue: watcher.fileDescriptor)) }
    handler = { _ in }
  }

  private func flushKeys() {
    guard !keyBuffer.isEmpty else { return }
    handler(.keys(keyBuffer))
    keyBuffer.removeAll(keepingCapacity: true)
  }
}

extension KernelTime {
  /// The current wall-clock time, the clock the kernel stamps input events with.
  public static var now: KernelTime {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return KernelTime(seconds: Int64(spec.tv_sec), microseconds: Int32(spec.tv_nsec / 1000))
  }
}
