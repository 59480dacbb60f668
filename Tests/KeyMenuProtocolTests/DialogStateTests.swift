import KeyMenuProtocol
import Testing

/// The dialog entry of the modal stack on the wire: `"kind":"dialog"` with
/// the kind's own name in `dialog`, every member present (`null` when a part
/// is absent), and an older client's view of it.
@Suite struct DialogStateTests {
  static let prompt = DialogState(
    id: "prompt-1", dialog: "prompt", title: "Wi-Fi password", text: "Kitchen",
    field: .init(text: "•••", masked: true, cursor: 2, maximumLength: 63), buttons: ["OK", "Cancel"],
    focusedButton: nil, cancel: 1)
  static let promptBytes =
    #"{"buttons":["OK","Cancel"],"cancel":1,"dialog":"prompt","field":{"cursor":2,"masked":true,"max_length":63,"text":"•••"},"focus":null,"id":"prompt-1","kind":"dialog","text":"Kitchen","title":"Wi-Fi password"}"#

  @Test func aPromptRoundTrips() throws {
    try WireShapeTests.roundTrip(Self.prompt, Self.promptBytes)
    let bare = DialogState(
      id: "d", dialog: "info", title: "T", text: nil, field: nil, buttons: [], focusedButton: 0, cancel: nil)
    try WireShapeTests.roundTrip(
      bare,
      #"{"buttons":[],"cancel":null,"dialog":"info","field":null,"focus":0,"id":"d","kind":"dialog","text":null,"title":"T"}"#
    )
    var unlimited = Self.prompt
    unlimited.field?.maximumLength = nil
    unlimited.field?.masked = false
    unlimited.field?.text = "abc"
    try WireShapeTests.roundTrip(
      unlimited,
      #"{"buttons":["OK","Cancel"],"cancel":1,"dialog":"prompt","field":{"cursor":2,"masked":false,"max_length":null,"text":"abc"},"focus":null,"id":"prompt-1","kind":"dialog","text":"Kitchen","title":"Wi-Fi password"}"#
    )
  }

  @Test func theStackTellsADialogApartByItsKind() throws {
    let state = ModalState(stack: [.alert(WireShapeSamples.alert), .dialog(Self.prompt)])
    try WireShapeTests.roundTrip(
      state, #"{"stack":["# + WireShapeSamples.alertBytes + "," + Self.promptBytes + "]}")
    let parsed = try #require(JSONValue.parse(Array(#"{"stack":[{"kind":"gizmo","x":1}]}"#.utf8)))
    #expect(try parsed.decoded(as: ModalState.self).stack == [.unknown(kind: "gizmo")])
  }

  @Test func dialogClosedCarriesTheID() throws {
    try WireShapeTests.roundTrip(DialogClosedNotice(id: "prompt-1"), #"{"id":"prompt-1"}"#)
  }
}
