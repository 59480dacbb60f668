import ArgumentParser
import Glibc
import KeyMenuEvdev
import SystemPackage

/// `keymenu-uinput grab PATH`: tries `EVIOCGRAB` as another program would.
struct GrabCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "grab",
    abstract: "Try to grab a device (EVIOCGRAB); print 'grab ok' or 'grab busy'.",
    discussion:
      "Exit 0 when the grab was had (it is released on exit), 1 when another reader holds one (EBUSY)."
  )

  @Argument(help: "The device, such as /dev/input/event4.")
  var path: String

  @Option(help: "Hold the grab this many milliseconds before releasing it.")
  var holdMs = 0

  func run() throws {
    let device: EvdevDevice
    do { device = try EvdevDevice(path: path) } catch { throw Output.failure(error.message) }
    do {
      try device.setGrabbed(true)
    } catch {
      guard error.errno?.rawValue == EBUSY else { throw Output.failure(error.message) }
      Output.line("grab busy \(path)")
      throw ExitStatus.busy
    }
    Output.line("grab ok \(path)")
    if holdMs > 0 { usleep(useconds_t(holdMs) * 1000) }
  }
}
