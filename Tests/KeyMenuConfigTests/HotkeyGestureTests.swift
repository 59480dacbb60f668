import KeyMenuConfig
import KeyMenuCore
import KeyMenuPluginAPI
import Testing

/// `[[hotkeys]]`' `gesture` and `[gestures]`: a chord may have one binding
/// per gesture; the thresholds default to 500 ms and 300 ms.
@Suite struct HotkeyGestureTests {
  static let ok = """
    [[hotkeys]]
    key = "KEY_MENU"
    menu = "main"

    [[hotkeys]]
    key = "KEY_MENU"
    gesture = "long"
    menu = "context"

    [[hotkeys]]
    key = "KEY_MENU"
    gesture = "double"
    menu = "other"

    [menus.main]
    title = "Main"
    items = [{ title = "A", run = ["true"] }]

    [menus.context]
    title = "Context"
    items = [{ title = "B", run = ["true"] }]

    [menus.other]
    title = "Other"
    items = [{ title = "C", run = ["true"] }]
    """

  @Test func aChordHasOneBindingPerGesture() throws {
    let config = try load(Self.ok)
    #expect(config.hotkeys.map(\.gesture) == [.press, .long, .double])
    #expect(
      config.gestureTiming == KeyGestureMachine.Timing(long: .milliseconds(500), double: .milliseconds(300)))
  }

  @Test func theSameGestureTwiceIsRefused() {
    let found = errors(
      "[[hotkeys]]\nkey = \"KEY_MENU\"\ngesture = \"long\"\nrun = \"a\"\n[[hotkeys]]\nkey = \"KEY_MENU\"\ngesture = \"long\"\nrun = \"b\""
    )
    #expect(
      found.contains { $0.contains("hotkey 'KEY_MENU' (gesture long) is already bound at") }, "\(found)")
  }

  @Test func badGesturesAndThresholdsSayWhatIsExpected() {
    let found = errors(
      "[[hotkeys]]\nkey = \"KEY_MENU\"\ngesture = \"triple\"\nrun = \"a\"\n[gestures]\nlong_ms = 0\nhold = 1")
    #expect(
      found.contains { $0.contains("gesture must be one of \"press\", \"long\", \"double\", not 'triple'") },
      "\(found)")
    #expect(found.contains { $0.contains("long_ms must be between 1 and 86400000 milliseconds") }, "\(found)")
    #expect(found.contains { $0.contains("unknown key 'hold'") }, "\(found)")
  }

  @Test func theThresholdsCanChange() throws {
    let config = try load("[gestures]\nlong_ms = 800\ndouble_ms = 250")
    #expect(
      config.gestureTiming == KeyGestureMachine.Timing(long: .milliseconds(800), double: .milliseconds(250)))
  }

  @Test func aHotkeyMayBeLimitedToDevices() throws {
    let config = try load(
      "[[hotkeys]]\nkey = \"KEY_MENU\"\ndevices = [{ kind = \"remote\" }, { name = \"Flirc*\" }]\nrun = [\"true\"]\n"
        + "[[hotkeys]]\nkey = \"KEY_MENU\"\nrun = [\"false\"]")
    #expect(
      config.hotkeys.map(\.devices) == [
        [DeviceRule(kind: .remote), DeviceRule(match: DeviceMatch(name: "Flirc*"))], [],
      ])
    #expect(config.hotkeys[0].devices.map(\.description) == ["kind=remote", "name=Flirc*"])
  }

  @Test func badDeviceRulesSayWhatIsExpected() {
    let found = errors(
      "[[hotkeys]]\nkey = \"KEY_MENU\"\ndevices = [{ kind = \"tv\" }, {}]\nrun = [\"true\"]\n"
        + "[[hotkeys]]\nkey = \"KEY_HOME\"\ndevices = \"remote\"\nrun = [\"true\"]")
    #expect(
      found.contains { $0.contains("kind must be one of \"keyboard\", \"keypad\", \"remote\"") }, "\(found)")
    #expect(found.contains { $0.contains("device rule matches nothing; give kind, name") }, "\(found)")
    #expect(found.contains { $0.contains("devices must be an array of device rules") }, "\(found)")
  }

  @Test func anItemMayHaveALongAction() throws {
    let config = try load(
      """
      [gestures]
      long_ms = 700
      [menus.box]
      title = "Box"
      items = [{ title = "Movie", invoke = "play", long = { menu = "context" } }]
      [menus.context]
      title = "Context"
      items = [{ title = "Delete", invoke = "delete" }]
      """)
    let item = try #require(config.menus.first { $0.name == "box" }?.items.first)
    #expect(item.long == .openMenu("context"))
    var bound: [String] = []
    let objects = config.pluginObjects { _, _, title, _ in
      bound.append(title)
      return Selector("s\(bound.count)")
    }
    let box = try #require((objects["menus"] as? [String: Menu])?["box"])
    #expect(box.sections[0].items[0].longSelector == "s2")
    #expect(box.longPress == .milliseconds(700))
    #expect(bound.contains("Movie (long)"))
  }

  @Test func badLongActionsSayWhatIsExpected() {
    let found = errors(
      """
      [menus.box]
      title = "Box"
      items = [
        { title = "Sub", items = [{ title = "A", invoke = "a" }], long = { invoke = "x" } },
        { title = "B", invoke = "b", long = { title = "x" } },
        { title = "C", invoke = "c", long = "menu" },
      ]
      """)
    #expect(found.contains { $0.contains("a submenu has no long action") }, "\(found)")
    #expect(found.contains { $0.contains("long action has no action; give one of menu, alert") }, "\(found)")
    #expect(found.contains { $0.contains("unknown key 'title' in long action") }, "\(found)")
    #expect(found.contains { $0.contains("long must be a table, not a string") }, "\(found)")
  }
}
