public import KeyMenuCore
public import KeyMenuEvdev
import KeyMenuPluginAPI

extension Scenario {
  /// Parses a scenario; key names come from libevdev (`KEY_ENTER`, `enter`).
  public init(parsing text: String, names: KeyNameTable = .libevdev) throws(ScenarioError) {
    var inExpected = false
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = offset + 1
      if inExpected {
        let line = Self.trimmed(rawLine)
        if !line.isEmpty, !line.hasPrefix("#") { expected.append(line) }
        continue
      }
      let words: [String]
      do {
        words = try ScenarioTokenizer.words(rawLine)
      } catch {
        throw ScenarioError(line: number, message: error.message)
      }
      guard let command = words.first else { continue }
      if command == "---" {
        inExpected = true
        continue
      }
      var parser = LineParser(line: number, words: Array(words.dropFirst()), names: names)
      try parse(command, &parser)
    }
  }

  static func trimmed(_ text: Substring) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    return String(text.drop(while: blank).reversed().drop(while: blank).reversed())
  }

  private mutating func parse(_ command: String, _ p: inout LineParser) throws(ScenarioError) {
    switch command {
    case "menu":
      let id = try p.word("a menu id")
      menus[id] = MenuDeclaration(
        title: try p.word("a title"), filterable: p.flag("filter"), highlight: p.option("highlight"),
        timeout: try p.duration("timeout"))
      let keys = try Self.answerKeys(&p)
      menus[id]?.answerKeys = keys
    case "item", "submenu":
      let parent = try p.word("a menu id")
      guard menus[parent] != nil else { throw p.error("no menu \(parent) declared above") }
      let declaration: ItemDeclaration
      if command == "submenu" {
        let id = try p.word("a submenu id")
        menus[id] = MenuDeclaration(
          title: try p.word("a title"), filterable: p.flag("filter"), highlight: p.option("highlight"))
        declaration = .submenu(id: id, accelerator: try p.chord())
      } else {
        let title = try p.word("a title")
        let accelerator = try p.chord()
        let long = p.option("long")
        if let long, menus[long] == nil { throw p.error("long=\(long): no menu \(long) declared above") }
        declaration = .action(
          title: title, accelerator: accelerator, enabled: !p.flag("disabled"), keepOpen: p.flag("keep-open"),
          fails: p.flag("fails"), value: p.option("value"), long: long)
      }
      menus[parent]?.items.append((try p.integer("section") ?? 0, declaration))
    case "alert":
      let id = try p.word("an alert id")
      let title = try p.word("a title")
      let buttons = p.option("buttons").map { $0.split(separator: ",").map(String.init) } ?? ["OK"]
      alerts[id] = Alert(
        title: title, message: p.option("message"), buttons: buttons, cancel: try p.integer("cancel"),
        defaultButton: try p.integer("default"), timeout: try p.duration("timeout"))
      let keys = try Self.answerKeys(&p)
      alerts[id]?.answerKeys = keys
    case "hotkey":
      let text = try p.word("a chord such as KEY_OK or ctrl+r, or a sequence such as KEY_MENU,KEY_1")
      var chords: [KeyChord] = []
      for part in text.split(separator: ",", omittingEmptySubsequences: false) {
        do {
          chords.append(try KeyChord.parse(String(part), names: p.names))
        } catch {
          throw p.error("\(part): \(error.message)")
        }
      }
      let name = try p.word("a name for the timeline")
      let gestureText = p.option("gesture") ?? "press"
      guard let gesture = KeyGestureMachine.Gesture(rawValue: gestureText) else {
        throw p.error("gesture=\(gestureText): expected press, long or double")
      }
      guard chords.count == 1 || gesture == .press else { throw p.error("a sequence takes no gesture") }
      hotkeys.append(
        HotkeyDeclaration(
          chord: chords[0], following: Array(chords.dropFirst()),
          keyNames: chords.map { $0.shownName(names: p.names) }, gesture: gesture, name: name))
    case "gestures":
      if let long = try p.duration("long") { gestureTiming.long = long }
      if let double = try p.duration("double") { gestureTiming.double = double }
      if let hint = try p.duration("hint") { sequenceTiming.hint = hint }
      if let timeout = try p.duration("sequence") { sequenceTiming.timeout = timeout }
    case "open", "show", "close", "dismiss":
      let id = try p.word("an id")
      let known = command == "open" || command == "close" ? menus[id] != nil : alerts[id] != nil
      guard known else { throw p.error("\(id) is not declared above") }
      let step: Step =
        switch command {
        case "open": .open(id)
        case "close": .close(id)
        case "show": .show(id)
        default: .dismiss(id)
        }
      steps.append((p.line, step))
    case "down", "up", "repeat", "press":
      let key = try p.key()
      let actions: [KeyAction] =
        switch command {
        case "down": [.down]
        case "up": [.up]
        case "repeat": [.repeat]
        default: [.down, .up]
        }
      for action in actions { steps.append((p.line, .key(key, action))) }
    case "wait":
      let text = try p.word("a duration such as 50ms or 5s")
      guard let duration = LineParser.parseDuration(text) else {
        throw p.error("expected a duration such as 50ms or 5s, not '\(text)'")
      }
      steps.append((p.line, .wait(duration)))
    case "plugin":
      steps.append((p.line, .plugin(try p.word("a plugin name"))))
    case "call":
      let id = try p.word("a call id")
      let method = try p.word("a method name")
      steps.append((p.line, .call(id: id, method: method, params: p.remainingOptions())))
    case "unregister":
      steps.append((p.line, .unregister(try p.word("an item title"))))
    case "edit":
      let menu = try p.word("a menu id")
      steps.append((p.line, .edit(menu: menu, try p.edit())))
    default:
      throw p.error("unknown command '\(command)'")
    }
    try p.finish()
  }

  /// `answer-keys=red,blue`: keys that answer a menu or an alert with their name.
  private static func answerKeys(_ p: inout LineParser) throws(ScenarioError) -> [KeyCode: String] {
    guard let text = p.option("answer-keys") else { return [:] }
    do {
      return try AnswerKeys.resolve(text.split(separator: ",").map(String.init), with: p.names)
    } catch {
      throw p.error("answer-keys: no key is named \(error.name)")
    }
  }
}
