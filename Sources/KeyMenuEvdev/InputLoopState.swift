import Glibc
import KeyMenuCore

/// The mutable side of one ``InputLoop/run(names:handler:)``: open devices,
/// the decoder and the directory watch. Lives on the loop's thread only.
final class InputLoopState {
  struct OpenDevice {
    let device: EvdevDevice
    let info: DeviceInfo
  }

  private(set) var devices: [Int32: OpenDevice] = [:]
  private(set) var watcher: InputDirectoryWatcher?
  private var directory = DeviceDirectory.standard
  private var accepts: (DeviceInfo) -> Bool = { $0.classification.isKeyboardLike }
  private var filterChanged = false
  /// Whether a driver chose the filter (then the source's default must not replace it).
  private var filterFromDriver = false
  private(set) var grabWanted = false
  private(set) var grabbed: Set<DeviceID> = []
  /// Devices whose grab failed (another reader holds one); not retried
  /// until the grab is released and wanted again.
  private var grabRefused: Set<DeviceID> = []
  private var decoder: KeyDecoder
  private var nextID: UInt32 = 1
  /// Paths looked at and left alone, or that failed, with the failure.
  private var passedOver: [String: EvdevError?] = [:]
  private var rawBuffer: [RawEvent] = []
  private var keyBuffer: [KeyEvent] = []

  /// Batches per readiness before other devices get a turn.
  private static let batchLimit = 512
  private static let batchesPerWake = 8

  init(names: KeyNameTable) {
    decoder = KeyDecoder(names: names)
    rawBuffer.reserveCapacity(Self.batchLimit + 1)
    keyBuffer.reserveCapacity(Self.batchLimit)
  }

  func openAll(_ paths: [String], handler: (InputLoop.Event) -> Void) throws(EvdevError) {
    var opened: [EvdevDevice] = []
    for path in paths { opened.append(try EvdevDevice(path: path)) }
    for device in opened { add(device, handler: handler) }
  }

  func openProbing(_ path: String, readingFrom readPath: String, handler: (InputLoop.Event) -> Void)
    throws(EvdevError)
  {
    let device = try EvdevDevice(path: path)
    try device.replaceFileDescriptor(opening: readPath)
    add(device, handler: handler)
  }

  func watch(_ directory: DeviceDirectory, keyboardsOnly: Bool) throws(EvdevError) {
    self.directory = directory
    if !keyboardsOnly, !filterFromDriver { accepts = { _ in true } }
    watcher = try InputDirectoryWatcher(directory: directory.path)
  }

  func scan(handler: (InputLoop.Event) -> Void) {
    for path in directory.eventNodes() { consider(path, handler: handler) }
  }

  func handleDirectoryChanges(handler: (InputLoop.Event) -> Void) {
    guard let watcher else { return }
    for change in watcher.readChanges() {
      switch change {
      case .appeared(let path): consider(path, handler: handler)
      case .disappeared(let path):
        passedOver[path] = nil
        if let fd = devices.first(where: { $0.value.device.path == path })?.key {
          // Read what the device sent before it went, then drop it as hung up.
          service(fd: fd, revents: Int16(POLLHUP), handler: handler)
        }
      case .directoryAppeared: scan(handler: handler)
      }
    }
  }

  /// Opens a path found in the directory unless it is open or was passed over
  /// for a reason that a permission change cannot fix.
  private func consider(_ path: String, handler: (InputLoop.Event) -> Void) {
    if devices.values.contains(where: { $0.device.path == path }) { return }
    if let previous = passedOver[path], previous?.code != .permissionDenied { return }
    guard DeviceDirectory.isCharacterDevice(path) else { return }
    do {
      let device = try EvdevDevice(path: path)
      let info = device.info(id: DeviceID(0))
      if !accepts(info) {
        passedOver[path] = .some(nil)
        handler(.skipped(info))
        return
      }
      passedOver[path] = nil
      add(device, handler: handler)
    } catch {
      let isRepeat = passedOver[path] != nil
      passedOver[path] = error
      if !isRepeat { handler(.openFailed(error)) }
    }
  }

