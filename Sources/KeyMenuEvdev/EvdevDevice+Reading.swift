import CLibevdev
import Glibc
public import KeyMenuCore
import KeyMenuRuntime
import SystemPackage

extension EvdevDevice {
  /// How a read ended.
  public enum ReadStatus: Sendable, Equatable {
    /// Everything available was read (`-EAGAIN`).
    case drained
    /// The limit was reached; more may be waiting.
    case limitReached
    /// The kernel dropped events (`SYN_DROPPED`, appended to the output):
    /// call ``readResync(into:)`` next.
    case dropped
    /// The device is gone or failed; its stream is over.
    case gone(EvdevError)
  }

  /// Waits until the device has events or `bound` has passed (`poll`);
  /// false when the wait failed (other than by a signal).
  public func waitForEvents(within bound: Duration) -> Bool {
    var ready = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(min(max(0, bound / .milliseconds(1)), 600_000).rounded(.up))
    return poll(&ready, 1, milliseconds) >= 0 || errno == EINTR
  }

  /// Appends up to `limit` events, draining `libevdev_next_event` until `-EAGAIN`.
  ///
  /// The fd is non-blocking, yet the flags include `LIBEVDEV_READ_FLAG_BLOCKING`:
  /// in libevdev 1.13 that flag only means "refill the queue from the fd when
  /// it is empty". Without it libevdev makes one `read()` per event (measured:
  /// 4x slower). The loop drains to `-EAGAIN` on every readiness, so the
  /// kernel buffer is emptied just as promptly.
  public func read(into events: inout [RawEvent], limit: Int) -> ReadStatus {
    let flags = UInt32(keymenu_read_flag_normal()) | UInt32(keymenu_read_flag_blocking())
    return drain(flags: flags, limit: limit, syncStatusEndsRead: true, into: &events)
  }

  /// After `SYN_DROPPED`: appends the events libevdev makes to bring its view
  /// of the device up to date (`LIBEVDEV_READ_FLAG_SYNC` until `-EAGAIN`).
  public func readResync(into events: inout [RawEvent]) -> ReadStatus {
    drain(flags: UInt32(keymenu_read_flag_sync()), limit: .max, syncStatusEndsRead: false, into: &events)
  }

  /// Calls `libevdev_next_event` until `-EAGAIN`, an error or `limit` events.
  /// In normal mode a SYNC status is the `SYN_DROPPED` itself and ends the
  /// read; in sync mode every resync event comes with that status.
  private func drain(
    flags: UInt32, limit: Int, syncStatusEndsRead: Bool, into events: inout [RawEvent]
  ) -> ReadStatus {
    var event = input_event()
    var count = 0
    while count < limit {
      let status = libevdev_next_event(handle, flags, &event)
      switch status {
      case Int32(keymenu_read_status_success()), Int32(keymenu_read_status_sync()):
        events.append(RawEvent(event))
        count += 1
        if syncStatusEndsRead, status == Int32(keymenu_read_status_sync()) { return .dropped }
      case -EAGAIN:
        return .drained
      case -EINTR:
        continue
      default:
        return .gone(.gone(path, errno: Errno(rawValue: -status)))
      }
    }
    return .limitReached
  }
}

extension RawEvent {
  init(_ event: input_event) {
    self.init(
      time: KernelTime(
        seconds: Int64(event.time.tv_sec), microseconds: Int32(truncatingIfNeeded: event.time.tv_usec)),
      type: event.type, code: event.code, value: event.value)
  }
}
