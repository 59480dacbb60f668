import KeyMenuCore

/// Prints what `keymenuctl monitor` sees: one JSON object per line, or
/// aligned text for a person at a terminal.
struct EventWriter {
  var output: OutputBuffer
  let json: Bool
  private var paths: [DeviceID: String] = [:]

  init(output: OutputBuffer, json: Bool) {
    self.output = output
    self.json = json
  }

  mutating func deviceAdded(_ info: DeviceInfo) {
    paths[info.id] = info.identity.path
    appendDeviceLine(info, type: "added", note: "")
  }

  mutating func deviceRemoved(_ info: DeviceInfo, reason: String) {
    if json {
      output.append("{\"type\":\"device.removed\",")
      appendDeviceFields(info)
      output.append(",\"reason\":")
      output.append(jsonString: reason)
      output.append("}\n")
    } else {
      output.append("device removed: ")
      appendDeviceSummary(info)
      output.append(" (\(reason))\n")
    }
    paths[info.id] = nil
  }

  /// The kernel dropped events of the device (`SYN_DROPPED`) and its key
  /// state was resynced; the keys that changed came just before, synthetic.
  mutating func deviceResynced(_ info: DeviceInfo) {
    appendDeviceLine(info, type: "resynced", note: " (the kernel dropped events: SYN_DROPPED)")
  }

  /// `{"type":"device.TYPE",...}`, or `device TYPE: summary NOTE` as text.
  private mutating func appendDeviceLine(_ info: DeviceInfo, type: String, note: String) {
    if json {
      output.append("{\"type\":\"device.\(type)\",")
      appendDeviceFields(info)
      output.append("}\n")
    } else {
      output.append("device \(type): ")
      appendDeviceSummary(info)
      output.append("\(note)\n")
    }
  }

  mutating func keys(_ events: [KeyEvent]) {
    for event in events {
      if json { appendJSON(event) } else { appendText(event) }
      output.flushIfFull()
    }
  }

  private mutating func appendJSON(_ event: KeyEvent) {
    output.append("{\"type\":\"key\",\"time\":")
    appendTime(event.time)
    output.append(",\"device\":")
    output.append(integer: Int64(event.device.rawValue))
    output.append(",\"path\":")
    output.append(jsonString: paths[event.device] ?? "")
    output.append(",\"code\":")
    output.append(integer: Int64(event.code.rawValue))
    output.append(",\"key\":")
    output.append(jsonString: event.name)
    output.append(",\"action\":\"")
    output.append(event.action.rawValue)
    output.append("\",\"modifiers\":[")
    var first = true
    for (modifier, name) in ModifierSet.named where event.modifiers.contains(modifier) {
      if !first { output.append(byte: UInt8(ascii: ",")) }
      first = false
      output.append(jsonString: name)
    }
    output.append(event.isSynthetic ? "],\"synthetic\":true}\n" : "],\"synthetic\":false}\n")
  }

  private mutating func appendText(_ event: KeyEvent) {
    appendTime(event.time)
    output.append("  ")
    output.append(paths[event.device].map { String($0.split(separator: "/").last ?? "") } ?? "?")
    output.append("  ")
    output.append(event.name)
    output.append("  ")
    output.append(event.action.rawValue)
    for name in event.modifiers.names {
      output.append("  +")
      output.append(name)
    }
    if event.isSynthetic { output.append("  (synthetic)") }
    output.append("\n")
  }

  private mutating func appendTime(_ time: KernelTime) {
    output.append(integer: time.seconds)
    output.append(byte: UInt8(ascii: "."))
    output.append(integer: time.microseconds, width: 6)
  }

  private mutating func appendDeviceFields(_ info: DeviceInfo) {
    output.append("\"device\":")
    output.append(integer: Int64(info.id.rawValue))
    output.append(",\"path\":")
    output.append(jsonString: info.identity.path)
    output.append(",\"name\":")
    output.append(jsonString: info.identity.name)
    output.append(",\"id\":")
    output.append(jsonString: info.identity.vendorProduct)
    output.append(",\"kind\":")
    output.append(jsonString: info.classification.kind.rawValue)
  }

  private mutating func appendDeviceSummary(_ info: DeviceInfo) {
    output.append(info.identity.path)
    output.append("  \(info.identity.vendorProduct)  ")
    output.append(printable: info.identity.name)
    output.append("  (\(info.classification.kind.rawValue))")
  }
}
