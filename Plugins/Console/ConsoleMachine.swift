import KeyMenuPluginAPI
import Logging

/// The console presenter's decisions: when to open the device, what to
/// write, when to wait for it, when to give up, what to log.
///
/// Pure: ``ConsoleWriter`` asks ``next(after:)`` for an ``Action``, carries
/// it out and reports how it went as the next ``Event``. The engine's side
/// only hands over the newest snapshot (``show(_:)``), so snapshots that
/// arrive while a write waits replace each other and only the newest is
/// drawn. A chunk of escape text, once started, is always finished (or the
/// device given up): a cut escape sequence would garble the screen.
struct ConsoleMachine: Sendable {
  /// What the writer does next.
  enum Action: Hashable, Sendable {
    /// Open the device; report ``Event/opened`` or ``Event/openFailed(_:)``.
    case open(String)
    /// Ask the device its size; report ``Event/measured(columns:rows:)``.
    case measure
    /// Write without blocking; report ``Event/wrote(_:)``,
    /// ``Event/wouldBlock`` or ``Event/writeFailed(_:)``.
    case write([UInt8])
    /// Wait until the device takes output (``Event/writable``) or the writer
    /// is woken (no event); `bounded`: for a short while, then ``Event/timedOut``.
    case waitUntilWritable(bounded: Bool)
    /// Close the device.
    case close
    /// Log a message.
    case log(Logger.Level, String)
    /// Nothing to do until woken.
    case sleep
    /// Stopped: the writer ends.
    case finish
  }

  /// How an action went.
  enum Event: Hashable, Sendable {
    case opened
    case openFailed(ConsoleProblem)
    /// The size the device reports; 0 × 0 when it reports none.
    case measured(columns: Int, rows: Int)
    case wrote(Int)
    case wouldBlock
    case writeFailed(ConsoleProblem)
    case writable
    case timedOut
  }

  /// Why the machine is leaving the device it has.
  enum Leaving: Hashable, Sendable {
    case stop
    case switchTo(ConsoleSettings)
  }

  // The state, shared with ConsoleMachine+Next.swift; nothing outside the
  // two files touches it.
  var settings: ConsoleSettings
  /// The newest snapshot handed over.
  var snapshot = ModalSnapshot()
  var canvas = ConsoleCanvas()
  /// The size the canvas was drawn for.
  var screen = (columns: 80, rows: 24)
  var isOpen = false
  var everOpened = false
  /// A snapshot or setting newer than the picture on the screen.
  var needsDraw = true
  /// The rest of the chunk being written.
  var pending: [UInt8] = []
  var blocked = false
  var mustClose = false
  /// Whether the device was already reopened once since the last change.
  var reopened = false
  /// The problem logged last, so one problem is logged once.
  var reported: ConsoleProblem?
  var logs: [(Logger.Level, String)] = []
  var leaving: Leaving?
  var finished = false

  /// A machine that opens `settings.device` first of all, so a problem with
  /// it is in the log at start rather than when the first alert comes.
  init(settings: ConsoleSettings) {
    self.settings = settings
  }

  /// The newest modal stack; it replaces any snapshot not drawn yet.
  mutating func show(_ snapshot: ModalSnapshot) {
    guard leaving != .stop else { return }
    self.snapshot = snapshot
    needsDraw = true
    reopened = false
  }

  /// New settings (a reload): another device means erasing on the old one
  /// and drawing on the new; the same device is tried again if it failed.
  mutating func configure(_ new: ConsoleSettings) {
    guard leaving != .stop else { return }
    if new.device != settings.device || leaving != nil {
      leaving = .switchTo(new)
      return
    }
    if new.styled != settings.styled { canvas.invalidate() }
    settings = new
    needsDraw = true
    reopened = false
  }

  /// Erase what was drawn, close the device and finish.
  mutating func stop() { leaving = .stop }
}
