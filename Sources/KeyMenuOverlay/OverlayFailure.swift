/// Why keymenu-overlay cannot go on: a code (its exit status) and a message
/// a person can act on.
public struct OverlayFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, with the exit status `keymenu-overlay` ends with.
  public struct Code: Hashable, Sendable {
    /// The exit status.
    public var status: Int32
    /// No display to draw on (no `DISPLAY`/`WAYLAND_DISPLAY`, or it cannot be opened).
    public static let noDisplay = Code(status: 2)
    /// `--backend wayland` on a compositor without the layer shell.
    public static let noLayerShell = Code(status: 3)
    /// A bad command line or theme file.
    public static let usage = Code(status: 64)
    /// A file could not be read or written.
    public static let io = Code(status: 4)
  }

  public var code: Code
  public var message: String

  /// Creates a failure.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }
}
