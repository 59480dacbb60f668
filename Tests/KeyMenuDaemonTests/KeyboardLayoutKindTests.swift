import FoundationEssentials
import KeyMenuCore
import KeyMenuProtocol
import KeyMenuTestKit
import KeyMenuTestSupport
import Logging
import Testing

/// evdev key codes the layout tests press, named by the US key at that
/// position (linux/input-event-codes.h).
enum USKey {
  static let q = KeyCode(16)
  static let e = KeyCode(18)
  static let y = KeyCode(21)
  static let o = KeyCode(24)
  static let a = KeyCode(30)
  static let d = KeyCode(32)
  static let g = KeyCode(34)
  static let l = KeyCode(38)
  static let semicolon = KeyCode(39)
  static let apostrophe = KeyCode(40)
  static let grave = KeyCode(41)
  static let m = KeyCode(50)
  static let rightAlt = KeyCode(100)
}

/// Typing under configured keyboard layouts (`[keyboard]`, libxkbcommon) in
/// the real core: the prompt's text, type-to-filter in menus, alert letters
/// and menu accelerators follow the layout, with dead keys and compose
/// sequences, per device, and across reloads.
@Suite struct KeyboardLayoutKindTests {
  /// A daemon whose configuration is `[keyboard]` with `keyboard` (TOML lines).
  static func daemon(_ keyboard: String, logger: Logger? = nil) throws -> InProcessDaemon {
    try InProcessDaemon(
      configuration: "[keyboard]\n" + keyboard, logger: logger ?? InProcessDaemon.silentLogger)
  }

