import Foundation
import KeyMenuOverlay
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

/// The overlay's picture as cells: the same lines as `keymenuctl ui`, runs
/// placed on their columns, nothing for an empty stack.
@Suite struct OverlayPictureTests {
  @Test func nothingInFrontDrawsNothing() {
    #expect(OverlayPicture(ModalSnapshot()) == nil)
  }

  @Test func theLinesAreTheTerminalPresentersLines() throws {
    let picture = try #require(OverlayPicture(OverlaySamples.alert, columns: 80, rows: 24))
    let terminal = ModalTextRenderer(width: 80, height: 24).render(OverlaySamples.alert)
    #expect(picture.lines == terminal)
    #expect(
      picture.lines.map(\.text) == [
        "┌─ Reboot now? ───────────────┐",
        "│ Updates are installed.      │",
        "│                             │",
        "│         No   [ Yes ]        │",
        "└─ Enter: Yes · Esc: No · ←→ ─┘",
      ])
  }

  @Test func runsSitOnTheirColumnsAndTheRightBorderIsStraight() throws {
    let picture = try #require(OverlayPicture(OverlaySamples.rightToLeft, columns: 80, rows: 24))
    for row in 0..<picture.rows {
      let runs = picture.runs.filter { $0.row == row }
      for (previous, next) in zip(runs, runs.dropFirst()) {
        #expect(previous.column + previous.columns == next.column)
      }
      let last = try #require(runs.last)
      #expect(last.column + last.columns == picture.columns, "row \(row) ends at the border")
    }
    let focused = picture.runs.filter { $0.style == .highlighted }
    #expect(focused.map { $0.text.trimmingCharacters(in: .whitespaces) } == ["[ نعم ]"])
  }

  @Test func aLongMenuShowsMoreRowsAndWhatIsBehind() throws {
    let picture = try #require(OverlayPicture(OverlaySamples.longList, columns: 60, rows: 14))
    let text = picture.lines.map(\.text)
    #expect(text.contains { $0.contains("↑") && $0.contains("more") })
    #expect(text.contains { $0.contains("↓") && $0.contains("more") })
    #expect(text.contains { $0.contains("Filter: a") })
    #expect(text.last == "1 more behind this one")
    #expect(text.first?.contains("Music › Tracks") == true)
    #expect(
      picture.runs.contains {
        $0.style == .highlighted && $0.text.contains("▶") && $0.text.contains("Track 20")
      })
  }

  /// A message taller than the grid (issue 28, finding 9): its top, a row
  /// counting the lines not shown, the buttons and the keys, on the grid's
  /// rows; `keymenuctl ui` shows the same.
  @Test func aMessageTallerThanTheGridShowsItsTopAMoreRowAndTheButtons() throws {
    let picture = try #require(OverlayPicture(OverlaySamples.tallAlert, columns: 100, rows: 26))
    #expect(picture.lines == ModalTextRenderer(width: 100, height: 26).render(OverlaySamples.tallAlert))
    let text = picture.lines.map(\.text)
    #expect(picture.rows == 26, "\(picture.rows) lines")
    #expect(text.first?.contains("Release notes") == true)
    #expect(text.dropFirst().first?.hasPrefix("│ a ") == true)
    // 26 rows: the top border, 21 lines of the message, the more row, an empty row, the buttons, the keys.
    #expect(text.dropFirst(22).first?.contains("↓ 7979 more lines") == true, "\(text.dropFirst(20))")
    #expect(text.dropLast().last?.contains("[ Yes ]") == true)
    #expect(text.last?.contains("Enter: Yes") == true)
    #expect(picture.runs.contains { $0.style == .dimmed && $0.text.contains("more lines") })
  }

  /// A dialog's text taller than the grid keeps the field and buttons on it;
  /// a menu under a title wrapped over several rows keeps its window of
  /// items within the grid.
  @Test func dialogTextsAndWrappedMenuTitlesStayWithinTheGrid() throws {
    let prompt = ModalPicture(
      id: "prompt-2", kind: "prompt", title: "Name",
      text: (1...500).map { "Line \($0)" }.joined(separator: "\n"),
      field: .init(shown: "ab", masked: false, cursor: 2), buttons: ["OK", "Cancel"], cancel: 1)
    let dialog = try #require(OverlayPicture(ModalSnapshot(stack: [prompt]), columns: 60, rows: 20))
    #expect(dialog.rows == 20, "\(dialog.rows) lines")
    #expect(dialog.lines.contains { $0.text.contains("more lines") })
    #expect(dialog.lines.contains { $0.text.contains("[ab") })
    #expect(dialog.lines.dropLast().last?.text.contains("OK") == true)

    let menu = ModalSnapshot(stack: [

      ModalPicture.menu(
        id: "menu-5", path: [String(repeating: "Settings ", count: 40)],
        items: (1...40).map { OverlaySamples.item("Item \($0)") }, highlight: 0, filter: "")
    ])
    let long = try #require(OverlayPicture(menu, columns: 60, rows: 20))
    #expect(long.rows == 20, "\(long.rows) lines")
    #expect(long.lines.contains { $0.text.contains("more") })
  }

  @Test func controlAndBidiOverrideCharactersAreShownNotPassedOn() throws {
    let hostile = ModalSnapshot(stack: [

      ModalPicture.alert(
        id: "a", title: "Pay\u{202E}gnp.exe", message: "line\u{1B}[2J", buttons: ["OK"], focus: 0,
        cancel: nil,
        defaultButton: 0)
    ])
    let picture = try #require(OverlayPicture(hostile))
    let all = picture.runs.map(\.text).joined()
    #expect(!all.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x1B })
  }

  /// The overlay draws a dialog as the terminal presenters do: a masked
  /// field as bullets, the cursor cell highlighted.
  @Test func aDialogIsDrawnFromItsParts() throws {
    let dialog = ModalPicture(
      id: "prompt-1", kind: "prompt", title: "Password",
      field: .init(shown: "••", masked: true, cursor: 2, maximumLength: 8), buttons: ["OK", "Cancel"],
      cancel: 1)
    let picture = try #require(OverlayPicture(ModalSnapshot(stack: [dialog])))
    #expect(
      picture.lines
        == ModalTextRenderer(width: 72, height: 24).render(ModalSnapshot(stack: [dialog])))
    #expect(picture.runs.contains { $0.text.contains("[••") })
    #expect(picture.runs.contains { $0.style == .highlighted && $0.text == " " })
  }
}
