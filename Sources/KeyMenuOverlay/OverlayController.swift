import Glibc
import KeyMenuClient
import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuRuntime

/// What `keymenu-overlay` is asked to do.
public struct OverlayOptions: Sendable {
  public var socketPath: String
  public var backend: OverlayBackend
  public var theme: OverlayTheme
  public var scale: Double
  public var position: OverlayPosition
  /// The background's opacity under a compositor (0.1...1).
  public var opacity: Double
  /// Whether to write a line per frame drawn (`--trace-frames`).
  public var traceFrames: Bool

  /// Creates options.
  public init(
    socketPath: String, backend: OverlayBackend = .auto, theme: OverlayTheme = .dark, scale: Double = 1,
    position: OverlayPosition = .center, opacity: Double = 1, traceFrames: Bool = false
  ) {
    self.socketPath = socketPath
    self.backend = backend
    self.theme = theme
    self.scale = scale
    self.position = position
    self.opacity = opacity
    self.traceFrames = traceFrames
  }
}

/// The overlay's composition root: a connection to keymenud followed by a
/// ``ModalFollower``, the scene of each new front drawn in an
/// ``OverlayWindow``, and reconnection with ``ReconnectBackoff`` when the
/// daemon goes (the window hidden meanwhile). Everything runs on GTK's main
/// loop; with nothing changing, nothing wakes it.
public final class OverlayController {
  private let options: OverlayOptions
  private let window: OverlayWindow
  private let painter: OverlayPainter
  private var connection: OverlayConnection?
  private var watch: MainLoop.Source?
  private var follower = ModalFollower()
  private var backoff = ReconnectBackoff()
  /// Whether the subscription was answered on this connection.
  private var following = false
  /// Whether attempts are failing (their outage was logged once).
  private var retrying = false

  /// Opens the display and makes the (hidden) window.
  public init(options: OverlayOptions) throws(OverlayFailure) {
    self.options = options
    let backend = try OverlayWindow.openDisplay(options.backend)
    painter = OverlayPainter(theme: options.theme, scale: options.scale, opacity: options.opacity)
    window = OverlayWindow(backend: backend, painter: painter, position: options.position)
    log("drawing on \(backend.rawValue), following \(options.socketPath)")
    if options.traceFrames {
      window.onFrame = { [unowned self] number in log("frame \(number) at \(MonotonicClock.nanoseconds) ns")
      }
    }
  }

  /// Runs until SIGTERM, SIGINT or SIGHUP.
  public func run() {
    // A daemon that goes away while the request is written must not kill the overlay.
    signal(SIGPIPE, SIG_IGN)
    for signal in [SIGTERM, SIGINT, SIGHUP] { MainLoop.onSignal(signal) { MainLoop.quit() } }
    connect()
    MainLoop.run()
  }

  private func connect() {
    do {
      let connection = try OverlayConnection(path: options.socketPath)
      self.connection = connection
      follower = ModalFollower()
      watch = MainLoop.watch(connection.fileDescriptor) { [unowned self] in readable() }
    } catch {
      retry(because: "cannot connect to \(options.socketPath): \(error)")
    }
  }

  /// Reads what arrived; false ends the watch (the connection is gone).
  private func readable() -> Bool {
    guard let connection else { return false }
    let (lines, closed) = connection.readAvailable()
    var newest: ModalSnapshot?
    for line in lines {
      switch follower.receive(line: line) {
      case .unchanged: break
      case .changed(let snapshot):
        newest = snapshot
        if !following { log("following keymenud's alerts and menus") }
        following = true
        retrying = false
        backoff.reset()
      case .refused(let message):
        log("keymenud refused the subscription: \(message)")
        drop()
        retry(because: nil)
        return false
      }
    }
    if let newest {
      let received = MonotonicClock.nanoseconds
      show(newest)
      if options.traceFrames { log("change \(window.shown) at \(received) ns") }
    }
    if closed {
      drop()
      retry(because: "keymenud closed the connection")
      return false
    }
    return true
  }

  private func show(_ snapshot: ModalSnapshot) {
    window.show(painter.scene(for: snapshot, on: window.screen))
  }

  private func drop() {
    following = false
    connection = nil
    watch = nil
    window.show(nil)
  }

  private func retry(because reason: String?) {
    let delay = backoff.next()
    // One line per outage, not one per attempt.
    if let reason, !retrying { log("\(reason); trying again in \(delay) ms, then less often") }
    retrying = true
    _ = MainLoop.after(milliseconds: delay) { [unowned self] in connect() }
  }

  /// One line on standard error; reasons can quote the daemon, so the text
  /// is escaped as keymenud's own log is (``ShownText/escaped(_:)``).
  private func log(_ text: String) {
    let line = "keymenu-overlay: \(ShownText.escaped(text))\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
  }
}
