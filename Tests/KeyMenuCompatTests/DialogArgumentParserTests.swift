import KeyMenuCompat
import Testing

/// whiptail's and dialog's command lines as real scripts write them
/// (raspi-config, debconf, installers), read as newt's popt reads them.
struct DialogArgumentParserTests {
  let whiptail = DialogArgumentParser(flavor: .whiptail)
  let dialog = DialogArgumentParser(flavor: .dialog)

  func box(_ parser: DialogArgumentParser, _ words: [String]) throws -> (DialogRequest, DialogOptions) {
    guard case .box(let request, let options) = try parser.parse(words) else {
      Issue.record("\(words) is not a box")
      throw DialogUsageError(.usage("not a box"), flavor: parser.flavor)
    }
    return (request, options)
  }

  func error(_ parser: DialogArgumentParser, _ words: [String]) -> DialogUsageError? {
    do {
      _ = try parser.parse(words)
      return nil
    } catch {
      return error
    }
  }

  @Test func aYesNoWithItsSizesAndSharedOptions() throws {
    let (request, options) = try box(
      whiptail, ["--title", "Network", "--defaultno", "--yesno", "Use DHCP?", "8", "40"])
    #expect(request == .yesNo(text: "Use DHCP?", size: BoxSize(height: 8, width: 40)))
    #expect(options.title == "Network")
    #expect(options.defaultNo)
    #expect(options.outputDescriptor == 2)
  }

