extension ConfigDecoder {
  /// `[cec]`: `device` (`"auto"`, the default, or a path such as
  /// `"/dev/cec0"`), `osd_name` (1 to 14 printable ASCII characters),
  /// `device_type` (`"playback"`, `"recording"` or `"tuner"`) and `wake_tv`.
  mutating func cec(_ node: ConfigNode) -> CECSettings? {
    guard var table = TableReader(node, name: "[cec]", key: "cec", &diagnostics) else { return nil }
    var settings = CECSettings()
    if let device = table.string("device", &diagnostics), device != "auto" {
      if device.hasPrefix("/dev/cec"), device.dropFirst(8).allSatisfy(\.isNumber), device.count > 8 {
        settings.device = device
      } else {
        diagnostics.error(
          "device must be \"auto\" or a CEC adapter such as \"/dev/cec0\", not '\(device)'",
          at: table.valueLocation("device"))
      }
    }
    if let name = table.string("osd_name", &diagnostics) {
      if (1...14).contains(name.utf8.count),
        name.unicodeScalars.allSatisfy({ (0x20...0x7e).contains($0.value) })
      {
        settings.osdName = name
      } else {
        diagnostics.error(
          "osd_name must be 1 to 14 printable ASCII characters (what the TV shows), not '\(name)'",
          at: table.valueLocation("osd_name"))
      }
    }
    if let type = table.string("device_type", &diagnostics) {
      if let known = CECSettings.DeviceType(rawValue: type) {
        settings.deviceType = known
      } else {
        let names = CECSettings.DeviceType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        diagnostics.error(
          "device_type must be one of \(names), not '\(type)'", at: table.valueLocation("device_type"))
      }
    }
    if let wake = table.bool("wake_tv", &diagnostics) { settings.wakeTV = wake }
    table.reportUnknownKeys(&diagnostics)
    return settings
  }
}
