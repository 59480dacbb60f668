import KeyMenuCompat
import KeyMenuProtocol
import Testing

/// Boxes as keymenu requests, and answers read back as whiptail's outcomes:
/// Esc is never the Cancel button.
struct DialogPlanTests {
  func plan(_ words: [String], flavor: CompatFlavor = .whiptail) throws -> DialogPlan {
    guard case .box(let request, let options) = try DialogArgumentParser(flavor: flavor).parse(words),
      let plan = DialogPlan(request, options: options, flavor: flavor)
    else { throw DialogUsageError(.usage("no plan"), flavor: flavor) }
    return plan
  }

  func alert(_ plan: DialogPlan) throws -> AlertShowParams {
    try plan.params.decoded(as: AlertShowParams.self)
  }

  func answer(_ button: Int?, _ reason: String) -> JSONValue {
    JSONValue(encoding: AlertShowResult(button: button, title: nil, reason: reason))
  }

  @Test func aYesNoIsAnAlertWhoseNoIsTheCancelButton() throws {
    let yesNo = try plan(["--title", "Network", "--yesno", "Use DHCP?\\nOr not.", "8", "40"])
    #expect(yesNo.method == "alert.show")
    let params = try alert(yesNo)
    #expect(params.title == "Network")
    #expect(params.message == "Use DHCP?\nOr not.")
    #expect(params.buttons == ["Yes", "No"])
    #expect(params.cancel == 1 && params.defaultButton == 0)
    #expect(yesNo.outcome(answer(0, "key")) == .accepted(.nothing))
    #expect(yesNo.outcome(answer(1, "key")) == .cancelled)
    // Esc picks the cancel button in keymenu, but whiptail's Esc is 255.
    #expect(yesNo.outcome(answer(1, "escape")) == .escaped)
    #expect(yesNo.outcome(answer(nil, "dismissed")) == .escaped)
    #expect(yesNo.outcome(answer(1, "timeout")) == .escaped)
    #expect(yesNo.outcome(answer(0, "action")) == .accepted(.nothing))
  }

