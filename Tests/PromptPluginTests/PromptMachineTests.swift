import KeyMenuCore
import KeyMenuPluginAPI
import KeyMenuProtocol
import PromptPlugin
import Testing

/// Key events by evdev name, for the keys these tests press.
func key(_ name: String, _ action: KeyAction = .down, _ modifiers: ModifierSet = []) -> KeyEvent {
  let codes: [String: UInt16] = [
    "ESC": 1, "1": 2, "2": 3, "MINUS": 12, "BACKSPACE": 14, "A": 30, "D": 32, "SPACE": 57, "ENTER": 28,
    "KPENTER": 96, "LEFT": 105, "RIGHT": 106, "HOME": 102, "END": 107, "DELETE": 111, "BACK": 158,
    "EXIT": 174, "OK": 0x160, "SELECT": 0x161, "KP7": 71, "KPDOT": 83, "NUMERIC_3": 0x203, "F1": 59,
    "SLASH": 53, "TAB": 15, "UP": 103, "DOWN": 108,
  ]
  return KeyEvent(
    code: KeyCode(codes[name]!), name: "KEY_" + name, action: action, modifiers: modifiers,
    device: DeviceID(1), time: .zero)
}

/// Every key of a prompt: typing, moving, deleting, the limit, the ends,
/// and what it lets pass.
@Suite struct PromptMachineTests {
  /// Runs keys (each `down`) and gives the machine and the last effects.
  func type(_ names: [String], into start: PromptMachine = PromptMachine()) -> (
    PromptMachine, [PromptMachine.Effect]
  ) {
    var machine = start
    var effects: [PromptMachine.Effect] = []
    for name in names {
      effects = machine.handle(key(name)).effects
      _ = machine.handle(key(name, .up))
    }
    return (machine, effects)
  }

  @Test func lettersDigitsSpaceAndPunctuationTypeByUSPosition() {
    let (machine, effects) = type(["A", "D", "SPACE", "1", "MINUS", "SLASH", "KP7", "KPDOT", "NUMERIC_3"])
    #expect(machine.string == "ad 1-/7.3")
    #expect(machine.cursor == 9)
    #expect(effects == [.edited])
  }

  @Test func shiftTypesCapitalsAndSymbolsAndCommandModifiersTypeNothing() {
    var machine = PromptMachine()
    #expect(machine.handle(key("A", .down, .leftShift)) == (true, [.edited]))
    _ = machine.handle(key("1", .down, .rightShift))
    _ = machine.handle(key("SLASH", .down, .leftShift))
    #expect(machine.string == "A!?")
    #expect(machine.handle(key("D", .down, .leftCtrl)) == (false, []))
    #expect(machine.handle(key("D", .down, .altGr)) == (false, []))
    #expect(machine.string == "A!?")
  }

  @Test func leftRightHomeAndEndMoveTheCursorAndInsertGoesThere() {
    var (machine, _) = type(["A", "D", "1"])
    #expect(machine.handle(key("LEFT")).effects == [.edited])
    #expect(machine.cursor == 2)
    (machine, _) = type(["2"], into: machine)
    #expect(machine.string == "ad21")
    (machine, _) = type(["HOME"], into: machine)
    #expect(machine.cursor == 0)
    #expect(type(["LEFT"], into: machine).1 == [], "nothing left of the start")
    (machine, _) = type(["RIGHT", "A", "END"], into: machine)
    #expect(machine.string == "aad21")
    #expect(machine.cursor == 5)
    #expect(type(["RIGHT"], into: machine).1 == [], "nothing right of the end")
  }

  @Test func backspaceDeletesBeforeTheCursorAndDeleteUnderIt() {
    var (machine, _) = type(["A", "D", "1", "LEFT", "BACKSPACE"])
    #expect(machine.string == "a1")
    #expect(machine.cursor == 1)
    (machine, _) = type(["DELETE"], into: machine)
    #expect(machine.string == "a")
    #expect(type(["DELETE"], into: machine).1 == [], "nothing under the cursor at the end")
    (machine, _) = type(["HOME"], into: machine)
    #expect(type(["BACKSPACE"], into: machine).1 == [], "nothing before the start")
  }

  @Test func theLimitStopsTypingAndTheInitialTextStartsWithTheCursorAtItsEnd() {
    let start = PromptMachine(initial: "abcdef", maximumLength: 4)
    #expect(start.string == "abcd")
    #expect(start.cursor == 4)
    let (full, effects) = type(["1"], into: start)
    #expect(full.string == "abcd")
    #expect(effects == [])
    #expect(type(["BACKSPACE", "1"], into: start).0.string == "abc1")
  }

