import ArgumentParser
import Glibc
import KeyMenuCore
import KeyMenuEvdev
import KeyMenuRuntime

/// `keymenuctl monitor`: print decoded key events as they arrive.
struct Monitor: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "monitor",
    abstract: "Print decoded key events as they arrive, like evtest or keyd monitor.",
    discussion: """
      Without --device, every keyboard-like device in /dev/input is read, including \
      ones plugged in later; with --device, only the named devices, and monitor ends \
      when all of them are gone. Ctrl-C or SIGTERM stops it with exit status 0.

      Text output: TIME  DEVICE  KEY  ACTION  +MODIFIERS. With --json, one object per \
      line: {"type":"key","time":...,"device":N,"path":...,"code":N,"key":"KEY_A",\
      "action":"down|up|repeat","modifiers":[...],"synthetic":false}, and \
      {"type":"device.added"|"device.removed",...} when devices come and go.
      """
  )

  @Option(
    name: .customLong("device"), help: ArgumentHelp("Read this device (repeatable).", valueName: "path"))
  var devices: [String] = []

  @Flag(help: "Print one JSON object per line.")
  var json = false

  @Flag(name: .customLong("all-devices"), help: "Also read devices that are not keyboard-like.")
  var allDevices = false

  func run() throws {
    let source: InputLoop.Source =
      devices.isEmpty ? .directory(.standard, keyboardsOnly: !allDevices) : .paths(devices)
    // A closed stdout must end the command cleanly (EPIPE), not kill it.
    signal(SIGPIPE, SIG_IGN)
    let loop = try InputLoop(source: source, stopSignals: try StopSignals([SIGINT, SIGTERM]))
    var writer = EventWriter(output: OutputBuffer(fileDescriptor: 1), json: json)
    try loop.run { event in
      switch event {
      case .keys(let keys): writer.keys(keys)
      case .added(let info): writer.deviceAdded(info)
      case .removed(let info, let error): writer.deviceRemoved(info, reason: error?.message ?? "removed")
      case .resynced(let info): writer.deviceResynced(info)
      case .skipped, .grab: break
      case .openFailed(let error): KeyMenuCtl.printError(error.message)
      }
      // Flush once per batch: live for a script reading lines, cheap under load.
      writer.output.flush()
      if writer.output.isBroken { loop.stop() }
    }
  }
}
