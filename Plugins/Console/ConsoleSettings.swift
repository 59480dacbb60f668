import KeyMenuPluginAPI

/// The `[plugins.console]` options, read from the section the daemon
/// validated and filled with defaults.
struct ConsoleSettings: Hashable, Sendable {
  /// The terminal to draw on.
  var device = "/dev/tty1"
  /// The screen size assumed when the device reports none (a serial line).
  var columns = 80
  var rows = 24
  /// Whether styles become SGR attributes (option `color`).
  var styled = true

  /// The options the section takes besides `enabled`.
  static let options: [PluginOption] = [
    PluginOption(
      "device", .string, default: .string("/dev/tty1"),
      help: "The terminal to draw on: a virtual console (/dev/tty1), a serial line or a pty."),
    PluginOption(
      "columns", .integer(20...1000), default: .integer(80),
      help: "Screen width to assume when the device reports none (a serial line)."),
    PluginOption(
      "rows", .integer(5...500), default: .integer(24),
      help: "Screen height to assume when the device reports none (a serial line)."),
    PluginOption(
      "color", .bool, default: .bool(true),
      help: "Reverse video for the highlight, dim hints, bold titles; false draws characters only."),
  ]

  /// Defaults: `/dev/tty1`, 80 × 24, styled.
  init() {}

  /// The settings a section holds; keys left out keep their defaults.
  init(_ configuration: PluginConfiguration) {
    if let device = configuration.string("device") { self.device = device }
    if let columns = configuration.integer("columns") { self.columns = columns }
    if let rows = configuration.integer("rows") { self.rows = rows }
    if let color = configuration.bool("color") { self.styled = color }
  }
}
