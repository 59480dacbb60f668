import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

/// The plugin API's snapshots and payloads in the protocol's shapes write
/// the bytes keymenud wrote for them by hand (captured from that code), and
/// a client reads them back as the snapshot they came from.
@Suite struct WireFormsTests {
  static let alert = ModalPicture.alert(
    id: "alert-1", title: "Reboot now?", message: nil, buttons: ["No", "Yes"], focus: 1, cancel: nil,
    defaultButton: 1)
  static let menu = ModalPicture.menu(
    id: "menu-1", path: ["Main"],
    items: [
      .init(title: "Reboot", section: 0, position: "top", enabled: true, opensSubmenu: false),
      .init(title: "More", section: 1, position: "single", enabled: false, opensSubmenu: true),
    ], highlight: nil, filter: "")
  static let windowed = ModalPicture.menu(
    id: "menu-2", path: ["Main", "More"],
    items: [.init(title: "Reboot", section: 0, position: "top", enabled: true, opensSubmenu: false)],
    highlight: 0, filter: "re", offset: 3, total: 600)

  static let alertBytes =
    #"{"buttons":["No","Yes"],"cancel":null,"default":1,"focus":1,"id":"alert-1","kind":"alert","message":null,"title":"Reboot now?"}"#
  static let menuBytes =
    #"{"filter":"","highlight":null,"id":"menu-1","items":[{"enabled":true,"position":"top","section":0,"submenu":false,"title":"Reboot"},{"enabled":false,"position":"single","section":1,"submenu":true,"title":"More"}],"kind":"menu","path":["Main"],"title":"Main"}"#

  @Test func theModalStackKeepsItsBytesAndReadsBack() throws {
    let snapshot = ModalSnapshot(stack: [Self.alert, Self.menu])
    let bytes = #"{"stack":["# + Self.alertBytes + "," + Self.menuBytes + "]}"
    #expect(JSONValue(encoding: ModalState(snapshot)).jsonText == bytes)
    let read = try #require(JSONValue.parse(Array(bytes.utf8))).decoded(as: ModalState.self)
    #expect(ModalSnapshot(read) == snapshot)
  }

  @Test func aDialogKeepsItsPartsBothWays() throws {
    let dialog = ModalPicture(
      id: "prompt-1", kind: "prompt", title: "Password", text: "For the kitchen",
      field: .init(shown: "••", masked: true, cursor: 1, maximumLength: 8), buttons: ["OK", "Cancel"],
      focusedButton: nil, cancel: 1)
    let bytes =
      #"{"buttons":["OK","Cancel"],"cancel":1,"dialog":"prompt","field":{"cursor":1,"masked":true,"max_length":8,"text":"••"},"focus":null,"id":"prompt-1","kind":"dialog","text":"For the kitchen","title":"Password"}"#
    let snapshot = ModalSnapshot(stack: [Self.alert, dialog])
    #expect(JSONValue(encoding: dialog).jsonText == bytes)
    #expect(
      JSONValue(encoding: ModalState(snapshot)).jsonText == #"{"stack":["# + Self.alertBytes + "," + bytes
        + "]}")
    let read = try #require(JSONValue.parse(Array(bytes.utf8))).decoded(as: ModalPicture.self)
    #expect(read == dialog)
    #expect(ModalSnapshot(ModalState(snapshot)) == snapshot)
  }

  @Test func onlyAWindowedMenuHasOffsetAndTotal() throws {
    let bytes =
      #"{"filter":"re","highlight":0,"id":"menu-2","items":[{"enabled":true,"position":"top","section":0,"submenu":false,"title":"Reboot"}],"kind":"menu","offset":3,"path":["Main","More"],"title":"More","total":600}"#
    #expect(JSONValue(encoding: Self.windowed).jsonText == bytes)
    #expect(try #require(JSONValue.parse(Array(bytes.utf8))).decoded(as: ModalPicture.self) == Self.windowed)
    #expect(JSONValue(encoding: Self.menu).jsonText == Self.menuBytes)
  }

  @Test func payloadsKeepTheirBytes() {
    #expect(
      JSONValue(
        encoding: AlertAnsweredNotice(
          AlertAnswered(
            id: "alert-1", owner: "client:3", answer: AlertAnswer(button: 0, title: "No", reason: .escape)))
      ).jsonText == #"{"button":0,"id":"alert-1","owner":"client:3","reason":"escape","title":"No"}"#)
    #expect(
      JSONValue(encoding: AlertShowResult(AlertAnswer(button: nil, title: nil, reason: .dismissed))).jsonText
        == #"{"button":null,"reason":"dismissed","title":null}"#)
    #expect(
      JSONValue(
        encoding: MenuChangedNotice(
          MenuChanged(change: .moved(section: 1, from: 2, to: 0), snapshot: Self.menu))
      )
      .jsonText == #"{"change":{"from":2,"kind":"moved","section":1,"to":0},"menu":"# + Self.menuBytes + "}")
    #expect(
      JSONValue(
        encoding: MenuSelectedNotice(
          MenuSelected(
            id: "menu-1", owner: "config", selector: "menu.reboot.1a2b", title: "Reboot",
            path: ["Main", "Reboot"]))
      ).jsonText
        == #"{"id":"menu-1","owner":"config","path":["Main","Reboot"],"selector":"menu.reboot.1a2b","title":"Reboot"}"#
    )
    #expect(
      JSONValue(encoding: MenuOpenResult(MenuResult.chose(selector: "s.1", title: "A", path: ["M", "A"])))
        .jsonText
        == #"{"path":["M","A"],"selector":"s.1","title":"A"}"#)
    #expect(
      JSONValue(
        encoding: MenuOpenResult(MenuResult.chose(selector: "s.2", title: "B", path: ["M"], value: "b"))
      )
      .jsonText == #"{"path":["M"],"selector":"s.2","title":"B","value":"b"}"#)
    for reason in MenuCancelReason.allCases {
      #expect(
        JSONValue(encoding: MenuOpenResult(MenuResult.cancelled(reason))).jsonText
          == #"{"cancelled":true,"reason":"\#(reason.rawValue)"}"#)
    }
    let stable = SelectorInfo(
      selector: Selector("menu.ip.9f"), title: "Show IP", kind: "menu", owner: .configuration,
      stableName: Selector("box.show-ip"))
    #expect(
      JSONValue(encoding: SelectorInvokedNotice(SelectorInvocation(info: stable, source: "hotkey"))).jsonText
        == #"{"kind":"menu","owner":"config","selector":"menu.ip.9f","source":"hotkey","stable":"box.show-ip","title":"Show IP"}"#
    )
    #expect(
      JSONValue(encoding: SelectorFailedNotice(SelectorError.unknown(Selector("menu.x")))).jsonText
        == #"{"code":"unknown-selector","message":"no selector named menu.x","selector":"menu.x"}"#)
  }

  /// A newer protocol's entry is read from the members every shape has,
  /// so that the rest of the stack still is and a presenter shows its title.
  @Test func aKindThisClientDoesNotKnowIsReadFromItsTitle() throws {
    let bytes =
      #"{"stack":[{"id":"countdown-1","kind":"countdown","seconds":9,"title":"Soon"},"# + Self.alertBytes
      + "]}"
    let state = try #require(JSONValue.parse(Array(bytes.utf8))).decoded(as: ModalState.self)
    #expect(
      ModalSnapshot(state)
        == ModalSnapshot(stack: [
          ModalPicture(id: "countdown-1", kind: "countdown", title: "Soon"), Self.alert,
        ]))
  }
}