  /// Shows a prompt, runs `type` and presses Enter: the text answered.
  static func prompt(_ daemon: InProcessDaemon, _ type: () -> Void) throws -> String? {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "prompt.show", ["title": "Type"])
    type()
    daemon.press(.enter)
    return client.answer(to: 1)?["result"]?["text"]?.stringValue
  }

  /// `key` pressed with Shift held.
  static func shifted(_ daemon: InProcessDaemon, _ key: KeyCode) {
    daemon.send(.leftShift, value: 1)
    daemon.press(key)
    daemon.send(.leftShift, value: 0)
  }

  @Test func usTypesByItsOwnPositions() throws {
    let daemon = try Self.daemon("layout = \"us\"")
    let text = try Self.prompt(daemon) {
      daemon.press(USKey.q)
      Self.shifted(daemon, USKey.semicolon)
      daemon.press(USKey.y)
    }
    #expect(text == "q:y")
  }

  @Test func germanTypesUmlautsAndZAndAltGrSymbols() throws {
    let daemon = try Self.daemon("layout = \"de\"")
    let text = try Self.prompt(daemon) {
      daemon.press(USKey.semicolon)  // ö
      daemon.press(USKey.y)  // z on QWERTZ
      Self.shifted(daemon, USKey.apostrophe)  // Ä
      daemon.send(.rightAlt, value: 1)  // AltGr types on a German keyboard
      daemon.press(USKey.q)
      daemon.send(.rightAlt, value: 0)
    }
    #expect(text == "özÄ@")
  }

  @Test func germanDeadCircumflexThenOTypesOCircumflex() throws {
    let daemon = try Self.daemon("layout = \"de\"")
    let text = try Self.prompt(daemon) {
      daemon.press(USKey.grave)  // dead_circumflex: nothing yet
      daemon.press(USKey.o)
      daemon.press(USKey.grave)
      Self.shifted(daemon, USKey.o)
    }
    #expect(text == "ôÔ")
  }

  @Test func germanWithoutDeadKeysTypesTheCircumflexThenTheO() throws {
    let daemon = try Self.daemon("layout = \"de\"\nvariant = \"nodeadkeys\"")
    let text = try Self.prompt(daemon) {
      daemon.press(USKey.grave)
      daemon.press(USKey.o)
    }
    #expect(text == "^o")
  }

  @Test func theComposeKeyComposes() throws {
    let daemon = try Self.daemon("layout = \"us\"\noptions = \"compose:ralt\"")
    let text = try Self.prompt(daemon) {
      for key in [USKey.rightAlt, USKey.o, USKey.e, USKey.rightAlt, USKey.apostrophe, USKey.e] {
        daemon.press(key)
      }
    }
    #expect(text == "œé")
  }

  @Test func frenchAZERTYTypesAOnTheKeyMarkedA() throws {
    let daemon = try Self.daemon("layout = \"fr\"")
    let text = try Self.prompt(daemon) {
      daemon.press(USKey.q)  // a
      daemon.press(USKey.a)  // q
      daemon.press(USKey.semicolon)  // m
      daemon.press(USKey.m)  // ,
    }
    #expect(text == "aqm,")
  }

  /// Opens an ad-hoc filtering menu with `titles`, runs `type`, presses Enter: the title chosen.
  static func filtered(_ daemon: InProcessDaemon, _ titles: [String], _ type: () -> Void) throws -> String? {
    let client = try daemon.connect(tier: .drive)
    let items = JSONValue.array(titles.map { ["title": .string($0)] })
    try client.request(1, "menu.open", ["title": "Pick", "items": items, "filter": true])
    type()
    daemon.press(.enter)
    return client.answer(to: 1)?["result"]?["title"]?.stringValue
  }

  @Test func aFrenchFilterTypedOnTheKeyMarkedAFindsA() throws {
    let daemon = try Self.daemon("layout = \"fr\"")
    #expect(try Self.filtered(daemon, ["Quit", "Alpha"]) { daemon.press(USKey.q) } == "Alpha")
  }

  @Test func aRussianFilterFindsCyrillicTitlesWhateverTheirCase() throws {
    let daemon = try Self.daemon("layout = \"ru\"")
    let titles = ["Перезагрузка", "Выключение", "Сон"]
    // "в" (the key at D) finds the title written with a capital В.
    #expect(try Self.filtered(daemon, titles) { daemon.press(USKey.d) } == "Выключение")
    // A capital П (Shift and the key at G) finds the title with п in it.
    #expect(try Self.filtered(daemon, titles) { Self.shifted(daemon, USKey.g) } == "Перезагрузка")
  }

  /// Shows an alert with `buttons`, presses `key`: the button chosen.
  static func alert(_ daemon: InProcessDaemon, _ buttons: [String], _ key: KeyCode) throws -> String? {
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "alert.show", ["title": "Sure?", "buttons": .array(buttons.map { .string($0) })])
    daemon.press(key)
    return client.answer(to: 1)?["result"]?["title"]?.stringValue
  }

  @Test func alertLettersFollowTheLayout() throws {
    let french = try Self.daemon("layout = \"fr\"")
    #expect(try Self.alert(french, ["Quitter", "Annuler"], USKey.q) == "Annuler")
    let russian = try Self.daemon("layout = \"ru\"")
    #expect(try Self.alert(russian, ["Нет", "Да"], USKey.l) == "Да")  // д
  }

  @Test func menuAcceleratorsFollowTheLayout() throws {
    let daemon = try InProcessDaemon(
      configuration: """
        [keyboard]
        layout = "fr"

        [menus.main]
        title = "Main"
        items = [
          { title = "Quit", key = "q", invoke = "nothing.here" },
          { title = "About", key = "a", invoke = "nothing.here" },
        ]
        """)
    let client = try daemon.connect(tier: .drive)
    try client.request(1, "menu.show", ["name": "main"])
    daemon.press(USKey.q)  // the key marked A on AZERTY
    #expect(client.answer(to: 1)?["result"]?["title"] == "About")
    // An ad-hoc menu's key too; on a Russian layout a letter is the key of its US position.
    let russian = try Self.daemon("layout = \"ru\"")
    let other = try russian.connect(tier: .drive)
    let items: JSONValue = [["title": "Quit", "key": "q"], ["title": "About", "key": "a"]]
    try other.request(1, "menu.open", ["title": "Main", "items": items])
    russian.press(USKey.a)  // types ф
    #expect(other.answer(to: 1)?["result"]?["title"] == "About")
  }

  @Test func eachDeviceTypesWithItsOwnLayoutAndItsOwnShift() throws {
    let daemon = try InProcessDaemon(
      configuration: """
        [keyboard]
        layout = "us"

        [[keyboard.devices]]
        name = "French*"
        layout = "fr"
        """)
    let french = DeviceID(7)
    daemon.plugKeyboard(french, name: "French Keyboard")
    let text = try Self.prompt(daemon) {
      daemon.press(USKey.q)
      daemon.press(USKey.q, on: french)
      // Shift held on one keyboard does not make the other's letters capitals.
      daemon.send(.leftShift, value: 1)
      daemon.press(USKey.q, on: french)
      daemon.send(.leftShift, value: 0)
    }
    #expect(text == "qaa")
  }

  @Test func aReloadAppliesAChangedLayout() throws {
    let daemon = try Self.daemon("layout = \"us\"")
    #expect(try Self.prompt(daemon) { daemon.press(USKey.q) } == "q")
    _ = try daemon.reload(configuration: "[keyboard]\nlayout = \"fr\"").get()
    #expect(try Self.prompt(daemon) { daemon.press(USKey.q) } == "a")
  }

  @Test func withoutTheSectionTheSystemLayoutApplies() throws {
    let daemon = try InProcessDaemon(configuration: "")
    #expect(try Self.prompt(daemon) { daemon.press(USKey.y) } == "y")
    try Data("XKBLAYOUT=\"de\"\n".utf8).write(to: URL(fileURLWithPath: daemon.systemKeyboardFile))
    _ = try daemon.reload(configuration: "").get()  // the system's file is read again
    #expect(try Self.prompt(daemon) { daemon.press(USKey.y) } == "z")
  }

  @Test func aLayoutThatDoesNotCompileIsOneWarningAndTheUSLayout() throws {
    let capture = LogCapture()
    let daemon = try Self.daemon("layout = \"xx\"", logger: capture.logger)
    let warnings = capture.all.filter { $0.contains("keyboard layout") }
    #expect(warnings.count == 1, "\(capture.all)")
    #expect(warnings.first?.hasPrefix("warning: keyboard layout xx does not compile") == true, "\(warnings)")
    #expect(warnings.first?.contains("as in the US layout") == true, "\(warnings)")
    #expect(try Self.prompt(daemon) { daemon.press(USKey.q) } == "q")
  }

  @Test func aResyncForgetsASequenceButNotAHeldShift() throws {
    let daemon = try Self.daemon("layout = \"de\"")
    let text = try Self.prompt(daemon) {
      daemon.press(USKey.grave)  // a dead key, then events are lost
      daemon.resyncKeyboard()
      daemon.press(USKey.o)
      daemon.send(.leftShift, value: 1)
      daemon.resyncKeyboard()
      daemon.press(USKey.o)
      daemon.send(.leftShift, value: 0)
    }
    #expect(text == "oO")
  }

  @Test func typedTextIsNeverLogged() throws {
    let capture = LogCapture()
    let daemon = try Self.daemon("layout = \"de\"", logger: capture.logger)
    #expect(try Self.prompt(daemon) { daemon.press(USKey.semicolon) } == "ö")
    #expect(!capture.all.joined().contains("ö"), "\(capture.all)")
  }
}
