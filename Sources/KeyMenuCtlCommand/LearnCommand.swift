import ArgumentParser
import KeyMenuClient
import KeyMenuCore
import KeyMenuEvdev
import KeyMenuProtocol
import KeyMenuRuntime

/// `keymenuctl learn`: asks for a remote's buttons one by one, records the
/// scancode each sends, and prints the `[[remotes]]` table to paste.
struct LearnCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "learn",
    abstract: "Learn an IR remote's buttons and print the [[remotes]] table for keymenu.toml.",
    discussion: """
      For a remote the kernel has no keymap for (evtest shows MSC_SCAN lines and no \
      keys). Reads DEVICE (the IR receiver's event node, as keymenuctl devices \
      --all-devices or evtest lists it; needs read access to it, the input group), \
      asks for each key in turn (on standard error, and on every presenter of a \
      running keymenud as an info box, unless --quiet or keymenud reads the device \
      itself), and records the first scancode that comes; a button held repeats its \
      scancode and counts once. A key with no press in --timeout seconds is left out. \
      Prints the table, with the IR protocol the receiver decodes, on standard output. \
      A receiver that decodes nothing needs a protocol first: ir-keytable -p nec (or \
      rc-5, rc-6, sony, ...; ir-keytable -t shows what arrives).

      EXIT STATUS
        0  at least one key learned: the table is printed
        1  no key learned
        3  the device cannot be opened or read

      EXAMPLE
        keymenuctl learn --device /dev/input/event5 > /etc/keymenu/conf.d/remote.toml
        keymenuctl reload
      """)

  @Option(name: .long, help: ArgumentHelp("The IR receiver's event node.", valueName: "path"))
  var device: String

  @Option(
    name: .customLong("key"),
    help: ArgumentHelp(
      "A key to learn, in order (repeatable; default OK, BACK, UP, DOWN, LEFT, RIGHT, MENU).",
      valueName: "name"))
  var keyNames: [String] = []

  @Option(name: .long, help: "Seconds to wait for each key (1 to 600).")
  var timeout: Double = 15

  @Flag(name: .long, help: "Ask on standard error only, not through keymenud's presenters.")
  var quiet = false

  @OptionGroup var target: SocketOption

  static let standardKeys = ["KEY_OK", "KEY_BACK", "KEY_UP", "KEY_DOWN", "KEY_LEFT", "KEY_RIGHT", "KEY_MENU"]

  func validate() throws {
    guard (1...600).contains(timeout) else {
      throw ValidationError("--timeout must be from 1 to 600 seconds")
    }
    for name in keyNames where KeyNameTable.libevdev.code(named: name) == nil {
      throw ValidationError("unknown key '\(name)'; use evdev key names such as KEY_OK or back")
    }
  }

  func run() throws {
    let names = KeyNameTable.libevdev
    let keys = (keyNames.isEmpty ? Self.standardKeys : keyNames).compactMap { names.code(named: $0) }
    let receiver: EvdevDevice
    do { receiver = try EvdevDevice(path: device) } catch {
      KeyMenuCtl.printError(error.message)
      throw ExitCode(3)
    }
    let identity = receiver.identity
    let presenter = quiet ? nil : LearnPresenter(device: device, target: target)
    var learner = ScancodeLearner(keys: keys, timeout: .milliseconds(Int(timeout * 1000)), at: .now)
    var steps = [learner.first]
    var events: [RawEvent] = []
    var frameScan: UInt32?
    while true {
      for step in steps { say(step, names: names, presenter: presenter) }
      steps = []
      if learner.isDone { break }
      let now = ContinuousClock.now
      guard receiver.waitForEvents(within: (learner.deadline ?? now) - now) else {
        KeyMenuCtl.printError("\(device): cannot wait for its events")
        throw ExitCode(3)
      }
      events.removeAll(keepingCapacity: true)
      if case .gone(let error) = receiver.read(into: &events, limit: 256) {
        KeyMenuCtl.printError(error.message)
        throw ExitCode(3)
      }
      for event in events {
        switch (event.type, event.code) {
        case (RawEvent.miscType, RawEvent.mscScan):
          frameScan = event.scancode
        case (RawEvent.synType, RawEvent.synReport):
          // A scancode the kernel maps to a key is learned too: the table then
          // names it for keymenu alone.
          if let scan = frameScan { steps += learner.scanned(scan, at: .now) }
          frameScan = nil
        default: break
        }
      }
      steps += learner.tick(at: .now)
    }
    presenter?.finish()
    guard !learner.table.isEmpty else {
      KeyMenuCtl.printError("no key learned; is a protocol enabled (ir-keytable -p nec)?")
      throw ExitCode(1)
    }
    print(
      RemoteTableText.render(
        learned: learner.table, asked: keys, identity: identity, protocols: Self.protocols(of: device),
        names: names), terminator: "")
  }

  /// Tells the person what to do next, or what happened.
  private func say(_ step: ScancodeLearner.Step, names: KeyNameTable, presenter: LearnPresenter?) {
    let line: String
    switch step {
    case .ask(let key):
      line = "Press \(Self.spoken(key, names)) on the remote"
      presenter?.show(line)
    case .learned(let key, let code):
      line = "\(Self.spoken(key, names)): scancode 0x\(String(code, radix: 16))"
    case .taken(let code, let key):
      line =
        "scancode 0x\(String(code, radix: 16)) is \(Self.spoken(key, names)) already; press another button"
    case .skipped(let key): line = "\(Self.spoken(key, names)): nothing came; left out"
    case .done: return
    }
    var output = OutputBuffer(fileDescriptor: 2)
    output.append(printable: line)
    output.append("\n")
    output.flush()
  }

  /// `OK`, `Back`: a key's name as a person reads it on a remote.
  static func spoken(_ key: KeyCode, _ names: KeyNameTable) -> String {
    let name = names.name(of: key)
    let bare = name.hasPrefix("KEY_") ? String(name.dropFirst(4)) : name
    return bare == "OK" ? bare : bare.prefix(1) + bare.dropFirst().lowercased()
  }

  /// The IR protocols the receiver decodes, from its rc device in sysfs
  /// (`[nec] rc-5 ...`: the bracketed ones), if it is one.
  static func protocols(of device: String) -> [String] {
    let node = device.split(separator: "/").last.map(String.init) ?? device
    let path = "/sys/class/input/\(node)/device/device/protocols"
    guard case .success(let bytes) = SmallFile.read(path, limit: 4096) else { return [] }
    let text = String(decoding: bytes, as: UTF8.self)
    return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { word in
      word.hasPrefix("[") && word.hasSuffix("]") ? String(word.dropFirst().dropLast()) : nil
    }.filter { $0 != "lirc" }
  }
}

/// The prompts on keymenud's presenters: an info box per key (each new one
/// ends the one before), and the last one dismissed when learning ends.
final class LearnPresenter {
  private let connection: DaemonConnection
  /// The info box in front now.
  private var shown: JSONValue?

  /// A presenter through keymenud, if it is running and does not read the
  /// device itself (its grab would then hide the presses from `learn`).
  init?(device: String, target: SocketOption) {
    guard let connection = try? target.connect(),
      case .success(let devices) = try? connection.call("devices.list"),
      !(devices.arrayValue ?? []).contains(where: { $0["path"]?.stringValue == device })
    else { return nil }
    self.connection = connection
  }

  /// Puts `text` in front, in place of the last prompt.
  func show(_ text: String) {
    let params = InfoBoxShowParams(title: "Learning the remote", message: text, timeout: 600)
    if case .success(let result) = try? connection.call("infobox.show", JSONValue(encoding: params)) {
      shown = result["id"]
    }
  }

  /// Learning ended: the last prompt goes.
  func finish() {
    guard let shown else { return }
    _ = try? connection.call("infobox.dismiss", ["id": shown])
    self.shown = nil
  }

  /// Learning failed on the way: the last prompt goes all the same.
  deinit { finish() }
}
