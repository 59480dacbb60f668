import ArgumentParser
import KeyMenuCore
import KeyMenuEvdev

/// `keymenuctl devices`: list input devices and whether keymenu uses them.
struct Devices: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "devices",
    abstract: "List input devices, their identity, and whether they count as keyboards.",
    discussion: """
      A device counts as keyboard-like when it can send an answer key: Enter, Esc, \
      keypad Enter, OK, Select, Back, Exit, an arrow or a digit. Devices that cannot \
      be opened are listed with the reason. With --json, one object per line.
      """
  )

  @Flag(help: "Print one JSON object per line.")
  var json = false

  func run() throws {
    let nodes = DeviceDirectory.standard.eventNodes()
    var output = OutputBuffer(fileDescriptor: 1)
    if nodes.isEmpty, !json {
      output.append("no input devices in \(DeviceDirectory.standard.path)\n")
    }
    let names = KeyNameTable.libevdev
    for (index, path) in nodes.enumerated() {
      do {
        let device = try EvdevDevice(path: path)
        let info = device.info(id: DeviceID(UInt32(index + 1)))
        let why = info.classification.explanation(capabilities: info.capabilities, names: names)
        if json {
          appendJSON(info, why: why, names: names, to: &output)
        } else {
          appendText(info, why: why, to: &output)
        }
      } catch {
        if json {
          output.append("{\"path\":")
          output.append(jsonString: path)
          output.append(",\"error\":")
          output.append(jsonString: error.code.rawValue)
          output.append(",\"message\":")
          output.append(jsonString: error.message)
          output.append("}\n")
        } else {
          output.append(printable: path)
          output.append("\n    error: ")
          output.append(printable: error.message)
          output.append("\n")
        }
      }
    }
    output.flush()
  }

  private func appendText(_ info: DeviceInfo, why: String, to output: inout OutputBuffer) {
    let id = info.identity
    output.append(printable: "\(id.path)  ")
    output.append(printable: id.name)
    output.append("\n    bus 0x\(String(id.bus, radix: 16))  id \(id.vendorProduct)")
    output.append("  version 0x\(String(id.version, radix: 16))  phys ")
    output.append(printable: id.phys.isEmpty ? "-" : id.phys)
    output.append("  uniq ")
    output.append(printable: id.uniq.isEmpty ? "-" : id.uniq)
    output.append("\n    keyboard: \(info.classification.isKeyboardLike ? "yes" : "no"), \(why)\n")
  }

  private func appendJSON(
    _ info: DeviceInfo, why: String, names: KeyNameTable, to output: inout OutputBuffer
  ) {
    let id = info.identity
    output.append("{\"path\":")
    output.append(jsonString: id.path)
    output.append(",\"name\":")
    output.append(jsonString: id.name)
    output.append(",\"phys\":")
    output.append(jsonString: id.phys)
    output.append(",\"uniq\":")
    output.append(jsonString: id.uniq)
    output.append(",\"bus\":\(id.bus),\"vendor\":\(id.vendor),\"product\":\(id.product)")
    output.append(",\"version\":\(id.version),\"kind\":")
    output.append(jsonString: info.classification.kind.rawValue)
    output.append(",\"keyboard\":\(info.classification.isKeyboardLike)")
    output.append(",\"gamepad\":\(info.classification.isGamepad),\"reason\":")
    output.append(jsonString: why)
    output.append(",\"answer_keys\":[")
    for (index, key) in info.classification.answerKeys.enumerated() {
      if index > 0 { output.append(",") }
      output.append(jsonString: names.name(of: key))
    }
    let caps = info.capabilities
    output.append("],\"keys\":\(caps.keys.count),\"relative_axes\":\(caps.hasRelativeAxes)")
    output.append(",\"absolute_axes\":\(caps.hasAbsoluteAxes),\"autorepeat\":\(caps.hasAutorepeat)}\n")
  }
}
