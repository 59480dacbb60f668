public import KeyMenuCore

public import struct KeyMenuRuntime.ReadyEvents

/// Work that shares an ``InputLoop``'s thread: timers, requests from other
/// threads and the grab policy, run between device reads.
///
/// The loop calls the driver only on its own thread, so a driver can own
/// state that is never touched elsewhere (the daemon's engine lives here).
public protocol InputLoopDriver: AnyObject {
  /// Called once before the first device is opened.
  func loopStarted(_ control: InputLoopControl)
  /// Called after every wake-up (devices read, ``InputLoop/wakeDriver()``,
  /// a timeout); returns how long the loop may sleep before calling again
  /// (`nil`: until something happens).
  func loopWoke(_ control: InputLoopControl) -> Duration?
  /// A stop signal arrived; return `true` to end the loop.
  func signalReceived(_ signal: Int32, _ control: InputLoopControl) -> Bool
}

/// What a driver may change in a running loop; valid on the loop's thread
/// during ``InputLoop/run(names:driver:executor:handler:)`` only.
public final class InputLoopControl {
  let state: InputLoopState
  var stopRequested = false

  init(state: InputLoopState) { self.state = state }

  /// The devices being read now.
  public var devices: [DeviceInfo] { state.devices.values.map(\.info).sorted { $0.id < $1.id } }

  /// Which devices found in the directory are opened; applied to open
  /// devices at once (ones no longer accepted are closed as removed).
  public func setFilter(_ accepts: @escaping (DeviceInfo) -> Bool) { state.setFilter(accepts) }

  /// Whether devices should be grabbed (`EVIOCGRAB`). A device is grabbed
  /// only once it holds no key, so the application that had the keyboard
  /// sees every release; a release of the grab happens at once.
  public func setGrabWanted(_ wanted: Bool) { state.setGrabWanted(wanted) }

  /// How gamepads become remotes (``GamepadMapping/standard`` until set);
  /// open gamepads use the new table at once.
  public func setGamepadMapping(_ mapping: GamepadMapping) { state.setGamepadMapping(mapping) }

  /// Which remotes' scancodes keymenu maps itself (`[[remotes]]`): the
  /// table for a device, or nil; open devices follow at once.
  public func setRemoteScancodes(_ tables: @escaping (DeviceInfo) -> RemoteScancodes?) {
    state.setRemoteScancodes(tables)
  }

  /// Calls `onReady` on the loop's thread whenever `descriptor` is ready
  /// for any of `interest` (a hang-up and an error always), between device
  /// reads, until ``unwatch(_:)``: other sources keymenud reads beside the
  /// devices (a CEC adapter).
  public func watch(_ descriptor: Int32, interest: ReadyEvents, onReady: @escaping (ReadyEvents) -> Void) {
    state.watch(descriptor, interest: interest, onReady: onReady)
  }

  /// Stops watching `descriptor` (before it is closed).
  public func unwatch(_ descriptor: Int32) { state.unwatch(descriptor) }

  /// Which devices are grabbed now.
  public var grabbedDevices: [DeviceID] { state.grabbed.sorted() }

  /// How many devices are grabbed now.
  public var grabbedCount: Int { state.grabbed.count }

  /// Ends the loop after the current wake-up.
  public func stop() { stopRequested = true }
}
