import KeyMenuPluginAPI
import KeyMenuProtocol
import SpeechPlugin
import Testing

/// Golden scripts for the dialog parts: choices say the highlighted one and
/// its mark, a page its top line, a gauge every tenth, a keyboard its key.
@Suite struct SpeechDialogPartsTests {
  typealias S = Snapshots

  static func checklist(highlight: Int, marked: Set<Int> = []) -> ModalPicture {
    let items = ["Secure shell", "Time", "Printing"].enumerated().map { index, text in
      ModalPicture.Choices.Item(
        tag: ["ssh", "ntp", "cups"][index], text: text, marked: marked.contains(index))
    }
    return
      ModalPicture(
        id: "checklist-1", kind: "checklist", title: "Services",
        choices: .init(marks: .check, items: items, highlight: highlight), buttons: ["OK", "Cancel"],
        cancel: 1)
  }

  @Test func aChecklistSaysTheHighlightedChoiceAndItsMark() {
    #expect(
      S.run([
        [Self.checklist(highlight: 0)], [Self.checklist(highlight: 1)],
        [Self.checklist(highlight: 1, marked: [1])],
      ])
        == [
          "! Services. Checklist of 3. ssh, Secure shell, not checked, 1 of 3. Buttons: OK, Cancel.",
          "! ntp, Time, not checked, 2 of 3", "! ntp, Time, checked, 2 of 3",
        ])
  }

  static func page(first: Int) -> ModalPicture {
    let lines = (1...10).map { "Line \($0)" }
    return
      ModalPicture(
        id: "textbox-1", kind: "textbox", title: "Licence",
        page: .init(lines: Array(lines[first...]), first: first, total: 10), buttons: ["OK"])
  }

  @Test func aPageSaysWhereItIsThenTheLineOnTopWhenScrolled() {
    #expect(
      S.run([[Self.page(first: 0)], [Self.page(first: 4)]]) == [
        "! Licence. Lines 1 to 3 of 10. Line 1. Line 2. Line 3. Button: OK.", "! Line 5, line 5 of 10",
      ])
  }

  static func gauge(_ percent: Int) -> ModalPicture {
    ModalPicture(id: "gauge-1", kind: "gauge", title: "Copying", percent: percent)
  }

  @Test func aGaugeSaysItsPercentEachTenthWithoutInterrupting() {
    #expect(
      S.run([[Self.gauge(0)], [Self.gauge(4)], [Self.gauge(12)], [Self.gauge(19)], [Self.gauge(100)]]) == [
        "! Copying. 0 percent.", "-", "+ 12 percent", "-", "+ 100 percent",
      ])
  }

  static func keyboard(row: Int, column: Int) -> ModalPicture {

    ModalPicture(
      id: "prompt-1", kind: "prompt", title: "Password", field: .init(shown: "", masked: true, cursor: 0),
      keyboard: .init(rows: [["a", "B"], ["shift", "⌫", "done"]], row: row, column: column),
      buttons: ["OK", "Cancel"], cancel: 1)
  }

  @Test func aKeyboardSaysTheFocusedKeyByName() {
    #expect(
      S.run([
        [Self.keyboard(row: 0, column: 0)], [Self.keyboard(row: 0, column: 1)],
        [Self.keyboard(row: 1, column: 1)],
      ])
        == [
          "! Password. Password field, empty. On-screen keyboard, on a. Buttons: OK, Cancel.", "! capital B",
          "! backspace",
        ])
  }
}
