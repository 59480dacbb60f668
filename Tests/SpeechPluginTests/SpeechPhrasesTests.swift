import KeyMenuPluginAPI
import KeyMenuProtocol
import SpeechPlugin
import Testing

/// The wording of single snapshots, edge cases included.
@Suite struct SpeechPhrasesTests {
  typealias S = Snapshots

  func said(_ entry: ModalPicture) -> String? { SpeechScript.utterance(from: nil, to: entry)?.text }

  @Test func alertsEndSentencesOnlyWhereTheyDoNotEndAlready() {
    #expect(said(S.alert("Done", buttons: ["OK"], focus: 0)) == "Done. Button: OK.")
    #expect(said(S.alert("  Sure!  ", message: " \n", buttons: [], focus: 0)) == "Sure!")
    #expect(
      said(S.alert("Disk full", message: "Free some space:", buttons: ["Later", "Open"], focus: 0))
        == "Disk full. Free some space: Buttons: Later, Open. Later.")
  }

  @Test func menuLevelsAreNamedOnce() {
    #expect(said(S.menu(["Main Menu"], ["A"], highlight: 0)) == "Main Menu. A, 1 of 1")
    #expect(said(S.menu([""], ["A"], highlight: 0)) == "Menu. A, 1 of 1")
    #expect(said(S.menu(["Top", ""], ["A"], highlight: 0)) == "Submenu. A, 1 of 1")
    #expect(said(S.menu(["Top", "Tools submenu"], ["A"], highlight: 0)) == "Tools submenu. A, 1 of 1")
  }

  @Test func itemsSayWhatTheyAreAndWhereTheyAre() {
    #expect(said(S.menu(["P"], ["Off~", "On"], highlight: 0)) == "P menu. Off, dimmed, 1 of 2")
    #expect(said(S.menu(["P"], ["Off~", "On~"], highlight: nil)) == "P menu. 2 items, none can be chosen")
    #expect(said(S.menu(["P"], ["Off~"], highlight: nil)) == "P menu. 1 item, none can be chosen")
    #expect(said(S.menu(["P"], [], highlight: nil)) == "P menu. No items")
    #expect(said(S.menu(["P"], ["A"], highlight: 5)) == "P menu. 1 item, none can be chosen")
  }

  @Test func utterancesShowWhetherTheyInterrupt() {
    #expect(Utterance("Hi").description == "! Hi")
    #expect(Utterance("Hi", interrupts: false).description == "+ Hi")
  }

  @Test func aWindowedMenuSaysTheItemsPositionInTheWholeList() {
    let items = (0..<512).map {
      ModalPicture.Menu.Item(
        title: "item \($0 + 9001)", section: 0, position: "middle", enabled: true, opensSubmenu: false)
    }
    let menu = ModalPicture.menu(
      id: "m", path: ["Long"], items: items, highlight: 256, filter: "", offset: 9000, total: 20_000)
    #expect(menu.menu.map(SpeechPhrases.item) == "item 9257, 9257 of 20000")
  }
}
