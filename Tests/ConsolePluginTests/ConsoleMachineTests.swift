import Glibc
import KeyMenuPluginAPI
import Logging
import Testing

@testable import ConsolePlugin

/// The console presenter's decisions, driven by scripted I/O results: what
/// it opens, writes, waits for and logs, and when it gives up.
@Suite struct ConsoleMachineTests {
  /// Answers the machine's actions like a terminal that works, until told otherwise.
  struct FakeTerminal {
    var openError: Int32 = 0
    var size = (columns: 40, rows: 12)
    /// Bytes the terminal takes per write before it would block (nil: all).
    var takes: Int?
    var writeError: Int32 = 0
    var written = ""
    var transcript: [String] = []

    /// Runs the machine until it sleeps, waits or finishes; returns what it did.
    mutating func run(_ machine: inout ConsoleMachine, after first: ConsoleMachine.Event? = nil) -> [String] {
      transcript = []
      var event = first
      for _ in 0..<100 {
        let action = machine.next(after: event)
        event = nil
        switch action {
        case .open(let path):
          transcript.append("open \(path)")
          event =
            openError == 0 ? .opened : .openFailed(ConsoleProblem(.open, device: path, errno: openError))
        case .measure:
          transcript.append("measure")
          event = .measured(columns: size.columns, rows: size.rows)
        case .write(let bytes):
          if writeError != 0 {
            transcript.append("write failed")
            event = .writeFailed(ConsoleProblem(.write, device: "/dev/x", errno: writeError))
          } else if let takes, takes < bytes.count {
            transcript.append(takes == 0 ? "write would block" : "write \(takes) of \(bytes.count)")
            written += String(decoding: bytes.prefix(takes), as: UTF8.self)
            event = takes == 0 ? .wouldBlock : .wrote(takes)
            self.takes = 0
          } else {
            transcript.append("write")
            written += String(decoding: bytes, as: UTF8.self)
            event = .wrote(bytes.count)
          }
        case .waitUntilWritable(let bounded):
          transcript.append(bounded ? "wait briefly" : "wait")
          return transcript
        case .close: transcript.append("close")
        case .log(let level, let message): transcript.append("log \(level) \(message)")
        case .sleep:
          transcript.append("sleep")
          return transcript
        case .finish:
          transcript.append("finish")
          return transcript
        }
      }
      transcript.append("(runaway)")
      return transcript
    }

    /// What was written since the last call.
    mutating func take() -> String {
      defer { written = "" }
      return written
    }
  }

  static func settings(_ device: String = "/dev/x", styled: Bool = false) -> ConsoleSettings {
    var settings = ConsoleSettings()
    settings.device = device
    settings.styled = styled
    return settings
  }

  var machine = ConsoleMachine(settings: settings())
  var terminal = FakeTerminal()

