import AlertsPlugin
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuPluginAPI
import KeyMenuRouting
import MenusPlugin
import SpeechPlugin
import Synchronization
import Testing

/// A plugin that only runs code at registration.
func probe(_ body: @escaping @Sendable @EngineActor (any PluginHost) -> Void) -> InlinePlugin {
  InlinePlugin(name: "probe", register: body)
}

/// A real engine with the Alerts, Menus and Speech plugins; keys go in,
/// utterances come out.
@Suite @EngineActor struct SpeechPluginEngineTests {
  let engine = Engine()
  let speaker = RecordingSpeaker()

  func start() throws -> (menus: any MenuPresenting, alerts: any AlertPresenting, plugin: SpeechPlugin) {
    #expect(engine.start(AlertsPlugin()) == nil)
    #expect(engine.start(MenusPlugin()) == nil)
    let plugin = SpeechPlugin(decidesInline: true) { [speaker] settings, _, _ in
      speaker.made.withLock { $0 = settings }
      return speaker
    }
    let configuration = SpeechPlugin.descriptor.withDefaults(PluginConfiguration(["rate": .integer(220)]))
    #expect(engine.start(plugin, configuration: configuration) == nil)
    let found = Mutex<(menus: (any MenuPresenting)?, alerts: (any AlertPresenting)?)>((nil, nil))
    engine.start(
      probe { host in
        found.withLock {
          $0 = (host.service((any MenuPresenting).self), host.service((any AlertPresenting).self))
        }
      })
    let menus = try #require(found.withLock { $0.menus })
    let alerts = try #require(found.withLock { $0.alerts })
    return (menus, alerts, plugin)
  }

  func press(_ code: KeyCode, _ name: String) {
    engine.handle(
      KeyEvent(code: code, name: name, action: .down, modifiers: [], device: DeviceID(1), time: .zero))
    engine.handle(
      KeyEvent(code: code, name: name, action: .up, modifiers: [], device: DeviceID(1), time: .zero))
  }

  @Test func anAlertIsSpokenAsItAppearsAsFocusMovesAndAsItIsAnswered() throws {
    let (_, alerts, _) = try start()
    #expect(speaker.made.withLock { $0 } == SpeechSettings(rate: 220))
    let answer = Mutex<String?>(nil)
    alerts.present(
      Alert(title: "Reboot now?", message: "Updates are installed.", buttons: ["No", "Yes"], cancel: 0),
      owner: "t"
    ) { reply in answer.withLock { $0 = reply.title } }
    #expect(speaker.take() == ["! Reboot now? Updates are installed. Buttons: No, Yes. Yes."])
    press(.left, "KEY_LEFT")
    #expect(speaker.take() == ["! No"])
    press(.right, "KEY_RIGHT")
    press(.enter, "KEY_ENTER")
    #expect(speaker.take() == ["! Yes", "! Closed"])
    #expect(answer.withLock { $0 } == "Yes")
  }

