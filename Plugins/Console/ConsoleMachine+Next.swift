import KeyMenuPluginAPI
import Logging

extension ConsoleMachine {
  /// The next action, after `event` (how the last one went; nil after
  /// ``Action/sleep``, a wake during ``Action/waitUntilWritable(bounded:)``,
  /// ``Action/close`` and ``Action/log(_:_:)``).
  mutating func next(after event: Event?) -> Action {
    if let event { apply(event) }
    if finished { return .finish }
    if !logs.isEmpty {
      let (level, message) = logs.removeFirst()
      return .log(level, message)
    }
    if mustClose {
      mustClose = false
      isOpen = false
      return .close
    }
    if isOpen, !pending.isEmpty {
      return blocked ? .waitUntilWritable(bounded: leaving != nil) : .write(pending)
    }
    if let leaving {
      if isOpen, !canvas.isEmpty {
        pending = Array(
          canvas.change(to: [:], columns: screen.columns, rows: screen.rows, painter: painter).utf8)
        if !pending.isEmpty { return .write(pending) }
      }
      canvas.forget()
      if isOpen {
        isOpen = false
        return .close
      }
      switch leaving {
      case .stop:
        finished = true
        return .finish
      case .switchTo(let new):
        settings = new
        self.leaving = nil
        everOpened = false
        reported = nil
        needsDraw = true
        reopened = false
      }
    }
    if needsDraw, isOpen { return .measure }
    if needsDraw {
      // Taken now: a change that comes while the open is under way sets it
      // again, and is tried again even if this open fails.
      needsDraw = false
      return .open(settings.device)
    }
    return .sleep
  }

  private var painter: TerminalPainter { TerminalPainter(styled: settings.styled) }

  private mutating func apply(_ event: Event) {
    switch event {
    case .opened:
      isOpen = true
      needsDraw = true
      if !everOpened, reported == nil {
        logs.append((.info, "drawing alerts and menus on \(settings.device)"))
      }
      everOpened = true
      // A write problem is over only once a write works again.
      if let problem = reported, problem.code != .write { recovered() }
    case .openFailed(let problem):
      report(problem, level: .error)
    case .measured(let columns, let rows):
      if leaving == nil { draw(columns: columns, rows: rows) }
    case .wrote(let count):
      pending.removeFirst(min(count, pending.count))
      blocked = false
      if pending.isEmpty, reported != nil { recovered() }
    case .wouldBlock:
      blocked = true
    case .writable:
      blocked = false
    case .writeFailed(let problem):
      lose(problem)
    case .timedOut:
      // Only while leaving: give up on a device that takes nothing.
      pending = []
      blocked = false
      mustClose = true
      canvas.forget()
      report(ConsoleProblem(.stalled, device: settings.device), level: .warning)
    }
  }

  /// Turns the newest snapshot into the chunk to write.
  private mutating func draw(columns: Int, rows: Int) {
    screen = columns > 0 && rows > 0 ? (columns, rows) : (settings.columns, settings.rows)
    var lines: [TextLine] = []
    if snapshot.front != nil {
      lines = ModalTextRenderer(width: screen.columns, height: max(1, screen.rows - 1)).render(snapshot)
    }
    let picture = ConsoleCanvas.centre(lines, columns: screen.columns, rows: screen.rows)
    pending = Array(
      canvas.change(to: picture, columns: screen.columns, rows: screen.rows, painter: painter).utf8)
    needsDraw = false
  }

  /// A write failed: the chunk is lost, the device closed; it is reopened
  /// and redrawn once, then not again before the next change.
  private mutating func lose(_ problem: ConsoleProblem) {
    pending = []
    blocked = false
    mustClose = true
    canvas.invalidate()
    report(problem, level: .warning)
    if !reopened, leaving == nil {
      reopened = true
      needsDraw = true
    }
  }

  private mutating func recovered() {
    reported = nil
    logs.append((.notice, "drawing on \(settings.device) again"))
  }

  private mutating func report(_ problem: ConsoleProblem, level: Logger.Level) {
    guard problem != reported else { return }
    reported = problem
    logs.append((level, problem.description))
  }
}
