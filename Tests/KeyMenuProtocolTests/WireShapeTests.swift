import KeyMenuProtocol
import Testing

/// Each typed result and notification writes the bytes keymenud wrote when
/// they were built by hand (``WireShapeSamples``), and reads back from them
/// as the value it was: the daemon encodes them, clients decode them.
@Suite struct WireShapeTests {
  /// `value` written as the daemon writes it, and read back from those bytes.
  static func roundTrip<T: Codable & Equatable>(_ value: T, _ bytes: String) throws {
    let written = JSONValue(encoding: value).jsonText
    #expect(written == bytes)
    // Written as it comes, with no tree and no sorting: the type encodes its members in order.
    let streamed = try OrderedJSONEncoder().encode(value)
    #expect(String(decoding: streamed, as: UTF8.self) == bytes)
    let parsed = try #require(JSONValue.parse(Array(bytes.utf8)))
    #expect(try parsed.decoded(as: T.self) == value)
  }

  @Test func sharedShapes() throws {
    try Self.roundTrip(WireShapeSamples.alert, WireShapeSamples.alertBytes)
    try Self.roundTrip(WireShapeSamples.alertWithMessage, WireShapeSamples.alertWithMessageBytes)
    try Self.roundTrip(WireShapeSamples.menu, WireShapeSamples.menuBytes)
    try Self.roundTrip(WireShapeSamples.windowedMenu, WireShapeSamples.windowedMenuBytes)
    try Self.roundTrip(WireShapeSamples.state, WireShapeSamples.stateBytes)
    try Self.roundTrip(ModalState(), #"{"stack":[]}"#)
    try Self.roundTrip(WireShapeSamples.device, WireShapeSamples.deviceBytes)
    var grabbed = WireShapeSamples.device
    grabbed.grabbed = false
    try Self.roundTrip(
      [grabbed],
      #"[{"grabbed":false,"id":7,"keyboard":true,"kind":"other","name":"kbd","path":"/dev/input/event7","phys":"usb-1/input0","vendor_product":"046d:c31c"}]"#
    )
    try Self.roundTrip(WireShapeSamples.selector, WireShapeSamples.selectorBytes)
    try Self.roundTrip(WireShapeSamples.stableSelector, WireShapeSamples.stableSelectorBytes)
    var wrapped = WireShapeSamples.selector
    wrapped.wrappedBy = ["plugin:logger"]
    try Self.roundTrip(
      wrapped,
      #"{"kind":"menu","owner":"config","selector":"menu.reboot.1a2b","title":"Reboot","wrapped_by":["plugin:logger"]}"#
    )
  }

  @Test func statusAndHello() throws {
    try Self.roundTrip(WireShapeSamples.status, WireShapeSamples.statusBytes)
    try Self.roundTrip(WireShapeSamples.hello, WireShapeSamples.helloBytes)
    let restarting = DaemonStatusResult.Plugin(
      name: "ext", kind: "external", enabled: true, state: "restarting", summary: "An external",
      error: "exited 1",
      restarts: 2, pid: nil)
    #expect(
      JSONValue(encoding: restarting).jsonText
        == #"{"enabled":true,"error":"exited 1","kind":"external","name":"ext","pid":null,"restarts":2,"state":"restarting","summary":"An external"}"#,
      "an external plugin always has restarts and pid, null between runs")
    let running = DaemonStatusResult.Plugin(
      name: "ext", kind: "external", enabled: true, state: "running", summary: "S", error: nil, restarts: nil,
      pid: 42)
    try Self.roundTrip(
      DaemonStatusResult.Plugin(
        name: "ext", kind: "external", enabled: true, state: "running", summary: "S", error: nil, restarts: 0,
        pid: 42),
      #"{"enabled":true,"error":null,"kind":"external","name":"ext","pid":42,"restarts":0,"state":"running","summary":"S"}"#
    )
    #expect(
      JSONValue(encoding: running)
        == JSONValue(
          encoding: DaemonStatusResult.Plugin(
            name: "ext", kind: "external", enabled: true, state: "running", summary: "S", error: nil,
            restarts: 0, pid: 42)))
  }

  @Test func notifications() throws {
    try Self.roundTrip(WireShapeSamples.invoked, WireShapeSamples.invokedBytes)
    try Self.roundTrip(
      AlertAnsweredNotice(
        id: "alert-1", owner: "client:3", answer: AlertShowResult(button: 0, title: "No", reason: "escape")),
      #"{"button":0,"id":"alert-1","owner":"client:3","reason":"escape","title":"No"}"#)
    try Self.roundTrip(
      AlertAnsweredNotice(
        id: "alert-1", owner: "config", answer: AlertShowResult(button: nil, title: nil, reason: "dismissed")),
      #"{"button":null,"id":"alert-1","owner":"config","reason":"dismissed","title":null}"#)
    try Self.roundTrip(
      MenuSelectedNotice(
        id: "menu-1", owner: "config", selector: "menu.reboot.1a2b", title: "Reboot",
        path: ["Main", "Reboot"]),
      #"{"id":"menu-1","owner":"config","path":["Main","Reboot"],"selector":"menu.reboot.1a2b","title":"Reboot"}"#
    )
    try Self.roundTrip(
      MenuChangedNotice(change: .removed(section: 0, index: 2), menu: WireShapeSamples.menu),
      #"{"change":{"index":2,"kind":"removed","section":0},"menu":"# + WireShapeSamples.menuBytes + "}")
    try Self.roundTrip(
      MenuItemChange.inserted(section: 0, index: 1), #"{"index":1,"kind":"inserted","section":0}"#)
    try Self.roundTrip(
      MenuItemChange.moved(section: 1, from: 2, to: 0), #"{"from":2,"kind":"moved","section":1,"to":0}"#)
    try Self.roundTrip(
      MenuItemChange.updated(section: 0, index: 0), #"{"index":0,"kind":"updated","section":0}"#)
    try Self.roundTrip(MenuClosedNotice(id: "menu-1"), #"{"id":"menu-1"}"#)
    try Self.roundTrip(
      SelectorFailedNotice(selector: "menu.x", code: "unknown-selector", message: "no selector named menu.x"),
      #"{"code":"unknown-selector","message":"no selector named menu.x","selector":"menu.x"}"#)
    try Self.roundTrip(
      SelectorWrappedNotice(WireShapeSamples.invoked, mode: "before", wrapper: 2),
      #"{"kind":"menu","mode":"before","owner":"config","selector":"menu.ip.9f","source":"hotkey","stable":"box.show-ip","title":"Show IP","wrapper":2}"#
    )
    try Self.roundTrip(
      KeyNotice(device: 2, code: 30, name: "KEY_A", action: "down", synthetic: false),
      #"{"action":"down","code":30,"device":2,"name":"KEY_A","synthetic":false}"#)
    try Self.roundTrip(
      ConfigReloadedNotice.reloaded(sources: ["/etc/keymenu/config.toml"]),
      #"{"ok":true,"sources":["/etc/keymenu/config.toml"]}"#)
    try Self.roundTrip(
      ConfigReloadedNotice.refused(errors: ["a:1:2: bad"]), #"{"errors":["a:1:2: bad"],"ok":false}"#)
  }

  @Test func results() throws {
    try Self.roundTrip(
      AlertShowResult(button: 1, title: "Yes", reason: "key"), #"{"button":1,"reason":"key","title":"Yes"}"#)
    try Self.roundTrip(
      AlertShowResult(button: nil, title: nil, reason: "dismissed"),
      #"{"button":null,"reason":"dismissed","title":null}"#)
    try Self.roundTrip(AlertDismissResult(dismissed: "alert-3"), #"{"dismissed":"alert-3"}"#)
    try Self.roundTrip(
      MenuOpenResult.chose(selector: "menu.reboot.1a2b", title: "Reboot", path: ["Main", "Reboot"]),
      #"{"path":["Main","Reboot"],"selector":"menu.reboot.1a2b","title":"Reboot"}"#)
    try Self.roundTrip(
      MenuOpenResult.chose(selector: "menu.wi-fi.3c4d", title: "Wi-Fi", path: ["Net"], value: "wlan0"),
      #"{"path":["Net"],"selector":"menu.wi-fi.3c4d","title":"Wi-Fi","value":"wlan0"}"#)
    try Self.roundTrip(
      MenuOpenResult.cancelled(reason: MenuOpenResult.timeout), #"{"cancelled":true,"reason":"timeout"}"#)
    try Self.roundTrip(MenuOpenResult.typed("reboot"), #"{"typed":"reboot"}"#)
    try Self.roundTrip(
      MenuPickedNotice(
        request: .number(7), answer: .chose(selector: "menu.a.1", title: "a", path: ["Pick"], value: "0")),
      #"{"answer":{"path":["Pick"],"selector":"menu.a.1","title":"a","value":"0"},"request":7}"#)
    try Self.roundTrip(
      MenuPickedNotice(request: .string("9-1"), answer: .typed("")),
      #"{"answer":{"typed":""},"request":"9-1"}"#)
    // An older daemon's answer, without a reason.
    try Self.roundTrip(MenuOpenResult.cancelled(reason: nil), #"{"cancelled":true}"#)
    try Self.roundTrip(MenuCloseResult(closed: "menu-2"), #"{"closed":"menu-2"}"#)
    try Self.roundTrip(MenuCloseResult(closed: nil), #"{"closed":null}"#)
    try Self.roundTrip(MenuAppendResult(items: 4096), #"{"items":4096}"#)
    try Self.roundTrip(MenuAppendResult(items: 5000, opened: true), #"{"items":5000,"opened":true}"#)
    try Self.roundTrip(
      MenuDefineResult(name: "tools", selectors: ["tools.a.1", "tools.b.2"]),
      #"{"name":"tools","selectors":["tools.a.1","tools.b.2"]}"#)
    try Self.roundTrip(MenuRemoveResult(removed: "tools"), #"{"removed":"tools"}"#)
    try Self.roundTrip(
      [MenuEntry(name: "main", title: "Main", owner: "config", open: false)],
      #"[{"name":"main","open":false,"owner":"config","title":"Main"}]"#)
    try Self.roundTrip(SelectorInvokeResult(invoked: "menu.x"), #"{"invoked":"menu.x"}"#)
    try Self.roundTrip(
      SelectorWrapResult(wrapper: 1, selector: "menu.x", mode: "replace"),
      #"{"mode":"replace","selector":"menu.x","wrapper":1}"#)
    try Self.roundTrip(SelectorUnwrapResult(unwrapped: 1), #"{"unwrapped":1}"#)
    try Self.roundTrip(
      ActionFailedData(selector: "menu.x", code: "action-failed"),
      #"{"code":"action-failed","selector":"menu.x"}"#)
    try Self.roundTrip(
      ConfigReloadResult(sources: ["/etc/keymenu/config.toml"], warnings: []),
      #"{"ok":true,"sources":["/etc/keymenu/config.toml"],"warnings":[]}"#)
    try Self.roundTrip(ConfigErrorsData(errors: ["a:1:2: bad"]), #"{"errors":["a:1:2: bad"]}"#)
    try Self.roundTrip(
      SubscribeResult(topics: ["alert", "menu"], snapshot: .init(state: ModalState(), devices: [])),
      #"{"snapshot":{"devices":[],"state":{"stack":[]}},"topics":["alert","menu"]}"#)
  }

  @Test func aClientReadsWhatANewerDaemonMaySend() throws {
    let line = #"{"skipped":3,"stack":[{"kind":"countdown","id":"c-1"},"# + WireShapeSamples.alertBytes + "]}"
    let state = try #require(JSONValue.parse(Array(line.utf8))).decoded(as: ModalState.self)
    #expect(
      state.stack == [ModalPicture(id: "c-1", kind: "countdown", title: "countdown"), WireShapeSamples.alert])
    #expect(state.skipped == 3)
    let extra = #"{"button":1,"reason":"key","title":"Yes","new":true}"#
    #expect(
      try #require(JSONValue.parse(Array(extra.utf8))).decoded(as: AlertShowResult.self)
        == AlertShowResult(button: 1, title: "Yes", reason: "key"), "a member it does not know is passed over"
    )
  }

  /// What a client sends: absent members stay absent, as keymenuctl wrote them by hand.
  @Test func paramsAsClientsWriteThem() throws {
    #expect(
      JSONValue(
        encoding: AlertShowParams(
          title: "Reboot?", buttons: ["No", "Yes"], cancel: 0, timeoutMilliseconds: 1500)
      )
      .jsonText == #"{"buttons":["No","Yes"],"cancel":0,"timeout_ms":1500,"title":"Reboot?"}"#)
    #expect(
      JSONValue(encoding: MenuOpenParams(title: "Choose", items: [MenuItemParams(title: "a")], filter: false))
        .jsonText == #"{"filter":false,"items":[{"title":"a"}],"title":"Choose"}"#)
    #expect(
      JSONValue(
        encoding: MenuOpenParams(
          title: "Kill:", items: [MenuItemParams(title: "a", value: "0")], keys: .dmenu, ignoreCase: true,
          listHeight: 15)
      ).jsonText
        == #"{"ignore_case":true,"items":[{"title":"a","value":"0"}],"keys":"dmenu","list_height":15,"title":"Kill:"}"#
    )
    #expect(
      JSONValue(encoding: MenuAppendParams(request: .string("9-1"), items: [], more: false)).jsonText
        == #"{"items":[],"more":false,"request":"9-1"}"#)
    let item = MenuItemParams(
      title: "Sub", key: "ctrl+s", items: [MenuItemParams(separator: true)], keepOpen: true)
    try Self.roundTrip(item, #"{"items":[{"separator":true}],"keep_open":true,"key":"ctrl+s","title":"Sub"}"#)
  }
}