  @Test func optionsMayComeAfterTheBoxAndItsArguments() throws {
    let (request, options) = try box(
      whiptail, ["--menu", "Pick", "15", "40", "4", "a", "Apple", "b", "Banana", "--title", "T", "--notags"])
    #expect(
      request
        == .menu(
          text: "Pick", size: BoxSize(height: 15, width: 40), listHeight: 4,
          items: [MenuEntry(tag: "a", item: "Apple"), MenuEntry(tag: "b", item: "Banana")]))
    #expect(options.title == "T")
    #expect(options.noTags)
  }

  @Test func theBoxTextMayEvenComeBeforeTheBoxOption() throws {
    let (request, _) = try box(whiptail, ["Sure?", "--yesno", "0", "0"])
    #expect(request == .yesNo(text: "Sure?", size: BoxSize(height: 0, width: 0)))
  }

  @Test func everythingAfterTheDoubleDashIsAnArgument() throws {
    let (request, options) = try box(whiptail, ["--inputbox", "--", "--title", "8", "40", "-5"])
    #expect(request == .inputBox(text: "--title", size: BoxSize(height: 8, width: 40), initialText: "-5"))
    #expect(options.title == nil)
    // As in whiptail: a box option after `--` is only a word, so there is no box.
    #expect(
      error(whiptail, ["--title", "T", "--", "--menu", "x", "1", "1", "1", "a", "b"])?.exitStatus == 255)
  }

  @Test func attachedValuesAndOutputDescriptors() throws {
    let (_, options) = try box(whiptail, ["--title=Hello", "--output-fd", "3", "--msgbox", "Hi", "8", "40"])
    #expect(options.title == "Hello")
    #expect(options.outputDescriptor == 3)
    let (_, attached) = try box(whiptail, ["--output-fd=1", "--msgbox", "Hi", "8", "40"])
    #expect(attached.outputDescriptor == 1)
  }

  @Test func inputBoxesTakeAnOptionalInitialText() throws {
    #expect(
      try box(whiptail, ["--inputbox", "Name?", "8", "40"]).0
        == .inputBox(text: "Name?", size: BoxSize(height: 8, width: 40), initialText: nil))
    #expect(
      try box(whiptail, ["--passwordbox", "Pw", "8", "40", "secret"]).0
        == .passwordBox(text: "Pw", size: BoxSize(height: 8, width: 40), initialText: "secret"))
  }

  @Test func checklistsReadStatusesAndNoItemDropsTheirText() throws {
    let (request, _) = try box(
      whiptail,
      ["--checklist", "Pick", "15", "40", "3", "a", "Apple", "ON", "b", "Banana", "off", "c", "C", "1"])
    #expect(
      request
        == .checklist(
          text: "Pick", size: BoxSize(height: 15, width: 40), listHeight: 3,
          items: [
            ListEntry(tag: "a", item: "Apple", isOn: true), ListEntry(tag: "b", item: "Banana", isOn: false),
            ListEntry(tag: "c", item: "C", isOn: true),
          ]))
    let (radio, _) = try box(
      whiptail, ["--noitem", "--radiolist", "Pick", "15", "40", "3", "a", "yes", "b", "no"])
    #expect(
      radio
        == .radiolist(
          text: "Pick", size: BoxSize(height: 15, width: 40), listHeight: 3,
          items: [ListEntry(tag: "a", item: "", isOn: true), ListEntry(tag: "b", item: "", isOn: false)]))
  }

  @Test func gaugesTextBoxesAndInfoBoxes() throws {
    #expect(
      try box(whiptail, ["--gauge", "Copying", "6", "50", "10"]).0
        == .gauge(text: "Copying", size: BoxSize(height: 6, width: 50), percent: 10))
    #expect(
      try box(whiptail, ["--textbox", "/etc/motd", "20", "70", "--scrolltext"]).0
        == .textBox(file: "/etc/motd", size: BoxSize(height: 20, width: 70)))
    #expect(
      try box(whiptail, ["--infobox", "Working", "6", "30"]).0
        == .infoBox(text: "Working", size: BoxSize(height: 6, width: 30)))
  }

  @Test func helpAndVersion() throws {
    #expect(try whiptail.parse(["--version"]) == .version)
    #expect(try whiptail.parse(["-v"]) == .version)
    #expect(try whiptail.parse(["--msgbox", "x", "1", "1", "--help"]) == .help)
    #expect(try whiptail.parse(["-h"]) == .help)
    #expect(try dialog.parse(["--print-version"]) == .version)
  }

  @Test func whiptailsErrorsAndTheirExitStatuses() {
    // popt's own errors: exit 1.
    #expect(error(whiptail, ["--bogus", "--msgbox", "x", "1", "1"])?.exitStatus == 1)
    #expect(error(whiptail, ["--bogus"])?.message == "--bogus: unknown option")
    #expect(error(whiptail, ["--msgbox", "x", "1", "1", "--title"])?.exitStatus == 1)
    #expect(error(whiptail, ["--output-fd", "three", "--msgbox", "x", "1", "1"])?.exitStatus == 1)
    #expect(error(whiptail, ["-x"])?.exitStatus == 1)
    // Usage errors: exit 255.
    #expect(error(whiptail, [])?.exitStatus == 255)
    #expect(error(whiptail, ["--msgbox"])?.exitStatus == 255)
    #expect(error(whiptail, ["--msgbox", "x", "8"])?.exitStatus == 255)
    #expect(error(whiptail, ["--msgbox", "x", "8", "wide"])?.exitStatus == 255)
    #expect(error(whiptail, ["--msgbox", "x", "1", "1", "--yesno"])?.exitStatus == 255)
    #expect(error(whiptail, ["--menu", "x", "1", "1", "1"])?.exitStatus == 255)
    #expect(error(whiptail, ["--menu", "x", "1", "1", "1", "a", "Apple", "b"])?.exitStatus == 255)
    #expect(error(whiptail, ["--checklist", "x", "1", "1", "1", "a", "Apple"])?.exitStatus == 255)
    #expect(error(whiptail, ["--gauge", "x", "1", "1"])?.exitStatus == 255)
    // dialog ends every command-line error with 255.
    #expect(error(dialog, ["--bogus", "--msgbox", "x", "1", "1"])?.exitStatus == 255)
  }

  @Test func anEmptySizeIsZeroAsWithStrtoul() throws {
    #expect(
      try box(whiptail, ["--msgbox", "x", "", ""]).0
        == .messageBox(text: "x", size: BoxSize(height: 0, width: 0)))
  }

  @Test func dialogsSpellingsOfTheSameOptions() throws {
    let (request, options) = try box(
      dialog,
      [
        "--stdout", "--yes-label", "Sure", "--no-label", "Never", "--no-cancel", "--no-tags", "--aspect", "9",
        "--begin", "2", "2", "--colors", "--max-input", "20", "--timeout", "30", "--yesno", "Go?", "0", "0",
      ])
    #expect(request == .yesNo(text: "Go?", size: BoxSize(height: 0, width: 0)))
    #expect(options.outputDescriptor == 1)
    #expect(options.yesLabel == "Sure" && options.noLabel == "Never")
    #expect(options.noCancel && options.noTags)
    #expect(options.maximumInput == 20 && options.timeoutSeconds == 30)
    // whiptail's spellings work as dialog too.
    #expect(try box(dialog, ["--yes-button", "Y", "--yesno", "Go?", "0", "0"]).1.yesLabel == "Y")
  }

  @Test func whatKeymenuDoesNotDoRunsTheRealProgram() throws {
    #expect(
      try dialog.parse(["--calendar", "Day", "0", "0", "1", "1", "2025"]) == .unsupported("--calendar"))
    #expect(
      try dialog.parse(["--yesno", "A", "0", "0", "--and-widget", "--yesno", "B", "0", "0"])
        == .unsupported("--and-widget"))
    #expect(
      try dialog.parse(["--msgbox", "A", "0", "0", "--msgbox", "B", "0", "0"])
        == .unsupported("more than one box (chained boxes)"))
    // whiptail does not know dialog's boxes at all.
    #expect(error(whiptail, ["--calendar", "Day", "0", "0"])?.exitStatus == 1)
  }

  @Test func theFlavorComesFromTheProgramsName() {
    #expect(CompatFlavor(programName: "/usr/lib/keymenu/compat/dialog") == .dialog)
    #expect(CompatFlavor(programName: "keymenu-dialog") == .dialog)
    #expect(CompatFlavor(programName: "/usr/bin/keymenu-whiptail") == .whiptail)
    #expect(CompatFlavor(programName: "whiptail") == .whiptail)
  }

  /// dialog takes only `--` and a letter as an option (issue 29): `-1` is a
  /// size, `-5` an input box's text; whiptail keeps popt's rule.
  @Test func dialogReadsWordsStartingWithOneDashAsArguments() throws {
    let (sized, _) = try box(dialog, ["--yesno", "Erase?", "-1", "-1"])
    #expect(sized == .yesNo(text: "Erase?", size: BoxSize(height: -1, width: -1)))
    let (offset, _) = try box(dialog, ["--inputbox", "Offset:", "8", "40", "-5"])
    #expect(offset == .inputBox(text: "Offset:", size: BoxSize(height: 8, width: 40), initialText: "-5"))
    #expect(error(whiptail, ["--inputbox", "Offset:", "8", "40", "-5"]) != nil)
  }

  /// Options of dialog's table that change nothing on a terminal are
  /// accepted (they were refused as unknown), with their values.
  @Test func dialogsOtherOptionsAreAccepted() throws {
    for words in [
      ["--cursor-off-label"], ["--no-kill"], ["--icon", "x.png"], ["--wmclass", "w"], ["--color-mode", "3"],
    ] {
      let (request, _) = try box(dialog, words + ["--yesno", "Reboot?", "8", "40"])
      #expect(request == .yesNo(text: "Reboot?", size: BoxSize(height: 8, width: 40)), "\(words)")
    }
  }

  /// `--item-help`: a help column after each item, read and dropped.
  @Test func itemHelpIsAThirdColumn() throws {
    let (menu, _) = try box(
      dialog, ["--item-help", "--menu", "S", "0", "0", "0", "ssh", "Shell", "Log in", "web", "Web", "Pages"])
    #expect(
      menu
        == .menu(
          text: "S", size: BoxSize(height: 0, width: 0), listHeight: 0,
          items: [MenuEntry(tag: "ssh", item: "Shell"), MenuEntry(tag: "web", item: "Web")]))
    let (list, _) = try box(
      dialog, ["--item-help", "--checklist", "S", "0", "0", "0", "a", "A", "on", "help a"])
    #expect(
      list
        == .checklist(
          text: "S", size: BoxSize(height: 0, width: 0), listHeight: 0,
          items: [ListEntry(tag: "a", item: "A", isOn: true)]))
  }

  /// `--colors`: `\Z` codes leave the texts shown, not the tags.
  @Test func colorsCodesAreTakenOutOfWhatIsShown() throws {
    let (request, options) = try box(
      dialog,
      [
        "--colors", "--title", "\\Zb\\Z1T\\Zn", "--menu", "\\Z4Pick\\Zx", "0", "0", "0", "\\Z1a",
        "\\Z3Apple\\Zn",
      ])
    #expect(options.title == "T")
    #expect(
      request
        == .menu(
          text: "Pick\\Zx", size: BoxSize(height: 0, width: 0), listHeight: 0,
          items: [MenuEntry(tag: "\\Z1a", item: "Apple")]))
  }

  @Test func outputSeparatorIsKept() throws {
    let (_, options) = try box(
      dialog, ["--separator", ";", "--checklist", "S", "0", "0", "0", "a", "A", "on"])
    #expect(options.outputSeparator == ";")
  }

  /// A menu's `--no-items`: dialog reads tags alone, whiptail's `--noitem`
  /// still reads pairs (measured: an odd count is its usage error).
  @Test func noItemsMenusAreTagsAloneInDialogAndPairsInWhiptail() throws {
    let (dialogMenu, _) = try box(dialog, ["--no-items", "--menu", "P", "0", "0", "0", "s", "m", "l"])
    #expect(
      dialogMenu
        == .menu(
          text: "P", size: BoxSize(height: 0, width: 0), listHeight: 0,
          items: ["s", "m", "l"].map { MenuEntry(tag: $0, item: "") }))
    let (whiptailMenu, _) = try box(whiptail, ["--noitem", "--menu", "P", "0", "0", "0", "s", "S", "m", "M"])
    #expect(
      whiptailMenu
        == .menu(
          text: "P", size: BoxSize(height: 0, width: 0), listHeight: 0,
          items: ["s", "m"].map { MenuEntry(tag: $0, item: "") }))
    #expect(error(whiptail, ["--noitem", "--menu", "P", "0", "0", "0", "s", "m", "l"]) != nil)
  }
}