  @Test func defaultNoAndButtonLabels() throws {
    let params = try alert(
      plan(["--defaultno", "--yes-button", "Go", "--no-button", "Stay", "--yesno", "Q", "0", "0"]))
    #expect(params.buttons == ["Go", "Stay"])
    #expect(params.defaultButton == 1)
    #expect(
      try alert(plan(["--yes-label", "Si", "--yesno", "Q", "0", "0"], flavor: .dialog)).buttons == [
        "Si", "No",
      ])
  }

  @Test func withoutATitleTheTextsFirstLineIsTheTitle() throws {
    let params = try alert(plan(["--yesno", "Reboot now?\\nUpdates are installed.", "0", "0"]))
    #expect(params.title == "Reboot now?")
    #expect(params.message == "Updates are installed.")
    #expect(try alert(plan(["--msgbox", "", "0", "0"])).title == "Message")
  }

  @Test func aMessageBoxEscapesWithEscAndIsAcceptedWithEnter() throws {
    let box = try plan(["--msgbox", "Done", "0", "0"])
    let params = try alert(box)
    #expect(params.buttons == ["Ok"])
    #expect(params.cancel == 0)
    #expect(box.outcome(answer(0, "key")) == .accepted(.nothing))
    #expect(box.outcome(answer(0, "escape")) == .escaped)
    #expect(try alert(plan(["--msgbox", "Done", "0", "0"], flavor: .dialog)).buttons == ["OK"])
  }

  @Test func inputAndPasswordBoxesArePrompts() throws {
    let input = try plan(["--inputbox", "Name?", "8", "40", "kitchen"])
    #expect(input.method == "prompt.show")
    let params = try input.params.decoded(as: PromptShowParams.self)
    #expect(params.title == "Name?" && params.initialText == "kitchen" && params.masked == nil)
    #expect(input.outcome(JSONValue(encoding: PromptShowResult.text("kit"))) == .accepted(.text("kit")))
    #expect(input.outcome(JSONValue(encoding: PromptShowResult.cancelled(reason: "escape"))) == .escaped)
    let password = try plan(["--passwordbox", "Password", "8", "40"]).params.decoded(
      as: PromptShowParams.self)
    #expect(password.masked == true && password.initialText == nil)
    let limited = try plan(["--max-input", "3", "--inputbox", "N", "0", "0", "abcdef"], flavor: .dialog)
      .params.decoded(as: PromptShowParams.self)
    #expect(limited.maximumLength == 3 && limited.initialText == "abc")
  }

  /// Issue 29: dialog's `--default-button no --yesno "Wipe disk now?"` was
  /// ignored, so Enter answered Yes (exit 0) where dialog answers No. Now
  /// No is focused at first; on a box where keymenu cannot focus Cancel
  /// there is no plan (the real dialog asks), and a name dialog does not
  /// know is a usage error.
  @Test func dialogsDefaultButtonNoFocusesNoOrLeavesTheBoxToDialog() throws {
    let wipe = try alert(
      plan(["--default-button", "no", "--yesno", "Wipe disk now?", "0", "0"], flavor: .dialog))
    #expect(wipe.defaultButton == 1 && wipe.cancel == 1)
    let yes = try alert(plan(["--default-button", "yes", "--yesno", "Wipe?", "0", "0"], flavor: .dialog))
    #expect(yes.defaultButton == 0)
    guard
      case .box(let request, let options) = try DialogArgumentParser(flavor: .dialog).parse([
        "--default-button", "cancel", "--inputbox", "Name", "0", "0",
      ])
    else { throw DialogUsageError(.usage("no box"), flavor: .dialog) }
    #expect(DialogPlan(request, options: options, flavor: .dialog) == nil)
    #expect(throws: DialogUsageError.self) {
      try DialogArgumentParser(flavor: .dialog).parse(["--default-button", "maybe", "--yesno", "X", "0", "0"])
    }
  }

  /// whiptail's menu is a picklist under whiptail's keys, with its OK and
  /// Cancel buttons (issue 29: a menu had no Cancel, so Tab Tab Enter chose
  /// the highlighted item instead of whiptail's exit 1), its title and its
  /// text, the tags drawn once (not numbered again).
  @Test func aWhiptailMenuIsAPicklistWithButtonsAndAnswersTheTag() throws {
    let menu = try plan([
      "--title", "Setup", "--ok-button", "Select", "--cancel-button", "Finish", "--menu", "Choose", "15",
      "40",
      "4", "wifi", "Wi-Fi", "ssh", "SSH",
    ])
    #expect(menu.method == "picklist.show")
    let params = try menu.params.decoded(as: ChoiceListShowParams.self)
    #expect(params.title == "Setup" && params.message == "Choose")
    #expect(params.items.map(\.tag) == ["wifi", "ssh"] && params.items.map(\.text) == ["Wi-Fi", "SSH"])
    #expect(params.buttons == ["Select", "Finish"])
    #expect(params.keys == .whiptail && params.listHeight == 4)
    #expect(
      menu.outcome(JSONValue(encoding: PicklistShowResult.chosen(1, tag: "ssh"))) == .accepted(.tag("ssh")))
    let cancel = JSONValue(encoding: PicklistShowResult.cancelled(reason: ChoiceListReason.cancel))
    #expect(menu.outcome(cancel) == .cancelled)
    let escape = JSONValue(encoding: PicklistShowResult.cancelled(reason: ChoiceListReason.escape))
    #expect(menu.outcome(escape) == .escaped)
    #expect(menu.outcome(JSONValue(encoding: PicklistShowResult.chosen(2, tag: "x"))) == nil, "no item 2")
  }

  @Test func aWhiptailMenusItemsWithoutTextShowTheirTagsOnce() throws {
    // debconf's select: items with empty texts, the question last.
    let menu = try plan([
      "--title", "Configuring kiosk", "--nocancel", "--default-item", "blue", "--menu",
      "Colour: the colour of the\nkiosk's theme.\n\nTheme colour:", "14", "50", "0", "--", "red", "", "blue",
      "",
    ])
    let params = try menu.params.decoded(as: ChoiceListShowParams.self)
    #expect(params.items.map(\.tag) == [nil, nil] && params.items.map(\.text) == ["red", "blue"])
    #expect(params.highlight == 1 && params.noCancel == true)
    #expect(params.listHeight == 2, "list height 0: every item")
  }

  @Test func noTagsShowsOnlyTheItemAndStillAnswersTheTag() throws {
    let menu = try plan([
      "--notags", "--default-item", "b", "--menu", "", "0", "0", "0", "a", "Apple", "b", "Banana",
    ])
    let params = try menu.params.decoded(as: ChoiceListShowParams.self)
    #expect(params.items.map(\.tag) == [nil, nil] && params.items.map(\.text) == ["Apple", "Banana"])
    #expect(menu.defaultItemIndex == 1 && params.highlight == 1)
    #expect(
      menu.outcome(JSONValue(encoding: PicklistShowResult.chosen(1, tag: "Banana"))) == .accepted(.tag("b")))
  }

  /// dialog's menu is a picklist under dialog's keys (issue 29), its page
  /// the rows dialog shows: the box's height less 6 and the text's lines,
  /// never more than the items; a list height counts only in a box sized
  /// to fit.
  @Test func aDialogMenuIsAPicklistUnderDialogsKeysPagedAsDialogShowsIt() throws {
    let menu = try plan(
      ["--title", "Setup", "--menu", "Choose", "9", "40", "4", "wifi", "Wi-Fi", "ssh", "SSH", "lan", "LAN"],
      flavor: .dialog)
    #expect(menu.method == "picklist.show")
    let params = try menu.params.decoded(as: ChoiceListShowParams.self)
    #expect(params.title == "Setup" && params.message == "Choose")
    #expect(params.keys == .dialog && params.buttons == ["OK", "Cancel"])
    #expect(params.listHeight == 2, "9 rows less 6 less one line of text")
    #expect(
      menu.outcome(JSONValue(encoding: PicklistShowResult.chosen(1, tag: "ssh"))) == .accepted(.tag("ssh")))
    let tall = try plan(
      ["--menu", "Choose", "20", "70", "2", "a", "A", "b", "B", "c", "C", "d", "D"], flavor: .dialog)
    #expect(
      try tall.params.decoded(as: ChoiceListShowParams.self).listHeight == 4, "the list grows to the box")
    let fitted = try plan(["--menu", "Choose", "0", "0", "2", "a", "A", "b", "B", "c", "C"], flavor: .dialog)
    #expect(try fitted.params.decoded(as: ChoiceListShowParams.self).listHeight == 2)
    let wrapped = try plan(
      ["--menu", "one two three four five six", "12", "14", "0"] + (1...9).flatMap { ["\($0)", "x"] },
      flavor: .dialog)
    #expect(
      try wrapped.params.decoded(as: ChoiceListShowParams.self).listHeight == 3,
      "12 - 6 - 3 lines of 10 columns")
  }

  /// A radiolist with several items on answers dialog's first, whiptail's last.
  @Test func aRadiolistWithTwoOnMarksTheOneTheProgramAnswers() throws {
    let arguments = ["--radiolist", "Size", "0", "0", "0", "s", "Small", "on", "m", "Medium", "on"]
    let dialog = try plan(arguments, flavor: .dialog).params.decoded(as: ChoiceListShowParams.self)
    #expect(dialog.items.map(\.marked) == [true, false] && dialog.keys == .dialog)
    let whiptail = try plan(arguments).params.decoded(as: ChoiceListShowParams.self)
    #expect(whiptail.items.map(\.marked) == [false, true] && whiptail.keys == .whiptail)
  }

  /// dialog's `--timeout` is the list's idle timeout (a day at most, however
  /// many seconds are given); a list that timed out reads as Esc (exit 255),
  /// as dialog's does.
  @Test func dialogsTimeoutIsTheListsAndATimedOutListIsEsc() throws {
    let menu = try plan(
      ["--timeout", "30", "--menu", "Port", "0", "0", "0", "eth0", "LAN", "eth1", "LAN"], flavor: .dialog)
    let params = try menu.params.decoded(as: ChoiceListShowParams.self)
    #expect(params.timeoutMilliseconds == 30_000)
    let timedOut = JSONValue(encoding: PicklistShowResult.cancelled(reason: ChoiceListReason.timeout))
    #expect(menu.outcome(timedOut) == .escaped)
    for seconds in ["100000", "99999999999999999"] {
      let long = try plan(
        ["--timeout", seconds, "--checklist", "M", "0", "0", "0", "a", "A", "off"], flavor: .dialog
      ).params.decoded(as: ChoiceListShowParams.self)
      #expect(long.timeoutMilliseconds == MenuOpenParams.longestTimeoutMilliseconds)
      #expect(throws: Never.self) { try long.check() }
    }
    let untimed = try plan(["--menu", "M", "0", "0", "0", "a", "A"], flavor: .dialog)
    #expect(try untimed.params.decoded(as: ChoiceListShowParams.self).timeoutMilliseconds == nil)
  }

  @Test func untrustedTextIsShownSafely() throws {
    let params = try alert(plan(["--title", "a\u{1B}[2Jb", "--yesno", "x\u{202E}y", "0", "0"]))
    #expect(params.title == "a\u{241B}[2Jb")
    #expect(params.message == "x<U+202E>y")
    #expect(throws: Never.self) { try params.check() }
  }

  /// whiptail's `--msgbox --scrolltext` (debconf's long notes) is a text box
  /// whose text has the focus first, paged by the box's height less 6; a
  /// message box without it stays an alert, dialog's ignores it.
  @Test func aScrollTextMessageIsATextBoxWithTheTextFocused() throws {
    let note = try plan(["--title", "Note", "--msgbox", "one\\ntwo", "12", "60", "--scrolltext"])
    #expect(note.method == "textbox.show")
    let params = try note.params.decoded(as: TextBoxShowParams.self)
    #expect(params.textFocus == true && params.pageLines == 6 && params.button == "Ok")
    #expect(params.text == "one\ntwo" && params.title == "Note")
    #expect(note.outcome(JSONValue(encoding: DialogEndResult.closed(reason: "key"))) == .accepted(.nothing))
    #expect(try plan(["--msgbox", "x", "12", "60"]).method == "alert.show")
    #expect(try plan(["--scrolltext", "--msgbox", "x", "12", "60"], flavor: .dialog).method == "alert.show")
  }

  /// dialog's Extra and Help buttons on a yes/no or message box are the
  /// alert's, in dialog's order (Yes, Extra, No, Help), answering 3 and 2;
  /// on a menu they are still the real dialog's (no plan).
  @Test func extraAndHelpButtonsOnAYesNoAreTheAlertsOwn() throws {
    let yesNo = try plan(
      [
        "--extra-button", "--extra-label", "Later", "--help-button", "--default-button", "extra", "--yesno",
        "Now?", "0", "0",
      ],
      flavor: .dialog)
    let params = try alert(yesNo)
    #expect(
      params.buttons == ["Yes", "Later", "No", "Help"] && params.cancel == 2 && params.defaultButton == 1)
    func answer(_ button: Int) -> JSONValue {
      JSONValue(encoding: AlertShowResult(button: button, title: "", reason: "key"))
    }
    #expect(yesNo.outcome(answer(0)) == .accepted(.nothing))
    #expect(yesNo.outcome(answer(1)) == .extra(.nothing) && DialogOutcome.extra(.nothing).exitStatus == 3)
    #expect(yesNo.outcome(answer(2)) == .cancelled)
    #expect(yesNo.outcome(answer(3)) == .help(.nothing) && DialogOutcome.help(.nothing).exitStatus == 2)
    let message = try alert(plan(["--help-button", "--msgbox", "Done", "0", "0"], flavor: .dialog))
    #expect(message.buttons == ["OK", "Help"] && message.cancel == 0)
    #expect(throws: DialogUsageError.self, "no plan: the real dialog asks") {
      try plan(["--extra-button", "--menu", "M", "0", "0", "0", "a", "A"], flavor: .dialog)
    }
  }

  @Test func anEmptyListHasNoPlanAndATextBoxNeedsItsFilesText() throws {
    for words in [
      ["--radiolist", "x", "0", "0", "0"], ["--textbox", "/etc/motd", "0", "0"],
    ] {
      guard case .box(let request, let options) = try DialogArgumentParser(flavor: .whiptail).parse(words)
      else {
        Issue.record("\(words)")
        continue
      }
      #expect(DialogPlan(request, options: options, flavor: .whiptail) == nil)
    }
  }

  @Test func aChecklistAnswersTheScriptsTagsByIndex() throws {
    // As debconf's multiselect asks: items without text, --separate-output.
    let list = try plan([
      "--separate-output", "--title", "Configuring kiosk", "--checklist", "Features:", "14", "50", "3",
      "--", "alpha", "", "on", "beta", "", "off", "g\u{1B}mma", "Gamma", "ON",
    ])
    #expect(list.method == "checklist.show")
    let params = try list.params.decoded(as: ChoiceListShowParams.self)
    #expect(params.title == "Configuring kiosk" && params.message == "Features:")
    #expect(params.items.map(\.tag) == [nil, nil, "g\u{241B}mma"])
    #expect(params.items.map(\.text) == ["alpha", "beta", "Gamma"])
    #expect(params.items.map(\.marked) == [true, false, true])
    #expect(throws: Never.self) { try params.check() }
    let marked = JSONValue(encoding: ChecklistShowResult.marked([1, 2], tags: ["beta", "Gamma"]))
    #expect(list.outcome(marked) == .accepted(.tags(["beta", "g\u{1B}mma"])))
    let escaped = JSONValue(encoding: ChecklistShowResult.cancelled(reason: ChoiceListReason.escape))
    #expect(list.outcome(escaped) == .escaped)
    let cancelled = JSONValue(encoding: ChecklistShowResult.cancelled(reason: ChoiceListReason.cancel))
    #expect(list.outcome(cancelled) == .cancelled)
  }

  @Test func aRadiolistMarksOneAndAnswersItsTag() throws {
    let list = try plan([
      "--notags", "--nocancel", "--radiolist", "Size", "0", "0", "0", "s", "Small", "on", "m", "Medium", "on",
    ])
    #expect(list.method == "radiolist.show")
    let params = try list.params.decoded(as: ChoiceListShowParams.self)
    #expect(params.items.map(\.tag) == [nil, nil] && params.items.map(\.text) == ["Small", "Medium"])
    #expect(params.items.map(\.marked) == [false, true], "one mark: the last on, as whiptail answers")
    #expect(params.noCancel == true)
    #expect(
      list.outcome(JSONValue(encoding: RadiolistShowResult.marked(1, tag: "Medium"))) == .accepted(.tag("m"))
    )
    #expect(
      list.outcome(JSONValue(encoding: RadiolistShowResult.marked(nil, tag: nil))) == .accepted(.nothing))
  }

  @Test func theCancelButtonOfAnInputBoxIsNotEsc() throws {
    let input = try plan(["--ok-button", "Save", "--cancel-button", "Skip", "--inputbox", "Host?", "8", "40"])
    let params = try input.params.decoded(as: PromptShowParams.self)
    #expect(params.okTitle == "Save" && params.cancelTitle == "Skip" && params.noCancel == nil)
    #expect(params.buttons == ["Save", "Skip"])
    #expect(input.outcome(JSONValue(encoding: PromptShowResult.cancelled(reason: "cancel"))) == .cancelled)
    #expect(input.outcome(JSONValue(encoding: PromptShowResult.cancelled(reason: "escape"))) == .escaped)
    #expect(input.outcome(JSONValue(encoding: PromptShowResult.cancelled(reason: "dismissed"))) == .escaped)
    let lone = try plan(["--nocancel", "--passwordbox", "PIN", "8", "40"]).params.decoded(
      as: PromptShowParams.self)
    #expect(lone.noCancel == true && lone.buttons == ["OK"])
  }

  @Test func aGaugeShowsItsTextUnderATitleAndReadsItsInputAsUpdates() throws {
    let gauge = try plan(["--title", "Setup", "--gauge", "Copying\\nfiles", "8", "40", "120"])
    #expect(gauge.method == "gauge.show" && gauge.isGauge && !gauge.answersAtOnce)
    let params = try gauge.params.decoded(as: GaugeShowParams.self)
    #expect(params.title == "Setup" && params.message == "Copying\nfiles" && params.percent == 100)
    #expect(params.cancellable == nil, "whiptail's gauge does not end with Esc")
    #expect(
      try plan(["--gauge", "x", "0", "0", "5"]).params.decoded(as: GaugeShowParams.self).title == "Progress")
    let request = RPCID.number(7)
    #expect(
      gauge.gaugeUpdate(.percent(42), request: request) == GaugeUpdateParams(request: request, percent: 42))
    #expect(
      gauge.gaugeUpdate(.text("Step\u{1B}2"), request: request)
        == GaugeUpdateParams(request: request, message: "Step\u{241B}2"))
    let closed = JSONValue(encoding: DialogEndResult.closed(reason: "closed"))
    #expect(gauge.outcome(closed) == .accepted(.nothing))
    #expect(gauge.outcome(JSONValue(encoding: DialogEndResult.cancelled(reason: "dismissed"))) == .escaped)
  }

  @Test func aTextBoxShowsTheFilesTextWithTabsExpanded() throws {
    guard
      case .box(let request, let options) = try DialogArgumentParser(flavor: .whiptail).parse([
        "--textbox", "/usr/share/doc/LICENSE", "20", "70",
      ])
    else { throw DialogUsageError(.usage("no box"), flavor: .whiptail) }
    let box = try #require(
      DialogPlan(request, options: options, flavor: .whiptail, fileText: "a\tb\r\nbell\u{07}\n"))
    #expect(box.method == "textbox.show")
    let params = try box.params.decoded(as: TextBoxShowParams.self)
    #expect(params.title == "LICENSE" && params.button == "Ok")
    #expect(params.text == "a       b\nbell\u{2407}\n")
    #expect(throws: Never.self) { try params.check() }
    #expect(box.outcome(JSONValue(encoding: DialogEndResult.closed(reason: "key"))) == .accepted(.nothing))
    #expect(box.outcome(JSONValue(encoding: DialogEndResult.cancelled(reason: "escape"))) == .escaped)
    let long = String(repeating: "x", count: TextBoxShowParams.maximumTextBytes + 1)
    #expect(DialogPlan(request, options: options, flavor: .whiptail, fileText: long) == nil)
  }

  @Test func anInfoBoxIsAnsweredAtOnce() throws {
    let box = try plan(["--infobox", "Updating\\nPlease wait", "8", "40"])
    #expect(box.method == "infobox.show" && box.answersAtOnce)
    let params = try box.params.decoded(as: InfoBoxShowParams.self)
    #expect(params.title == "Updating" && params.message == "Please wait" && params.timeout == nil)
    #expect(box.outcome(["id": "infobox-1"]) == .accepted(.nothing))
  }

  @Test func exitStatuses() {
    #expect(DialogOutcome.accepted(.nothing).exitStatus == 0)
    #expect(DialogOutcome.cancelled.exitStatus == 1)
    #expect(DialogOutcome.escaped.exitStatus == 255)
  }

  @Test func dmenuItemsAndTheLineChosen() throws {
    var arguments = DmenuArguments()
    arguments.prompt = "Pick"
    let plan = DmenuPlan(arguments: arguments, lines: ["a\tb", "", "c"])
    #expect(plan.params.title == "Pick" && plan.params.keys == .dmenu)
    #expect(plan.params.ignoreCase == nil && plan.params.listHeight == nil, "case counts; on one line")
    #expect(plan.items.map(\.title) == ["a b", "", "c"], "an empty line is an item, as in dmenu")
    let chosen = JSONValue(encoding: MenuOpenResult.chose(selector: "x", title: "a b", path: [], value: "0"))
    #expect(plan.chosenLine(chosen) == Array("a\tb".utf8))
    let empty = JSONValue(encoding: MenuOpenResult.chose(selector: "y", title: "", path: [], value: "1"))
    #expect(plan.chosenLine(empty) == [])
    #expect(plan.chosenLine(JSONValue(encoding: MenuOpenResult.cancelled(reason: "escape"))) == nil)
  }

  /// Issue 29: dmenu's -i and -l, and the text typed written back (Return
  /// with nothing matching, Shift+Return), also while the menu stays open
  /// (Ctrl+Return: `menu.picked` for this request only).
  @Test func dmenuOptionsAndTheTextTyped() throws {
    var arguments = DmenuArguments()
    arguments.caseInsensitive = true
    arguments.lines = 15
    let plan = DmenuPlan(arguments: arguments, lines: [Array("x".utf8) + [0, 0x79]])
    #expect(plan.params.title == "Choose")
    #expect(plan.params.ignoreCase == true && plan.params.listHeight == 15)
    #expect(plan.items.map(\.title) == ["x"], "a line ends at a NUL byte, as dmenu keeps it")
    #expect(plan.chosenLine(JSONValue(encoding: MenuOpenResult.typed("reboot"))) == Array("reboot".utf8))
    let picked = JSONValue(
      encoding: MenuPickedNotice(
        request: .number(4), answer: .chose(selector: "x", title: "x", path: [], value: "0")))
    #expect(plan.pickedLine(method: "menu.picked", params: picked, request: .number(4)) == Array("x".utf8))
    #expect(plan.pickedLine(method: "menu.picked", params: picked, request: .number(5)) == nil)
    #expect(plan.pickedLine(method: "menu.opened", params: picked, request: .number(4)) == nil)
    arguments.lines = 0
    #expect(DmenuPlan(arguments: arguments, lines: [String]()).params.listHeight == nil, "-l 0: one line")
    #expect(DmenuPlan(arguments: arguments, lines: [String]()).items.isEmpty, "no lines: only text to type")
  }

  /// Issue 29: dmenu writes a line's bytes as they came; keymenu-dmenu
  /// read standard input as UTF-8 text (a Latin-1 byte became U+FFFD) and
  /// dropped the CR of a CRLF line.
  @Test func dmenuLinesComeBackByteForByte() {
    let input: [UInt8] = Array("caf".utf8) + [0xE9, 0x0A] + Array("two\r\nthree".utf8)
    let lines = DmenuPlan.lines(of: input)
    #expect(lines == [Array("caf".utf8) + [0xE9], Array("two\r".utf8), Array("three".utf8)])
    let plan = DmenuPlan(arguments: DmenuArguments(), lines: lines)
    #expect(plan.items.map(\.title) == ["caf\u{FFFD}", "two␍", "three"])
    func chose(_ index: Int) -> JSONValue {
      JSONValue(encoding: MenuOpenResult.chose(selector: "x", title: "", path: [], value: String(index)))
    }
    #expect(plan.chosenLine(chose(0)) == Array("caf".utf8) + [0xE9])
    #expect(plan.chosenLine(chose(1)) == Array("two\r".utf8))
    #expect(
      DmenuPlan.lines(of: Array("a\n\nb\n".utf8)) == [[0x61], [], [0x62]], "the last newline ends a line")
  }

  @Test func newlinesWrittenOut() {
    #expect(DialogText.expandingNewlines("a\\nb\\\\c\\") == "a\nb\\\\c\\")
  }
}
