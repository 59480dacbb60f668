import ArgumentParser
import Glibc
import KeyMenuCore
import KeyMenuEvdev

/// `keymenu-uinput watch PATH`: reads a device without grabbing it, as the
/// focused application does, and prints each key event it gets.
struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Read a device without grabbing it and print each key event as 'key NAME VALUE'.",
    discussion: """
      Prints 'watching PATH' once open, 'key KEY_A 1' per key event (0 up, 1 down, 2 repeat),
      'dropped' for SYN_DROPPED, and 'gone' when the device is destroyed (then exits 0).
      """
  )

  @Argument(help: "The device, such as /dev/input/event4.")
  var path: String

  func run() throws {
    let device: EvdevDevice
    do { device = try EvdevDevice(path: path) } catch { throw Output.failure(error.message) }
    Output.line("watching \(path)")
    var events: [RawEvent] = []
    while true {
      var ready = pollfd(fd: device.fileDescriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, -1) >= 0 || errno == EINTR else { throw Output.failure("poll failed") }
      events.removeAll(keepingCapacity: true)
      let status = device.read(into: &events, limit: 4096)
      for event in events where event.type == RawEvent.keyType {
        let name = EventCodeNames.codeName(type: event.type, code: event.code) ?? "\(event.code)"
        Output.line("key \(name) \(event.value)")
      }
      switch status {
      case .dropped:
        Output.line("dropped")
        events.removeAll(keepingCapacity: true)
        _ = device.readResync(into: &events)
      case .gone:
        Output.line("gone")
        return
      case .drained where ready.revents & Int16(POLLHUP | POLLERR) != 0:
        Output.line("gone")
        return
      case .drained, .limitReached: continue
      }
    }
  }
}
