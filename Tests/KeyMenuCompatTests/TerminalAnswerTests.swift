import KeyMenuCompat
import KeyMenuProtocol
import Testing

/// Enter and Esc typed on the script's own terminal, and finding the box
/// on the modal stack to read them against.
struct TerminalAnswerTests {
  func plan(_ words: [String]) throws -> DialogPlan {
    guard case .box(let request, let options) = try DialogArgumentParser(flavor: .whiptail).parse(words),
      let plan = DialogPlan(request, options: options, flavor: .whiptail)
    else { throw DialogUsageError(.usage("no plan"), flavor: .whiptail) }
    return plan
  }

  @Test func keysFromRawReads() {
    #expect(TerminalKey.decode([0x0D]) == [.enter])
    #expect(TerminalKey.decode([0x0A]) == [.enter])
    #expect(TerminalKey.decode([0x1B]) == [.escape])
    #expect(TerminalKey.decode([0x1B, 0x1B]) == [.escape, .escape])
    #expect(TerminalKey.decode(Array("\u{1B}[B".utf8)) == [.other], "Down is not Esc")
    #expect(TerminalKey.decode(Array("\u{1B}OA\r".utf8)) == [.other, .enter])
    #expect(TerminalKey.decode(Array("\u{1B}[15~".utf8)) == [.other])
    #expect(TerminalKey.decode(Array("x\t".utf8)) == [.other, .other])
  }

  @Test func theBoxIsTheNewEntryWithItsTitle() throws {
    let yesNo = try plan(["--yesno", "Sure?", "0", "0"])
    let older = AlertState(
      id: "alert-1", title: "Sure?", message: nil, buttons: ["A"], focus: 0, cancel: nil, defaultButton: 0)
    let other = AlertState(
      id: "alert-3", title: "Other", message: nil, buttons: ["A"], focus: 0, cancel: nil, defaultButton: 0)
    let mine = AlertState(
      id: "alert-2", title: "Sure?", message: nil, buttons: ["Yes", "No"], focus: 1, cancel: 1,
      defaultButton: 0)
    let state = ModalState(stack: [.alert(older), .alert(mine), .alert(other)])
    #expect(yesNo.ownEntry(in: state, known: ["alert-1"]) == .alert(mine))
    #expect(yesNo.ownEntry(in: state, known: ["alert-1", "alert-2"]) == nil)
  }

  @Test func enterAnswersWithWhatWasDrawn() throws {
    let yesNo = try plan(["--yesno", "Sure?", "0", "0"])
    func alert(focus: Int) -> ModalState.Entry {
      .alert(
        AlertState(
          id: "a", title: "Sure?", message: nil, buttons: ["Yes", "No"], focus: focus, cancel: 1,
          defaultButton: 0))
    }
    #expect(yesNo.outcomeOfEnter(on: alert(focus: 0)) == .accepted(.nothing))
    #expect(yesNo.outcomeOfEnter(on: alert(focus: 1)) == .cancelled)
    #expect(yesNo.dismissMethod == "alert.dismiss")
    let message = try plan(["--msgbox", "Done", "0", "0"])
    #expect(
      message.outcomeOfEnter(
        on: .alert(
          AlertState(
            id: "m", title: "Done", message: nil, buttons: ["Ok"], focus: 0, cancel: 0, defaultButton: 0)))
        == .accepted(.nothing))
  }

  @Test func enterOnAMenuGivesTheHighlightedTag() throws {
    let menu = try plan(["--menu", "Pick", "0", "0", "0", "a", "Apple", "b", "Banana"])
    #expect(menu.dismissMethod == "menu.close")
    let state = try JSONValue.parse(
      Array(
        #"{"kind":"menu","id":"menu-1","title":"Pick","path":["Pick"],"filter":"","highlight":1,"items":[{"title":"a  Apple","section":0,"position":"top","enabled":true,"submenu":false},{"title":"b  Banana","section":0,"position":"bottom","enabled":true,"submenu":false}]}"#
          .utf8)
    ).map { try $0.decoded(as: MenuState.self) }
    let entry = ModalState.Entry.menu(try #require(state))
    #expect(menu.outcomeOfEnter(on: entry) == .accepted(.text("b")))
  }
}
