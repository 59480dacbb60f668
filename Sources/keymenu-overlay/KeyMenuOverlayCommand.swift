import ArgumentParser
import Glibc
import KeyMenuOverlay

/// `keymenu-overlay`: the front alert or menu drawn over the screen.
@main
struct KeyMenuOverlayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keymenu-overlay",
    abstract: "Draw keymenud's front alert, menu or dialog over everything on an X11 or Wayland screen.",
    discussion: """
      A presenter: the keys reach keymenud from the keyboards and remotes it \
      reads, and the application on the screen keeps the keyboard focus (the \
      overlay never takes it). Run it in the graphical session as its user; \
      the observe tier is enough to draw. With the drive tier a tap or click \
      on an item or button answers it and the wheel or a swipe scrolls \
      (modal.tap); below drive, or with --no-pointer, clicks pass through \
      the panel to the application under it.

      With nothing in front the window is hidden and nothing wakes the \
      process. When keymenud goes away the overlay hides and connects again \
      (after 0.1 s, doubling up to 5 s). On X11 the box is a popup \
      (override-redirect) window; on Wayland a layer-shell surface on the \
      overlay layer (sway and other wlroots compositors, KDE). GNOME and \
      cage have no layer shell: use --backend x11 under Xwayland there \
      (docs/OVERLAY.md).

      Exit status:
        0   stopped by SIGTERM, SIGINT or SIGHUP
        2   no display: neither WAYLAND_DISPLAY nor DISPLAY (for the chosen
            backend) is set, or it cannot be opened
        3   --backend wayland (or auto) on a compositor without the layer shell
        64  a usage error (an unknown option or value, a bad theme file)
      """)

  @Option(name: .long, help: "The socket (default: KEYMENU_SOCKET, else /run/keymenu/keymenu.sock).")
  var socket: String?

  @Option(name: .long, help: "auto (WAYLAND_DISPLAY, then DISPLAY), x11 or wayland.")
  var backend: String = "auto"

  @Option(
    name: .long,
    help:
      "dark, light, high-contrast, or a theme file's path (colours, font, corners, spacing: docs/OVERLAY.md)."
  )
  var theme: String = "dark"

  @Option(name: .long, help: "Size factor for the text (0.5 to 8; 2 for a TV across the room).")
  var scale: Double = 1

  @Option(name: .long, help: "center, top or bottom.")
  var position: String = "center"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "focused, all, or an output's name such as HDMI-A-1 (xrandr or the compositor's name for it).",
      discussion:
        "focused: on Wayland the output the compositor chooses (sway: the focused one); on X11 the monitor of the active window, else the one with the pointer. all: every output shows the same panel. A name no output has yet: the focused one until it is plugged in. Chosen again for each new alert or menu.",
      valueName: "output"))
  var output: String = "focused"

  @Option(
    name: .long,
    help:
      "The panel's opacity, 0.1 to 1, where a compositor runs (always on Wayland); opaque otherwise (default: the theme's, else 1)."
  )
  var opacity: Double?

  @Flag(
    name: .long,
    help: "Never take clicks or taps, even with the drive tier: they go to what is under the panel."
  )
  var noPointer = false

  @Flag(
    name: .long,
    help:
      "Write 'change N at T ns' to stderr when the Nth change arrives and 'frame N at T ns' after the frame that drew it (T: CLOCK_MONOTONIC)."
  )
  var traceFrames = false

  func validate() throws {
    guard OverlayBackend(rawValue: backend) != nil else {
      throw ValidationError("--backend must be auto, x11 or wayland")
    }
    guard OverlayTheme.named(theme) != nil || Self.isThemeFile(theme) else {
      throw ValidationError(
        "--theme must be one of \(OverlayTheme.all.map(\.name).joined(separator: ", ")) or a theme file's path"
      )
    }
    guard OverlayPosition(rawValue: position) != nil else {
      throw ValidationError("--position must be center, top or bottom")
    }
    guard OverlayOutput(argument: output) != nil else {
      throw ValidationError(
        "--output must be focused, all or an output's name (printable, at most 64 characters)")
    }
    guard scale >= 0.5, scale <= 8 else { throw ValidationError("--scale must be from 0.5 to 8") }
    guard (opacity ?? 1) >= 0.1, (opacity ?? 1) <= 1 else {
      throw ValidationError("--opacity must be from 0.1 to 1")
    }
  }

  func run() throws {
    let chosen: OverlayTheme
    if let named = OverlayTheme.named(theme) {
      chosen = named
    } else {
      do {
        chosen = try OverlayThemeFile.load(theme)
      } catch {
        Self.fail(error.message, status: error.code.status)
      }
    }
    let environment = Self.environment
    guard let resolved = OverlayBackend(rawValue: backend)!.resolve(environment: environment) else {
      Self.fail("no display: set WAYLAND_DISPLAY or DISPLAY (backend \(backend))", status: 2)
    }
    let options = OverlayOptions(
      socketPath: socket ?? environment["KEYMENU_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        ?? "/run/keymenu/keymenu.sock",
      backend: resolved, theme: chosen, scale: scale,
      position: OverlayPosition(rawValue: position)!, opacity: opacity ?? chosen.opacity ?? 1,
      traceFrames: traceFrames,
      pointer: !noPointer, output: OverlayOutput(argument: output)!)
    do {
      let controller = try OverlayController(options: options)
      controller.run()
    } catch {
      Self.fail(error.message, status: error.code.status)
    }
  }

  /// Whether `--theme` names a file rather than a built-in theme.
  static func isThemeFile(_ value: String) -> Bool { value.contains("/") || value.hasSuffix(".toml") }

  private static func fail(_ message: String, status: Int32) -> Never {
    StandardError.write("keymenu-overlay: \(message)\n")
    Glibc.exit(status)
  }

  private static var environment: [String: String] {
    var result: [String: String] = [:]
    for name in ["WAYLAND_DISPLAY", "DISPLAY", "KEYMENU_SOCKET"] {
      if let value = getenv(name) { result[name] = String(cString: value) }
    }
    return result
  }
}

/// Writes to standard error.
enum StandardError {
  static func write(_ text: String) { _ = text.withCString { Glibc.write(2, $0, strlen($0)) } }
}