  @Test func enterAcceptsAndEscCancelsByEveryKeyOfTheirKind() {
    for accept in ["ENTER", "KPENTER", "OK", "SELECT"] {
      let (machine, effects) = type(["A", accept], into: PromptMachine(initial: "x"))
      #expect(effects == [.accepted("xa")])
      #expect(machine.isFinished)
    }
    for cancel in ["ESC", "BACK", "EXIT"] {
      #expect(type(["A", cancel]).1 == [.cancelled])
    }
    var machine = PromptMachine()
    _ = machine.handle(key("ENTER"))
    #expect(machine.handle(key("A")) == (false, []), "an ended prompt takes no more keys")
    let again = machine.dismiss()
    #expect(!again)
  }

  @Test func repeatsActAgainUpsAreConsumedAndOtherKeysPass() {
    var machine = PromptMachine(initial: "abc")
    #expect(machine.handle(key("BACKSPACE")) == (true, [.edited]))
    #expect(machine.handle(key("BACKSPACE", .repeat)) == (true, [.edited]))
    #expect(machine.handle(key("BACKSPACE", .up)) == (true, []))
    #expect(machine.string == "a")
    #expect(machine.handle(key("F1")) == (false, []))
    #expect(machine.handle(key("A", .up)) == (false, []), "an up whose down it never saw passes")
    _ = machine.handle(key("ENTER"))
    #expect(machine.handle(key("ENTER", .repeat)) == (true, []), "a held Enter does not answer twice")
    #expect(machine.handle(key("ENTER", .up)) == (true, []))
  }

  @Test func aMaskedPromptShowsBulletsOnly() {
    let (machine, _) = type(["A", "1", "LEFT"], into: PromptMachine(masked: true, maximumLength: 8))
    let snapshot = machine.snapshot(id: "prompt-1", title: "Password", message: nil)
    #expect(snapshot.field == ModalPicture.Field(shown: "••", masked: true, cursor: 1, maximumLength: 8))
    #expect(snapshot.kind == "prompt")
    #expect(snapshot.buttons == ["OK", "Cancel"])
    #expect(snapshot.cancel == 1)
    #expect(!"\(snapshot)".contains("a1"))
  }

  @Test func dismissEndsItOnce() {
    var machine = PromptMachine()
    let first = machine.dismiss()
    let second = machine.dismiss()
    #expect(first && !second)
    #expect(machine.handle(key("A")) == (false, []))
  }
}

/// The prompt under a keyboard layout: the key event's text is what types.
@Suite struct PromptLayoutTests {
  /// A press of the key at `name` whose layout types `text` (keysym `keysym`).
  func typed(_ name: String, _ text: String, _ keysym: String, _ modifiers: ModifierSet = []) -> KeyEvent {
    var event = key(name, .down, modifiers)
    event.text = text
    event.keysymName = keysym
    return event
  }

  @Test func theLayoutsTextTypesAltGrIncludedCtrlNot() {
    var machine = PromptMachine()
    #expect(machine.handle(typed("A", "q", "q")).effects == [.edited])
    #expect(machine.handle(typed("D", "@", "at", .altGr)).effects == [.edited])
    #expect(machine.handle(typed("A", "", "q", .leftCtrl)).consumed == false)
    #expect(machine.handle(typed("A", "ф", "Cyrillic_ef", .leftAlt)).consumed == false)
    #expect(machine.string == "q@")
  }

  @Test func aDeadKeyIsTakenAndTheNextKeyTypesTheSequence() {
    var machine = PromptMachine()
    #expect(machine.handle(typed("1", "", "dead_circumflex")) == (true, []))
    #expect(machine.handle(typed("A", "ô", "o")).effects == [.edited])
    #expect(machine.string == "ô")
    // A key that types nothing under the layout (not a dead key) passes, and is not the US letter.
    #expect(machine.handle(typed("D", "", "NoSymbol")).consumed == false)
    #expect(machine.string == "ô")
  }

  @Test func aTextOfSeveralCharactersTypesWhatFits() {
    var machine = PromptMachine(initial: "ab", maximumLength: 3)
    #expect(machine.handle(typed("A", "xy", "Multi_key")) == (true, []))
    #expect(machine.handle(typed("D", "xy", "y")).effects == [.edited])
    #expect(machine.string == "abx")
    #expect(machine.handle(typed("D", "z", "z")).effects == [])
  }
}