  @Test mutating func itOpensAtStartAndDrawsNothingWhileNothingIsInFront() {
    #expect(
      terminal.run(&machine) == [
        "open /dev/x", "log info drawing alerts and menus on /dev/x", "measure", "sleep",
      ])
    #expect(terminal.take().isEmpty)
    machine.show(Snapshots.nothing)
    #expect(terminal.run(&machine) == ["measure", "sleep"])
    #expect(terminal.take().isEmpty)
  }

  @Test mutating func itDrawsTheFrontRedrawsItOnEachChangeThenErasesIt() {
    _ = terminal.run(&machine)
    machine.show(Snapshots.fruit())
    #expect(terminal.run(&machine) == ["measure", "write", "sleep"])
    let first = terminal.take()
    #expect(first.contains("▶ 1 Apple") && first.contains("┌─ Fruit") && first.contains("├"))
    machine.show(Snapshots.fruit(highlight: 1))
    #expect(terminal.run(&machine) == ["measure", "write", "sleep"])
    let moved = terminal.take()
    #expect(moved.contains("▶ 2 Banana") && moved.contains("  1 Apple") && moved.contains("┌─ Fruit"))
    machine.show(Snapshots.fruit(highlight: 1))
    #expect(terminal.run(&machine) == ["measure", "sleep"], "the same picture again writes nothing")
    machine.show(Snapshots.nothing)
    #expect(terminal.run(&machine) == ["measure", "write", "sleep"])
    let erased = terminal.take()
    #expect(!erased.contains("Apple") && !erased.contains("│"))
    #expect(erased.filter { $0 == " " }.count >= 6 * 32, "six rows of the box are blanked")
  }

  @Test mutating func aDeviceThatCannotBeOpenedIsLoggedOnceAndTriedAgainOnEachChange() {
    terminal.openError = EACCES
    let started = terminal.run(&machine)
    #expect(started.count == 3)
    #expect(started.first == "open /dev/x")
    #expect(started[1].hasPrefix("log error cannot open /dev/x for writing: permission denied (EACCES)"))
    #expect(
      started[1].contains("DeviceAllow=/dev/x w") && started[1].contains("SupplementaryGroups=input tty"))
    #expect(started.last == "sleep")
    machine.show(Snapshots.fruit())
    #expect(terminal.run(&machine) == ["open /dev/x", "sleep"], "the same problem is not logged again")
    terminal.openError = 0
    machine.show(Snapshots.fruit(highlight: 1))
    #expect(
      terminal.run(&machine) == [
        "open /dev/x", "log notice drawing on /dev/x again", "measure", "write", "sleep",
      ])
    #expect(terminal.take().contains("▶ 2 Banana"))
  }

  @Test mutating func aChangeThatComesWhileAnOpenFailsIsTriedAgain() {
    #expect(machine.next(after: nil) == .open("/dev/x"))
    machine.show(Snapshots.fruit())
    let failed = ConsoleProblem(.open, device: "/dev/x", errno: ENOENT)
    #expect(machine.next(after: .openFailed(failed)) == .log(.error, failed.description))
    #expect(machine.next(after: nil) == .open("/dev/x"))
    #expect(machine.next(after: .openFailed(failed)) == .sleep, "logged once, then nothing newer to try")
  }

  @Test mutating func aReloadTriesAFailedDeviceAgainAtOnce() {
    terminal.openError = ENOENT
    _ = terminal.run(&machine)
    terminal.openError = 0
    machine.configure(Self.settings())
    #expect(
      terminal.run(&machine) == ["open /dev/x", "log notice drawing on /dev/x again", "measure", "sleep"])
  }

  @Test mutating func whileAWriteWaitsOnlyTheNewestSnapshotIsDrawnAfterIt() {
    _ = terminal.run(&machine)
    terminal.takes = 50
    machine.show(Snapshots.fruit())
    #expect(terminal.run(&machine) == ["measure", "write 50 of 373", "write would block", "wait"])
    for highlight in [1, 2, 1, 2] { machine.show(Snapshots.fruit(highlight: highlight)) }
    #expect(terminal.run(&machine) == ["wait"], "woken by the snapshots, it goes on waiting")
    terminal.takes = nil
    #expect(terminal.run(&machine, after: .writable) == ["write", "measure", "write", "sleep"])
    let text = terminal.take()
    #expect(text.hasSuffix("\u{1B}8") && text.contains("▶ 1 Apple"), "the first picture is finished")
    #expect(text.contains("▶ 3 Cherry"), "then the newest is drawn")
    #expect(!text.contains("▶ 2 Banana"), "the ones between are never drawn")
  }

  @Test mutating func aLostTerminalIsReopenedAndRedrawnOnceThenLeftUntilTheNextChange() {
    _ = terminal.run(&machine)
    machine.show(Snapshots.fruit())
    _ = terminal.run(&machine)
    _ = terminal.take()
    terminal.writeError = EIO
    machine.show(Snapshots.fruit(highlight: 1))
    let lost = terminal.run(&machine)
    #expect(lost.count == 9)
    #expect(lost[0...1] == ["measure", "write failed"])
    #expect(lost[2].hasPrefix("log warning lost /dev/x (EIO): the terminal hung up"))
    #expect(lost[3...] == ["close", "open /dev/x", "measure", "write failed", "close", "sleep"])
    terminal.writeError = 0
    machine.show(Snapshots.fruit(highlight: 1))
    #expect(
      terminal.run(&machine) == [
        "open /dev/x", "measure", "write", "log notice drawing on /dev/x again", "sleep",
      ])
    let redrawn = terminal.take()
    #expect(redrawn.contains("┌─ Fruit") && redrawn.contains("▶ 2 Banana"), "every row is drawn again")
  }

  @Test mutating func stopErasesClosesAndFinishesAndLaterSnapshotsAreIgnored() {
    _ = terminal.run(&machine)
    machine.show(Snapshots.fruit())
    _ = terminal.run(&machine)
    _ = terminal.take()
    machine.stop()
    machine.show(Snapshots.fruit(highlight: 2))
    #expect(terminal.run(&machine) == ["write", "close", "finish"])
    let erased = terminal.take()
    #expect(!erased.contains("Apple") && !erased.contains("Cherry"))
    #expect(terminal.run(&machine) == ["finish"])
  }

  @Test mutating func stoppingOnATerminalThatTakesNothingGivesUpAfterABoundedWait() {
    _ = terminal.run(&machine)
    terminal.takes = 0
    machine.show(Snapshots.fruit())
    #expect(terminal.run(&machine) == ["measure", "write would block", "wait"])
    machine.stop()
    #expect(terminal.run(&machine) == ["wait briefly"])
    let ended = terminal.run(&machine, after: .timedOut)
    #expect(ended.count == 3)
    #expect(ended.first?.hasPrefix("log warning /dev/x took no output for too long") == true)
    #expect(ended.dropFirst() == ["close", "finish"])
  }

  @Test mutating func aReloadToAnotherDeviceErasesOnTheOldOneAndDrawsOnTheNew() {
    _ = terminal.run(&machine)
    machine.show(Snapshots.fruit())
    _ = terminal.run(&machine)
    _ = terminal.take()
    machine.configure(Self.settings("/dev/y"))
    #expect(
      terminal.run(&machine) == [
        "write", "close", "open /dev/y", "log info drawing alerts and menus on /dev/y", "measure", "write",
        "sleep",
      ])
    let text = terminal.take()
    #expect(text.ranges(of: "▶ 1 Apple").count == 1, "drawn once, on the new device")
  }

  @Test mutating func turningStylesOnRedrawsEveryRowWithAttributes() {
    _ = terminal.run(&machine)
    machine.show(Snapshots.fruit())
    _ = terminal.run(&machine)
    #expect(!terminal.take().contains("\u{1B}[7m"))
    machine.configure(Self.settings(styled: true))
    #expect(terminal.run(&machine) == ["measure", "write", "sleep"])
    let text = terminal.take()
    #expect(text.contains("\u{1B}[7m▶ 1 Apple") && text.contains("Cherry"))
  }

  @Test mutating func aSerialLineWithoutASizeGetsTheConfiguredOne() {
    terminal.size = (0, 0)
    var settings = Self.settings()
    settings.columns = 100
    settings.rows = 30
    machine = ConsoleMachine(settings: settings)
    _ = terminal.run(&machine)
    machine.show(Snapshots.fruit())
    _ = terminal.run(&machine)
    // The 32 × 6 box centred on 100 × 30 starts at column 35 of row 13.
    #expect(terminal.take().contains("\u{1B}[13;35H┌─ Fruit"))
  }
}
