import KeyMenuPluginAPI
import SpeechPlugin
import Testing

/// Golden scripts: a run of modal stacks and exactly what is said after
/// each (`!` interrupts, `+` waits its turn, `-` says nothing).
@Suite struct SpeechScriptTests {
  typealias S = Snapshots

  @Test func anAlertIsAnnouncedThenItsFocusThenItsClosing() {
    let reboot = { (focus: Int) in
      S.alert("Reboot now?", message: "Updates are installed.", buttons: ["No", "Yes"], focus: focus)
    }
    #expect(
      S.run([[reboot(1)], [reboot(0)], [reboot(0)], [reboot(1)], []]) == [
        "! Reboot now? Updates are installed. Buttons: No, Yes. Yes.", "! No", "-", "! Yes", "! Closed",
      ])
  }

  @Test func controlAndBidiCharactersAreNeverSpoken() {
    let alert = S.alert(
      "Erase\u{1B}[2J disk", message: "Sure?\u{202E}", buttons: ["No\u{9B}", "Yes"], focus: 1)
    #expect(S.run([[alert]]) == ["! Erase [2J disk. Sure? . Buttons: No , Yes. Yes."])
  }

  @Test func aMenuSaysItsLevelThenEachHighlightedItemAndItsPosition() {
    let power = ["Suspend", "Reboot", "Power off", "More>"]
    let top = { (highlight: Int) in S.menu(["Power"], power, highlight: highlight) }
    #expect(
      S.run([
        [top(0)], [top(1)], [top(3)], [S.menu(["Power", "More"], ["Lock", "Log out"], highlight: 0)],
        [S.menu(["Power", "More"], ["Lock", "Log out"], highlight: 1)], [top(3)], [],
      ]) == [
        "! Power menu. Suspend, 1 of 4", "! Reboot, 2 of 4", "! More, submenu, 4 of 4",
        "! More submenu. Lock, 1 of 2", "! Log out, 2 of 2", "! Power menu. More, submenu, 4 of 4",
        "! Closed",
      ])
  }

  @Test func aFilterSaysWhatWasTypedHowManyMatchAndWhereTheHighlightIs() {
    let apps = ["Editor", "Browser", "Terminal"]
    #expect(
      S.run([
        [S.menu(["Apps"], apps, highlight: 0)],
        [S.menu(["Apps"], ["Editor", "Terminal"], highlight: 0, filter: "t")],
        [S.menu(["Apps"], [], highlight: nil, filter: "tx")],
        [S.menu(["Apps"], ["Editor", "Terminal"], highlight: 0, filter: "t")],
        [S.menu(["Apps"], ["Editor", "Terminal"], highlight: 1, filter: "t")],
        [S.menu(["Apps"], apps, highlight: 2)],
      ]) == [
        "! Apps menu. Editor, 1 of 3", "! Filter t, 2 items. Editor, 1 of 2", "! Filter tx, no items.",
        "! Filter t, 2 items. Editor, 1 of 2", "! Terminal, 2 of 2",
        "! Filter cleared, 3 items. Terminal, 3 of 3",
      ])
  }

  @Test func whatComesBackToTheFrontIsAnnouncedAgainAndChangesBelowItAreNot() {
    let menu = { (highlight: Int) in S.menu(["Power"], ["Suspend", "Reboot"], highlight: highlight) }
    let sure = S.alert("Sure?", buttons: ["No", "Yes"], focus: 1)
    #expect(
      S.run([[menu(1)], [menu(1), sure], [menu(0), sure], [menu(0)], [sure], []]) == [
        "! Power menu. Reboot, 2 of 2", "! Sure? Buttons: No, Yes. Yes.", "-",
        "! Power menu. Suspend, 1 of 2",
        "! Sure? Buttons: No, Yes. Yes.", "! Closed",
      ])
  }

  @Test func theNextAlertInTheQueueIsAnnouncedWhole() {
    #expect(
      S.run([
        [S.alert("First", buttons: ["OK"], focus: 0)],
        [S.alert("Second", buttons: ["No", "Yes"], focus: 0, id: "alert-2")],
        [S.alert("Second", message: "Now with a message", buttons: ["No", "Yes"], focus: 0, id: "alert-2")],
      ]) == [
        "! First. Button: OK.", "! Second. Buttons: No, Yes. No.",
        "! Second. Now with a message. Buttons: No, Yes. No.",
      ])
  }

  /// Live edits say the highlighted item again only if what is said of it
  /// changed, and wait their turn instead of interrupting.
  @Test func editsWhileShownWaitTheirTurnAndOnlyWhenTheHighlightedItemChanged() {
    #expect(
      S.run([
        [S.menu(["Jobs"], ["Build", "Deploy"], highlight: 1)],
        [S.menu(["Jobs"], ["Build (done)", "Deploy"], highlight: 1)],
        [S.menu(["Jobs"], ["Build (done)", "Deploy (running)"], highlight: 1)],
        [S.menu(["Jobs"], ["Build (done)", "Deploy (running)", "Test"], highlight: 1)],
        [S.menu(["Jobs"], ["New", "Build (done)", "Deploy (running)", "Test"], highlight: 2)],
      ]) == [
        "! Jobs menu. Deploy, 2 of 2", "-", "+ Deploy (running), 2 of 2", "+ Deploy (running), 2 of 3",
        "! Deploy (running), 3 of 4",
      ])
  }

  @Test func anEmptyStackAtTheStartSaysNothing() {
    #expect(S.run([[], []]) == ["-", "-"])
  }
}