  @Test func aMenuIsSpokenAsTheHighlightMovesThroughItsLevels() throws {
    let (menus, _, _) = try start()
    let more = Menu(
      title: "More", items: [.action("Lock", selector: "lock"), .action("Log out", selector: "out")])
    menus.open(
      Menu(
        title: "Power",
        items: [
          .action("Suspend", selector: "s"), .action("Reboot", selector: "r"),
          .action("Hibernate", selector: "h", enabled: false), .submenu(more),
        ]), owner: "t"
    ) { _ in }
    press(.down, "KEY_DOWN")
    press(.down, "KEY_DOWN")
    press(.enter, "KEY_ENTER")
    press(.down, "KEY_DOWN")
    press(.left, "KEY_LEFT")
    press(.escape, "KEY_ESC")
    #expect(
      speaker.take() == [
        "! Power menu. Suspend, 1 of 4", "! Reboot, 2 of 4", "! More, submenu, 4 of 4",
        "! More submenu. Lock, 1 of 2", "! Log out, 2 of 2", "! Power menu. More, submenu, 4 of 4",
        "! Closed",
      ])
  }

  @Test func typingFiltersAndAnAlertOverTheMenuGivesItBackAfterwards() throws {
    let (menus, alerts, _) = try start()
    menus.open(
      Menu(
        title: "Apps",
        items: [
          .action("Editor", selector: "e"), .action("Browser", selector: "b"),
          .action("Terminal", selector: "t"),
        ],
        filterable: true), owner: "t"
    ) { _ in }
    press(KeyCode(20), "KEY_T")
    press(KeyCode(14), "KEY_BACKSPACE")
    #expect(
      speaker.take() == [
        "! Apps menu. Editor, 1 of 3", "! Filter t, 2 items. Editor, 1 of 2",
        "! Filter cleared, 3 items. Editor, 1 of 3",
      ])
    alerts.present(Alert(title: "Sure?", buttons: ["No", "Yes"], cancel: 0), owner: "t") { _ in }
    press(.escape, "KEY_ESC")
    #expect(speaker.take() == ["! Sure? Buttons: No, Yes. Yes.", "! Apps menu. Editor, 1 of 3"])
  }

  @Test func anEditToTheHighlightedItemWaitsItsTurn() throws {
    let (menus, _, _) = try start()
    let id = menus.open(
      Menu(title: "Jobs", items: [.action("Build", selector: "b"), .action("Deploy", selector: "d")]),
      owner: "t"
    ) { _ in }
    try menus.edit(id, .update(.action("Build (running)", selector: "b"), section: 0, at: 0))
    try menus.edit(id, .update(.action("Deploy (queued)", selector: "d"), section: 0, at: 1))
    #expect(speaker.take() == ["! Jobs menu. Build, 1 of 2", "+ Build (running), 1 of 2"])
  }

  @Test func settingsFollowTheConfigurationAndStoppingStopsTheSpeaker() throws {
    let (_, _, plugin) = try start()
    plugin.configurationChanged(PluginConfiguration(["rate": .integer(300), "voice": .string("f3")]))
    plugin.configurationChanged(PluginConfiguration(["language": .string("../x")]))
    #expect(speaker.settings == [SpeechSettings(voice: "f3", rate: 300)])
    engine.stop("speech")
    #expect(speaker.stopped)
  }

  @Test func badSettingsKeepThePluginOutAndTheOthersRunning() throws {
    let plugin = SpeechPlugin(decidesInline: true) { [speaker] _, _, _ in speaker }
    let failure = engine.start(plugin, configuration: PluginConfiguration(["language": .string("en us")]))
    #expect(failure?.message.contains("language \"en us\"") == true)
    #expect(engine.pluginNames.isEmpty)
  }

  @Test func onItsOwnThreadTheNewestSnapshotIsSpokenAndNoneIsSaidTwice() throws {
    #expect(engine.start(AlertsPlugin()) == nil)
    let plugin = SpeechPlugin { [speaker] _, _, _ in speaker }
    #expect(
      engine.start(plugin, configuration: SpeechPlugin.descriptor.withDefaults(PluginConfiguration())) == nil)
    let alerts = Mutex<(any AlertPresenting)?>(nil)
    engine.start(probe { host in alerts.withLock { $0 = host.service((any AlertPresenting).self) } })
    let presenting = try #require(alerts.withLock { $0 })
    presenting.present(Alert(title: "Pick", buttons: ["A", "B", "C"]), owner: "t") { _ in }
    plugin.waitUntilDecided()
    #expect(speaker.take() == ["! Pick. Buttons: A, B, C. C."])
    for _ in 0..<50 {
      press(.left, "KEY_LEFT")
      press(.right, "KEY_RIGHT")
    }
    press(.left, "KEY_LEFT")
    plugin.waitUntilDecided()
    let said = speaker.take()
    #expect(said.last == "! B", "the newest focus is what is said last: \(said)")
    #expect(said.count <= 101, "at most one utterance per change")
    for (first, second) in zip(said, said.dropFirst()) { #expect(first != second, "\(said)") }
  }

  @Test func aPluginStartedAgainAfterAStopSpeaksOnAThreadOfItsOwn() throws {
    #expect(engine.start(AlertsPlugin()) == nil)
    let configuration = SpeechPlugin.descriptor.withDefaults(PluginConfiguration())
    let first = SpeechPlugin { [speaker] _, _, _ in speaker }
    #expect(engine.start(first, configuration: configuration) == nil)
    let alerts = Mutex<(any AlertPresenting)?>(nil)
    engine.start(probe { host in alerts.withLock { $0 = host.service((any AlertPresenting).self) } })
    let presenting = try #require(alerts.withLock { $0 })
    #expect(engine.stop("speech"))
    #expect(speaker.stopped)
    let again = RecordingSpeaker()
    let second = SpeechPlugin { _, _, _ in again }
    #expect(engine.start(second, configuration: configuration) == nil)
    presenting.present(Alert(title: "Back", buttons: ["OK"]), owner: "t") { _ in }
    second.waitUntilDecided()
    first.waitUntilDecided()
    #expect(again.take() == ["! Back. Button: OK."])
    #expect(speaker.take() == [])
  }
}
