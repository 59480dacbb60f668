import Glibc
import KeyMenuClient
import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
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
  /// Whether the panel may take clicks and taps (`--no-pointer` turns it
  /// off): it does when the connection's tier may call `modal.tap`.
  public var pointer: Bool
  /// Which outputs the panel is drawn on (`--output`).
  public var output: OverlayOutput

  /// Creates options.
  public init(
    socketPath: String, backend: OverlayBackend = .auto, theme: OverlayTheme = .dark, scale: Double = 1,
    position: OverlayPosition = .center, opacity: Double = 1, traceFrames: Bool = false, pointer: Bool = true,
    output: OverlayOutput = .focused
  ) {
    self.pointer = pointer
    self.output = output
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
/// ``OverlayWindow`` on each output `--output` chooses (``OverlayMonitors``,
/// chosen again for each new modal and when monitors change), and reconnection with ``ReconnectBackoff`` when the
/// daemon goes (the window hidden meanwhile). Everything runs on GTK's main
/// loop; with nothing changing, nothing wakes it.
public final class OverlayController {
  private let options: OverlayOptions
  private let backend: OverlayBackend
  /// One window per output the panel is on (at least one).
  private var windows: [OverlayWindow] = []
  private let monitors: OverlayMonitors?
  /// Where the windows are, as last chosen; nil: to be chosen again.
  private var placement: OverlayOutput.Placement?
  /// The front modal's id when the outputs were chosen.
  private var placedFront: String?
  /// The newest state shown, drawn again when monitors change.
  private var latest: ModalSnapshot?
  /// Whether the output asked for was missing when last chosen (logged once).
  private var outputMissing = false
  /// Gives memory back once changes stop.
  private let quietRelease = QuietMemoryRelease()
  /// Whether a state was shown since the overlay started.
  private var startedUp = false
  /// Whether the panel takes taps (the connection may call `modal.tap`).
  private var takesPointer = false {
    didSet { for window in windows { window.takesPointer = takesPointer } }
  }
  private let painter: OverlayPainter
  private var connection: OverlayConnection?
  private var watch: MainLoop.Source?
  private var follower = ModalFollower()
  private var backoff = ReconnectBackoff()
  /// Whether the subscription was answered on this connection.
  private var following = false
  /// Whether `hello` was answered on this connection.
  private var helloAnswered = false
  /// Whether attempts are failing (their outage was logged once).
  private var retrying = false
  /// The id of the next request (1 is the subscription, 2 `hello`).
  private var nextRequest = 3
  static let helloID = 2

  /// Opens the display and makes the (hidden) window.
  public init(options: OverlayOptions) throws(OverlayFailure) {
    self.options = options
    backend = try OverlayWindow.openDisplay(options.backend)
    painter = OverlayPainter(theme: options.theme, scale: options.scale, opacity: options.opacity)
    monitors = OverlayMonitors(backend: backend)
    windows = [makeWindow()]
    quietRelease.onQuiet = { [unowned self] in for window in windows { window.releaseBuffers() } }
    log("drawing on \(backend.rawValue), following \(options.socketPath)")
    monitors?.onChange = { [unowned self] in
      placement = nil
      if let latest { show(latest) }
    }
  }

  private func makeWindow() -> OverlayWindow {
    let window = OverlayWindow(backend: backend, painter: painter, position: options.position)
    if options.traceFrames {
      window.onFrame = { [unowned self] number in trace("frame \(number) at \(MonotonicClock.nanoseconds) ns")
      }
      window.onBufferMade = { [unowned self] made in trace("buffers \(made) made") }
    }
    window.onGesture = { [unowned self] gesture, modal in tap(gesture, on: modal) }
    window.takesPointer = takesPointer
    return window
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
      let hello = RPCRequest(id: .number(Self.helloID), method: DaemonMethod.hello.rawValue).line()
      let connection = try OverlayConnection(path: options.socketPath, then: [hello])
      self.connection = connection
      follower = ModalFollower()
      helloAnswered = false
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
      // Until `hello` is answered; after that no line is parsed twice.
      if !helloAnswered, let capabilities = Self.helloCapabilities(line) {
        helloAnswered = true
        learned(capabilities)
      }
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
      let first = !startedUp
      startedUp = true
      show(newest)
      if first && newest.stack.isEmpty {
        quietRelease.releaseNow()
      } else {
        quietRelease.changed(at: received)
      }
      if options.traceFrames { trace("change \(windows[0].shown) at \(received) ns") }
    }
    if closed {
      drop()
      retry(because: "keymenud closed the connection")
      return false
    }
    return true
  }

  /// The capabilities in `line` when it is the answer to `hello`.
  static func helloCapabilities(_ line: [UInt8]) -> [String]? {
    guard let message = JSONValue.parse(line), message["id"] == RPCID.number(helloID).jsonValue else {
      return nil
    }
    return (try? (message["result"] ?? .null).decoded(as: HelloResult.self))?.capabilities ?? []
  }

  /// The panel takes taps when the tier may call `modal.tap` (and
  /// `--no-pointer` was not given); otherwise clicks pass through it.
  private func learned(_ capabilities: [String]) {
    let taps = options.pointer && capabilities.contains(DaemonMethod.modalTap.rawValue)
    takesPointer = taps
    log(
      taps
        ? "taps and clicks on the panel answer it"
        : options.pointer
          ? "display only: this connection's tier may not tap (drive is needed)" : "display only")
  }

  /// Sends what a tap or scroll asks of the modal it was on.
  private func tap(_ gesture: OverlayPointer.Gesture, on modal: String) {
    guard let connection, takesPointer else { return }
    var params = ModalTapParams(id: modal)
    switch gesture {
    case .tap(.item(let index)): params.item = index
    case .tap(.button(let index)): params.button = index
    case .scroll(let rows):
      params.scroll = max(-ModalTapParams.longestScroll, min(ModalTapParams.longestScroll, rows))
    }
    let request = RPCRequest(
      id: .number(nextRequest), method: DaemonMethod.modalTap.rawValue, params: JSONValue(encoding: params))
    nextRequest += 1
    _ = connection.send(request.line())
  }

  private func show(_ snapshot: ModalSnapshot?) {
    latest = snapshot
    guard let snapshot, snapshot.front != nil else {
      for window in windows { window.show(nil) }
      return
    }
    // The outputs are chosen for each new modal, not for each change of
    // one: the panel does not jump while it is being answered.
    if placement == nil || snapshot.front?.id != placedFront { place() }
    placedFront = snapshot.front?.id
    var scenes: [[Int]: OverlayScene?] = [:]
    for window in windows {
      let screen = window.screen
      let key = [screen.width, screen.height]
      let scene = scenes[key] ?? painter.scene(for: snapshot, on: screen)
      scenes[key] = scene
      window.show(scene)
    }
  }

  /// Chooses the outputs (``OverlayOutput``) and puts a window on each.
  private func place() {
    let all = monitors?.all ?? []
    let missing = options.output.isMissing(among: all)
    if missing, !outputMissing, case .named(let name) = options.output {
      log("no output is named \(name); the panel goes to the focused one until it is there")
    }
    outputMissing = missing
    let chosen = options.output.placement(
      among: all, focused: monitors?.focusedIndex, compositorChooses: backend == .wayland)
    guard chosen != placement else { return }
    placement = chosen
    let targets: [OverlayMonitors.Handle?]
    switch chosen {
    case .compositorChooses: targets = [nil]
    case .monitors(let indices): targets = indices.isEmpty ? [nil] : indices.map { monitors?.monitor(at: $0) }
    }
    while windows.count > targets.count { windows.removeLast().show(nil) }
    while windows.count < targets.count { windows.append(makeWindow()) }
    for (window, monitor) in zip(windows, targets) { window.monitor = monitor }
  }

  private func drop() {
    following = false
    takesPointer = false
    connection = nil
    watch = nil
    show(nil)
  }

  private func retry(because reason: String?) {
    let delay = backoff.next()
    // One line per outage, not one per attempt.
    if let reason, !retrying { log("\(reason); trying again in \(delay) ms, then less often") }
    retrying = true
    _ = MainLoop.after(milliseconds: delay) { [unowned self] in connect() }
  }

  /// A `--trace-frames` line: numbers of its own, so not escaped (which
  /// looks at every character, and cost more than the frame it reports).
  private func trace(_ text: String) { writeLine(text) }

  /// One line on standard error; reasons can quote the daemon, so the text
  /// is escaped as keymenud's own log is (``ShownText/escaped(_:)``).
  private func log(_ text: String) { writeLine(ShownText.escaped(text)) }

  private func writeLine(_ text: String) {
    let line = "keymenu-overlay: \(text)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
  }
}
