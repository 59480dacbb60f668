import KeyMenuProtocol
import Testing

/// The dialog entry of the modal stack on the wire (every kind but alerts
/// and menus): `"kind":"dialog"` with the kind's own name in `dialog`, every
/// member present (`null` when a part is absent), and an older client's view
/// of it.
@Suite struct DialogShapeTests {
  static let prompt = ModalPicture(
    id: "prompt-1", kind: "prompt", title: "Wi-Fi password", text: "Kitchen",
    field: .init(shown: "•••", masked: true, cursor: 2, maximumLength: 63), buttons: ["OK", "Cancel"],
    focusedButton: nil, cancel: 1)
  static let promptBytes =
    #"{"buttons":["OK","Cancel"],"cancel":1,"dialog":"prompt","field":{"cursor":2,"masked":true,"max_length":63,"text":"•••"},"focus":null,"id":"prompt-1","kind":"dialog","text":"Kitchen","title":"Wi-Fi password"}"#

  @Test func aPromptRoundTrips() throws {
    try WireShapeTests.roundTrip(Self.prompt, Self.promptBytes)
    let bare = ModalPicture(id: "d", kind: "info", title: "T", focusedButton: 0)
    try WireShapeTests.roundTrip(
      bare,
      #"{"buttons":[],"cancel":null,"dialog":"info","field":null,"focus":0,"id":"d","kind":"dialog","text":null,"title":"T"}"#
    )
    var unlimited = Self.prompt
    unlimited.field?.maximumLength = nil
    unlimited.field?.masked = false
    unlimited.field?.shown = "abc"
    try WireShapeTests.roundTrip(
      unlimited,
      #"{"buttons":["OK","Cancel"],"cancel":1,"dialog":"prompt","field":{"cursor":2,"masked":false,"max_length":null,"text":"abc"},"focus":null,"id":"prompt-1","kind":"dialog","text":"Kitchen","title":"Wi-Fi password"}"#
    )
  }

  @Test func theStackTellsADialogApartByItsKind() throws {
    let state = ModalState(stack: [WireShapeSamples.alert, Self.prompt])
    try WireShapeTests.roundTrip(
      state, #"{"stack":["# + WireShapeSamples.alertBytes + "," + Self.promptBytes + "]}")
    let parsed = try #require(JSONValue.parse(Array(#"{"stack":[{"kind":"gizmo","x":1}]}"#.utf8)))
    #expect(
      try parsed.decoded(as: ModalState.self).stack == [ModalPicture(id: "", kind: "gizmo", title: "gizmo")])
  }

  /// A kind of the dialog shape keeps the parts an alert has too: a text
  /// scrolled down (`first_line`) and the button Enter answered at first
  /// (`default`), both absent when unset, so older entries keep their bytes.
  @Test func aScrolledTextAndADefaultButtonTravelInTheDialogShape() throws {
    var scrolled = ModalPicture(
      id: "msg-1", kind: "message", title: "T", text: "a\nb\nc", firstLine: 2, buttons: ["OK", "No"],
      focusedButton: 1, cancel: 1, defaultButton: 0)
    try WireShapeTests.roundTrip(
      scrolled,
      #"{"buttons":["OK","No"],"cancel":1,"default":0,"dialog":"message","field":null,"first_line":2,"focus":1,"id":"msg-1","kind":"dialog","text":"a\nb\nc","title":"T"}"#
    )
    scrolled.firstLine = 0
    scrolled.defaultButton = nil
    try WireShapeTests.roundTrip(
      scrolled,
      #"{"buttons":["OK","No"],"cancel":1,"dialog":"message","field":null,"focus":1,"id":"msg-1","kind":"dialog","text":"a\nb\nc","title":"T"}"#
    )
  }

  /// An alert scrolled down says from which line (`first_line`), and an
  /// alert's picture reads back as the alert kind's.
  @Test func aScrolledAlertSaysItsFirstLine() throws {
    let alert = ModalPicture.alert(
      id: "alert-3", title: "T", message: "a\nb", buttons: ["OK"], focus: 0, cancel: nil, defaultButton: 0,
      firstLine: 1)
    try WireShapeTests.roundTrip(
      alert,
      #"{"buttons":["OK"],"cancel":null,"default":0,"first_line":1,"focus":0,"id":"alert-3","kind":"alert","message":"a\nb","title":"T"}"#
    )
  }

  @Test func dialogClosedCarriesTheID() throws {
    try WireShapeTests.roundTrip(DialogClosedNotice(id: "prompt-1"), #"{"id":"prompt-1"}"#)
  }
}