  private func add(_ device: EvdevDevice, handler: (InputLoop.Event) -> Void) {
    let info = device.info(id: DeviceID(nextID))
    nextID += 1
    devices[device.fileDescriptor] = OpenDevice(device: device, info: info)
    handler(.added(info))
  }

  /// Reads a ready device; a hang-up after the data is drained removes it.
  func service(fd: Int32, revents: Int16, handler: (InputLoop.Event) -> Void) {
    guard let open = devices[fd] else { return }
    let id = open.info.id
    for _ in 0..<Self.batchesPerWake {
      rawBuffer.removeAll(keepingCapacity: true)
      var status = open.device.read(into: &rawBuffer, limit: Self.batchLimit)
      decoder.decode(rawBuffer, from: id, into: &keyBuffer)
      if status == .dropped {
        rawBuffer.removeAll(keepingCapacity: true)
        status = open.device.readResync(into: &rawBuffer)
        decoder.decode(rawBuffer, from: id, synthetic: true, into: &keyBuffer)
        decoder.reconcile(id, stillHeld: open.device.isKeyDown, at: .now, into: &keyBuffer)
        if status == .drained { status = .limitReached }
        flushKeys(handler: handler)
        handler(.resynced(open.info))
      }
      flushKeys(handler: handler)
      switch status {
      case .limitReached, .dropped: continue
      case .drained:
        if revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
          remove(fd: fd, error: .gone(open.device.path), handler: handler)
        }
        return
      case .gone(let error):
        remove(fd: fd, error: error, handler: handler)
        return
      }
    }
  }

  private func remove(fd: Int32, error: EvdevError?, handler: (InputLoop.Event) -> Void) {
    guard let open = devices.removeValue(forKey: fd) else { return }
    grabbed.remove(open.info.id)
    decoder.removeDevice(open.info.id, at: .now, into: &keyBuffer)
    flushKeys(handler: handler)
    handler(.removed(open.info, error))
  }

  func setFilter(_ accepts: @escaping (DeviceInfo) -> Bool) {
    self.accepts = accepts
    filterChanged = true
    filterFromDriver = true
  }

  /// Closes open devices the filter no longer accepts and looks again at
  /// every node it passed over.
  func applyFilterChange(handler: (InputLoop.Event) -> Void) {
    guard filterChanged else { return }
    filterChanged = false
    for (fd, open) in devices where !accepts(open.info) {
      if grabbed.contains(open.info.id) { try? open.device.setGrabbed(false) }
      remove(fd: fd, error: nil, handler: handler)
    }
    passedOver = passedOver.filter { $0.value != nil }
    if watcher != nil { scan(handler: handler) }
  }

  func setGrabWanted(_ wanted: Bool) {
    grabWanted = wanted
    if !wanted { grabRefused.removeAll() }
  }

  /// Grabs each device that holds no key while a grab is wanted; releases
  /// every grab at once when it is not.
  func updateGrabs(handler: (InputLoop.Event) -> Void) {
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

  /// Releases every grab (the loop is ending).
  func releaseGrabs(handler: (InputLoop.Event) -> Void) {
    setGrabWanted(false)
    updateGrabs(handler: handler)
  }

  private func flushKeys(handler: (InputLoop.Event) -> Void) {
    guard !keyBuffer.isEmpty else { return }
    handler(.keys(keyBuffer))
    keyBuffer.removeAll(keepingCapacity: true)
  }
}

extension KernelTime {
  /// The current wall-clock time, the clock the kernel stamps input events with.
  static var now: KernelTime {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return KernelTime(seconds: Int64(spec.tv_sec), microseconds: Int32(spec.tv_nsec / 1000))
  }
}
