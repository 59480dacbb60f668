/// Which outputs (monitors) the panel is drawn on (`--output`).
public enum OverlayOutput: Equatable, Sendable {
  /// The output the person is looking at: on Wayland the one the
  /// compositor puts a layer surface on when none is named (sway: the
  /// focused output); on X11 the monitor of the active window, else the
  /// one with the pointer, else the primary monitor.
  case focused
  /// Every output, each showing the same panel.
  case all
  /// The output with this connector name (`HDMI-A-1`, `DP-2`,
  /// `HEADLESS-1`: the RandR output or the Wayland output name); the
  /// focused one while no output has that name.
  case named(String)

  /// `focused`, `all`, or an output's name; nil for an empty or
  /// unprintable name.
  public init?(argument: String) {
    switch argument {
    case "focused": self = .focused
    case "all": self = .all
    default:
      guard !argument.isEmpty, argument.count <= 64,
        argument.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
      else { return nil }
      self = .named(argument)
    }
  }

  /// An output the display server reports: its connector name (nil when
  /// the server gives none) and its place and size in logical pixels.
  public struct Monitor: Equatable, Sendable {
    public var name: String?
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// Creates a monitor's description.
    public init(name: String?, x: Int, y: Int, width: Int, height: Int) {
      self.name = name
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }
  }

  /// Where the panel goes.
  public enum Placement: Equatable, Sendable {
    /// On these monitors (indices into the list given), one panel each.
    case monitors([Int])
    /// On the one output the compositor chooses (Wayland, focused).
    case compositorChooses
  }

  /// The monitors to draw on among `monitors`, given the index of the
  /// focused one where this process can tell (X11) and whether the
  /// compositor chooses an output for a surface given none (Wayland).
  /// A name no monitor has falls back to the focused output; no monitor
  /// at all leaves the choice to the compositor, or the first one.
  public func placement(among monitors: [Monitor], focused: Int?, compositorChooses: Bool) -> Placement {
    let focusedPlacement: Placement =
      compositorChooses
      ? .compositorChooses : .monitors([focused.flatMap { monitors.indices.contains($0) ? $0 : nil } ?? 0])
    switch self {
    case .focused:
      return focusedPlacement
    case .all:
      return monitors.isEmpty ? focusedPlacement : .monitors(Array(monitors.indices))
    case .named(let name):
      guard let index = monitors.firstIndex(where: { $0.name == name }) else { return focusedPlacement }
      return .monitors([index])
    }
  }

  /// Whether `monitors` has none of the name asked for (a line is logged
  /// then: the panel goes to the focused output).
  public func isMissing(among monitors: [Monitor]) -> Bool {
    guard case .named(let name) = self else { return false }
    return !monitors.contains { $0.name == name }
  }
}
