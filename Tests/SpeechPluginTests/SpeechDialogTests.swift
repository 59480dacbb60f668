import KeyMenuPluginAPI
import KeyMenuProtocol
import SpeechPlugin
import Testing

/// Golden scripts for dialogs: a prompt is announced with its field, typing
/// says the text, and a masked field only ever says how long it is.
@Suite struct SpeechDialogTests {
  typealias S = Snapshots

  static func prompt(_ text: String, cursor: Int? = nil, masked: Bool = false) -> ModalPicture {
    let shown = masked ? String(repeating: ModalPicture.Field.bullet, count: text.count) : text
    return
      ModalPicture(
        id: "prompt-1", kind: "prompt", title: masked ? "Wi-Fi password" : "Name", text: "Kitchen",
        field: .init(shown: shown, masked: masked, cursor: cursor ?? text.count), buttons: ["OK", "Cancel"],
        cancel: 1)
  }

  @Test func aPromptSaysItsFieldThenWhatIsTypedThenTheCursor() {
    #expect(
      S.run([[Self.prompt("")], [Self.prompt("A")], [Self.prompt("Ad")], [Self.prompt("Ad", cursor: 0)], []])
        == [
          "! Name. Kitchen. Text field, empty. Buttons: OK, Cancel.", "! A", "! Ad", "! A", "! Closed",
        ])
  }

  /// The system's own question says so before its title.
  @Test func theSystemsQuestionSaysSoFirst() {
    var question = Self.prompt("", masked: true)
    question.system = true
    #expect(
      S.run([[question], []]) == [
        "! System question. Wi-Fi password. Kitchen. Password field, empty. Buttons: OK, Cancel.", "! Closed",
      ])
  }

  @Test func aMaskedFieldIsNeverSpokenOnlyItsLength() {
    let said = S.run([
      [Self.prompt("", masked: true)], [Self.prompt("s", masked: true)], [Self.prompt("se", masked: true)],
      [Self.prompt("se", cursor: 1, masked: true)],
    ])
    #expect(
      said == [
        "! Wi-Fi password. Kitchen. Password field, empty. Buttons: OK, Cancel.", "! 1 character",
        "! 2 characters", "! 1 of 2",
      ])
    #expect(!said.joined().contains("s,") && !said.joined().contains("se"))
  }

  @Test func aPromptUncoveredByAnAlertIsAnnouncedAgainWhole() {
    let sure = S.alert("Sure?", buttons: ["No", "Yes"], focus: 1)
    #expect(
      S.run([[Self.prompt("Ad")], [Self.prompt("Ad"), sure], [Self.prompt("Ad")]]) == [
        "! Name. Kitchen. Text field, Ad. Buttons: OK, Cancel.", "! Sure? Buttons: No, Yes. Yes.",
        "! Name. Kitchen. Text field, Ad. Buttons: OK, Cancel.",
      ])
  }
}

/// A leader sequence's hint (issue 32) is spoken as it comes, changes and goes.
@Suite struct SpeechSequenceHintTests {
  static func hint(_ title: String, _ text: String) -> ModalPicture {
    ModalPicture(id: "hint-1", kind: "hint", title: title, text: text)
  }

  @Test func theHintSaysTheKeysSoFarAndEachNextKey() {
    let said = Snapshots.run([
      [Self.hint("Menu", "1: Settings\n3: +2 more")], [Self.hint("Menu 3", "1: Wi-Fi\n2: Bluetooth")], [],
    ])
    #expect(said == ["! Menu. 1: Settings 3: +2 more.", "! Menu 3. 1: Wi-Fi 2: Bluetooth.", "! Closed"])
  }
}
