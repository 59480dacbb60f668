/// The option sets keymenu-whiptail is compared with the real whiptail on:
/// each box, its answers by key, and the options scripts rely on.
struct WhiptailCase: Sendable {
  /// A key, as tmux sends it to whiptail and as the emulated keyboard presses it.
  enum Key: Sendable, Equatable {
    case enter, escape, tab, backtab, down, right, space, backspace
    case up, left, home, end, pageUp, pageDown, f12
    case letter(Character)

    /// tmux send-keys' name.
    var tmux: String {
      switch self {
      case .enter: "Enter"
      case .escape: "Escape"
      case .tab: "Tab"
      case .backtab: "BTab"
      case .down: "Down"
      case .space: "Space"
      case .right: "Right"
      case .backspace: "BSpace"
      case .up: "Up"
      case .left: "Left"
      case .home: "Home"
      case .end: "End"
      case .pageUp: "PPage"
      case .pageDown: "NPage"
      case .f12: "F12"
      case .letter(let letter): String(letter)
      }
    }

    /// The evdev key transitions (hotplug.py's `key N NAME VALUE`): the
    /// key down and up, inside Shift for Shift+Tab.
    var evdev: [(name: String, value: Int)] {
      guard self != .backtab else {
        return [("LEFTSHIFT", 1), ("TAB", 1), ("TAB", 0), ("LEFTSHIFT", 0)]
      }
      return [(evdevName, 1), (evdevName, 0)]
    }

    private var evdevName: String {
      switch self {
      case .enter: "ENTER"
      case .escape: "ESC"
      case .tab, .backtab: "TAB"
      case .space: "SPACE"
      case .down: "DOWN"
      case .right: "RIGHT"
      case .backspace: "BACKSPACE"
      case .up: "UP"
      case .left: "LEFT"
      case .home: "HOME"
      case .end: "END"
      case .pageUp: "PAGEUP"
      case .pageDown: "PAGEDOWN"
      case .f12: "F12"
      // A bare number is a key code to hotplug.py: digits by name.
      case .letter(let letter): letter.isNumber ? "KEY_" + String(letter) : letter.uppercased()
      }
    }
  }

  /// A file-name-safe name.
  var name: String
  /// whiptail's arguments (`@DIR@` stands for the test's directory).
  var arguments: [String]
  /// A text that is on whiptail's screen, and in keymenud's state, once the
  /// box is up; empty for a box that ends by itself (an info box, a gauge
  /// whose input ends, a file that cannot be read).
  var marker: String
  /// The keys that answer it.
  var keys: [Key]
  /// What is piped to its standard input (a gauge's), if anything: a
  /// printf format (`\\n` for a line break: a scenario is one line).
  var input: String? = nil

  /// The text file the `--textbox` cases show, written as `@DIR@/licence.txt`.
  static let licence = "Licence line one\n\tTabbed clause\nThe end\n"

  static let fruits = ["a", "Apple", "b", "Banana", "c", "Cherry"]

  /// Ten items, tags `s1` to `s10`, shown four at a time.
  static let services = (1...10).flatMap { ["s\($0)", "Service \($0)"] }

  /// whiptail's menu under the keys people press (issue 29): the buttons
  /// reached with Tab and Right, digits and Space ignored, letters jumping
  /// to the next tag, no wrapping, a page of the list height.
  static let menuKeys: [WhiptailCase] = [
    menu("menu-tab-tab-enter", keys: [.tab, .tab, .enter]),
    menu("menu-tab-enter", keys: [.down, .tab, .enter]),
    menu("menu-right-enter", keys: [.down, .right, .enter]),
    menu("menu-right-right-enter", keys: [.right, .right, .enter]),
    menu("menu-backtab-enter", keys: [.backtab, .enter]),
    menu("menu-tab-space", keys: [.down, .down, .tab, .space]),
    menu("menu-cancel-space", keys: [.tab, .tab, .space]),
    menu("menu-digit", keys: [.letter("2"), .enter]),
    menu("menu-space", keys: [.down, .space, .enter]),
    menu("menu-up-first", keys: [.up, .enter]),
    menu("menu-down-past-last", keys: [.down, .down, .down, .down, .enter]),
    menu("menu-left", keys: [.down, .left, .enter]),
    menu("menu-end", keys: [.end, .enter]),
    menu("menu-end-home", keys: [.end, .home, .enter]),
    menu("menu-letter", keys: [.letter("c"), .enter]),
    menu("menu-letter-none", keys: [.down, .letter("z"), .enter]),
    menu("menu-esc", keys: [.down, .escape]),
    menu("menu-button-up", keys: [.tab, .tab, .up, .up, .enter]),
    menu(
      "menu-labels", options: ["--ok-button", "Select", "--cancel-button", "Finish"],
      keys: [.tab, .tab, .enter]),
    menu("menu-nocancel", options: ["--nocancel"], keys: [.tab, .tab, .enter]),
    menu("menu-nocancel-esc", options: ["--nocancel"], keys: [.escape]),
    menu("menu-tab-tab-f12", keys: [.down, .tab, .tab, .f12]),
    menu("menu-cancel-pgup-enter", keys: [.tab, .tab, .pageUp, .enter]),
    menu("menu-ok-pgdn-enter", keys: [.tab, .pageDown, .enter]),
    menu("menu-default-item", options: ["--default-item", "c"], keys: [.enter]),
    menu("menu-notags-letter", options: ["--notags"], keys: [.letter("b"), .enter]),
    WhiptailCase(
      name: "menu-letter-next",
      arguments: ["--menu", "Pick a fruit", "15", "40", "4", "a1", "Apple", "b", "Banana", "a2", "Apricot"],
      marker: "Pick a fruit", keys: [.letter("a"), .enter]),
    WhiptailCase(
      name: "menu-letter-next-none",
      arguments: ["--menu", "Pick a fruit", "15", "40", "4", "a1", "Apple", "b", "Banana", "c", "Cherry"],
      marker: "Pick a fruit", keys: [.letter("a"), .enter]),
    WhiptailCase(
      name: "menu-pgdn",
      arguments: ["--menu", "Pick a service", "16", "40", "4"] + services,
      marker: "Pick a service", keys: [.pageDown, .enter]),
    WhiptailCase(
      name: "menu-pgdn-pgup",
      arguments: ["--menu", "Pick a service", "16", "40", "4"] + services,
      marker: "Pick a service", keys: [.pageDown, .pageDown, .pageUp, .enter]),
    WhiptailCase(
      name: "menu-pgdn-past-end",
      arguments: ["--menu", "Pick a service", "16", "40", "4"] + services,
      marker: "Pick a service", keys: [.pageDown, .pageDown, .pageDown, .enter]),
  ]

  /// whiptail's yes/no and message box under the keys people press (issue
  /// 29): Space presses the focused button, no letter or digit answers,
  /// the arrows move without wrapping.
  static let buttonKeys: [WhiptailCase] = [
    yesNo("yesno-space", keys: [.space]),
    yesNo("yesno-f12", keys: [.f12]),
    yesNo("yesno-tab-f12", keys: [.tab, .f12]),
    yesNo("yesno-pgdn-enter", keys: [.pageDown, .enter]),
    yesNo("yesno-tab-pgup-enter", keys: [.tab, .pageUp, .enter]),
    yesNo("yesno-tab-space", keys: [.tab, .space]),
    yesNo("yesno-n-enter", keys: [.letter("n"), .enter]),
    yesNo("yesno-digit-enter", keys: [.letter("2"), .enter]),
    yesNo("yesno-right-right-enter", keys: [.right, .right, .enter]),
    yesNo("yesno-left-enter", keys: [.left, .enter]),
    yesNo("yesno-down-enter", keys: [.down, .enter]),
    yesNo("yesno-down-up-enter", keys: [.down, .up, .enter]),
    yesNo("yesno-backtab-enter", keys: [.backtab, .enter]),
    yesNo("yesno-tab-tab-enter", keys: [.tab, .tab, .enter]),
    yesNo("defaultno-y-enter", options: ["--defaultno"], keys: [.letter("y"), .enter]),
    yesNo("defaultno-space", options: ["--defaultno"], keys: [.space]),
    yesNo("defaultno-left-enter", options: ["--defaultno"], keys: [.left, .enter]),
    yesNo(
      "yesno-labels-tab-enter", options: ["--yes-button", "Reboot", "--no-button", "Later"],
      keys: [.tab, .enter]),
    WhiptailCase(
      name: "msgbox-space", arguments: ["--msgbox", "Backup done", "8", "40"], marker: "Backup done",
      keys: [.space]),
    WhiptailCase(
      name: "msgbox-letter-enter", arguments: ["--msgbox", "Backup kept", "8", "40"], marker: "Backup kept",
      keys: [.letter("o"), .enter]),
  ]

  /// Toppings, ham and olive on.
  static let toppings = [
    "ham", "Ham", "on", "egg", "Egg", "off", "olive", "Olive", "on", "tomato", "Tomato", "off", "corn",
    "Corn",
    "off", "onion", "Onion", "off", "mushroom", "Mushroom", "off",
  ]

  /// whiptail's checklist and radiolist under the keys people press (issue
  /// 29): Down and Right never leave the list, Home, End, letters and
  /// digits do nothing, a page is the list height, Esc under --nocancel
  /// exits 1.
  static let listKeys: [WhiptailCase] = [
    checklist(
      "checklist-down-past-last", keys: [.down, .down, .down, .down, .down, .down, .down, .space, .enter]),
    checklist("checklist-right-space", keys: [.right, .right, .space, .enter]),
    checklist("checklist-left-space", keys: [.down, .left, .space, .enter]),
    checklist("checklist-end-space", keys: [.end, .space, .enter]),
    checklist("checklist-pgdn-space", keys: [.pageDown, .space, .enter]),
    checklist("checklist-pgdn-pgdn-pgup-space", keys: [.pageDown, .pageDown, .pageUp, .space, .enter]),
    checklist("checklist-digit-letter", keys: [.letter("3"), .letter("o"), .space, .enter]),
    checklist("checklist-f12", keys: [.down, .space, .f12]),
    checklist("checklist-tab-up-space", keys: [.down, .tab, .up, .space, .enter]),
    checklist("checklist-nocancel-esc", options: ["--nocancel"], keys: [.escape]),
    WhiptailCase(
      name: "radiolist-nocancel-esc",
      arguments: [
        "--nocancel", "--radiolist", "Pick a size", "15", "40", "4", "s", "Small", "on", "m", "Medium", "off",
      ],
      marker: "Pick a size", keys: [.escape]),
    WhiptailCase(
      name: "radiolist-end-digit",
      arguments: ["--radiolist", "Pick a size", "15", "40", "4", "s", "Small", "off", "m", "Medium", "on"],
      marker: "Pick a size", keys: [.end, .letter("1"), .space, .enter]),
    WhiptailCase(
      name: "inputbox-pgdn-enter", arguments: ["--inputbox", "Your name:", "8", "40", "Pi"],
      marker: "Your name",
      keys: [.pageDown, .enter]),
    WhiptailCase(
      name: "inputbox-tab-bspace-type", arguments: ["--inputbox", "Your name:", "8", "40", "Pi"],
      marker: "Your name", keys: [.tab, .backspace, .letter("x"), .enter]),
    WhiptailCase(
      name: "inputbox-f12", arguments: ["--inputbox", "Your name:", "8", "40", "Pi"], marker: "Your name",
      keys: [.letter("b"), .f12]),
    WhiptailCase(
      name: "inputbox-cancel-pgup-enter", arguments: ["--inputbox", "Your name:", "8", "40", "Pi"],
      marker: "Your name", keys: [.tab, .tab, .pageUp, .enter]),
    WhiptailCase(
      name: "inputbox-nocancel-esc", arguments: ["--nocancel", "--inputbox", "Your name:", "8", "40", "Pi"],
      marker: "Your name", keys: [.escape]),
  ]

  /// The toppings checklist with `options` before it, answered by `keys`.
  static func checklist(_ name: String, options: [String] = [], keys: [Key]) -> WhiptailCase {
    WhiptailCase(
      name: name, arguments: options + ["--checklist", "Toppings:", "20", "50", "5"] + toppings,
      marker: "Toppings", keys: keys)
  }

  /// A yes/no question with `options` before it, answered by `keys`.
  static func yesNo(_ name: String, options: [String] = [], keys: [Key]) -> WhiptailCase {
    WhiptailCase(
      name: name, arguments: options + ["--yesno", "Reboot now?", "8", "40"], marker: "Reboot now", keys: keys
    )
  }

  /// A menu of the fruits with `options` before it, answered by `keys`.
  static func menu(_ name: String, options: [String] = [], keys: [Key]) -> WhiptailCase {
    WhiptailCase(
      name: name, arguments: options + ["--menu", "Pick a fruit", "15", "40", "4"] + fruits,
      marker: "Pick a fruit", keys: keys)
  }

  static let all: [WhiptailCase] =
    [
      WhiptailCase(
        name: "yesno-yes", arguments: ["--yesno", "Use DHCP?", "8", "40"], marker: "Use DHCP", keys: [.enter]),
      WhiptailCase(
        name: "yesno-no", arguments: ["--yesno", "Use NTP?", "8", "40"], marker: "Use NTP",
        keys: [.tab, .enter]),
      WhiptailCase(
        name: "yesno-esc", arguments: ["--yesno", "Use IPv6?", "8", "40"], marker: "Use IPv6", keys: [.escape]
      ),
      WhiptailCase(
        name: "defaultno", arguments: ["--defaultno", "--yesno", "Erase all?", "8", "40"],
        marker: "Erase all",
        keys: [.enter]),
      WhiptailCase(
        name: "defaultno-esc", arguments: ["--defaultno", "--yesno", "Erase some?", "8", "40"],
        marker: "Erase some", keys: [.escape]),
      WhiptailCase(
        name: "buttons",
        arguments: ["--yes-button", "Go", "--no-button", "Stay", "--yesno", "Leave now?", "8", "40"],
        marker: "Leave now", keys: [.right, .enter]),
      WhiptailCase(
        name: "msgbox", arguments: ["--title", "Backup", "--msgbox", "Backup finished.", "8", "40"],
        marker: "Backup finished", keys: [.enter]),
      WhiptailCase(
        name: "msgbox-esc", arguments: ["--msgbox", "Disk nearly full.", "8", "40"],
        marker: "Disk nearly full",
        keys: [.escape]),
      WhiptailCase(
        name: "inputbox", arguments: ["--inputbox", "Host name?", "8", "40", "kitchen"], marker: "Host name",
        keys: [.enter]),
      WhiptailCase(
        name: "inputbox-edited", arguments: ["--inputbox", "Room name?", "8", "40", "kitchen"],
        marker: "Room name",
        keys: [.backspace, .backspace, .letter("x"), .enter]),
      WhiptailCase(
        name: "inputbox-esc", arguments: ["--inputbox", "Street?", "8", "40", "Main"], marker: "Street",
        keys: [.escape]),
      WhiptailCase(
        name: "passwordbox",
        arguments: ["--title", "Wi-Fi", "--passwordbox", "Password for home", "8", "40"],
        marker: "Password for home", keys: [.letter("s"), .letter("3"), .enter]),
      WhiptailCase(
        name: "passwordbox-esc", arguments: ["--passwordbox", "Passphrase", "8", "40"], marker: "Passphrase",
        keys: [.letter("q"), .escape]),
      WhiptailCase(
        name: "menu", arguments: ["--menu", "Pick a fruit", "15", "40", "4"] + fruits, marker: "Pick a fruit",
        keys: [.down, .enter]),
      WhiptailCase(
        name: "menu-notags", arguments: ["--notags", "--menu", "Pick a berry", "15", "40", "4"] + fruits,
        marker: "Pick a berry", keys: [.down, .enter]),
      WhiptailCase(
        name: "menu-esc", arguments: ["--menu", "Pick a nut", "15", "40", "4"] + fruits, marker: "Pick a nut",
        keys: [.down, .escape]),
      WhiptailCase(
        name: "menu-default-item",
        arguments: ["--default-item", "b", "--menu", "Pick a plum", "15", "40", "4"] + fruits,
        marker: "Pick a plum", keys: [.down, .enter]),
      WhiptailCase(
        name: "menu-default-item-unknown",
        arguments: ["--menu", "Pick a pear", "15", "40", "4"] + fruits + ["--default-item", "z"],
        marker: "Pick a pear", keys: [.enter]),
      WhiptailCase(
        name: "output-fd",
        arguments: ["--output-fd", "3", "--menu", "Pick a seed", "15", "40", "4"] + fruits,
        marker: "Pick a seed", keys: [.down, .down, .enter]),
      WhiptailCase(
        name: "options-after", arguments: ["--inputbox", "City?", "8", "40", "Paris", "--title", "Travel"],
        marker: "City", keys: [.enter]),
      WhiptailCase(
        name: "double-dash", arguments: ["--title", "Weather", "--inputbox", "--", "-5 degrees?", "8", "40"],
        marker: "-5 degrees", keys: [.letter("y"), .enter]),
      WhiptailCase(
        name: "backtitle",
        arguments: ["--backtitle", "Installer", "--title", "Disk", "--yesno", "Format disk?", "8", "40"],
        marker: "Format disk", keys: [.enter]),
      WhiptailCase(
        name: "nocancel", arguments: ["--nocancel", "--inputbox", "Code?", "8", "40", "42"], marker: "Code",
        keys: [.enter]),
      // The Cancel button of an input box (exit 1), apart from Esc (255).
      WhiptailCase(
        name: "inputbox-cancel", arguments: ["--inputbox", "Zone?", "8", "40", "utc"], marker: "Zone",
        keys: [.tab, .tab, .enter]),
      WhiptailCase(
        name: "inputbox-tab-ok", arguments: ["--inputbox", "Port?", "8", "40", "22"], marker: "Port",
        keys: [.letter("0"), .tab, .enter]),
      WhiptailCase(
        name: "inputbox-down-right", arguments: ["--inputbox", "Shell?", "8", "40", "bash"], marker: "Shell",
        keys: [.down, .right, .enter]),
      WhiptailCase(
        name: "inputbox-backtab", arguments: ["--inputbox", "Editor?", "8", "40", "vi"], marker: "Editor",
        keys: [.backtab, .enter]),
      WhiptailCase(
        name: "inputbox-space-cancel", arguments: ["--inputbox", "Locale?", "8", "40", "C"], marker: "Locale",
        keys: [.tab, .tab, .space]),
      WhiptailCase(
        name: "inputbox-labels",
        arguments: ["--ok-button", "Save", "--cancel-button", "Skip", "--inputbox", "Label?", "8", "40"],
        marker: "Label", keys: [.tab, .tab, .enter]),
      WhiptailCase(
        name: "nocancel-tab", arguments: ["--nocancel", "--inputbox", "Tag?", "8", "40", "v1"], marker: "Tag",
        keys: [.tab, .tab, .enter]),
      WhiptailCase(
        name: "passwordbox-cancel", arguments: ["--passwordbox", "PIN", "8", "40"], marker: "PIN",
        keys: [.letter("4"), .tab, .tab, .enter]),
      // A text box: Enter (0) or Esc (255); a file that cannot be read (255, its name and reason on stderr).
      WhiptailCase(
        name: "textbox", arguments: ["--textbox", "@DIR@/licence.txt", "12", "50"],
        marker: "Licence line one",
        keys: [.enter]),
      WhiptailCase(
        name: "textbox-scrolled",
        arguments: ["--scrolltext", "--title", "Licence", "--textbox", "@DIR@/licence.txt", "12", "50"],
        // With --scrolltext whiptail's focus starts on the text, where Enter does nothing: Tab to <Ok>.
        marker: "Tabbed clause", keys: [.down, .tab, .enter]),
      WhiptailCase(
        name: "textbox-esc", arguments: ["--textbox", "@DIR@/licence.txt", "12", "50"], marker: "The end",
        keys: [.escape]),
      WhiptailCase(
        name: "textbox-missing", arguments: ["--textbox", "@DIR@/missing.txt", "12", "50"], marker: "",
        keys: []
      ),
      // An info box returns at once; a gauge ends with its input (exit 0 both).
      WhiptailCase(name: "infobox", arguments: ["--infobox", "Working...", "8", "40"], marker: "", keys: []),
      WhiptailCase(
        name: "gauge", arguments: ["--title", "Setup", "--gauge", "Copying", "8", "40", "0"], marker: "",
        keys: [],
        input: #"10\nXXX\n50\nHalf way\nXXX\n90\n"#),
      WhiptailCase(
        name: "checklist",
        arguments: ["--checklist", "Pick fruits", "15", "40", "4", "a", "Apple", "on", "b", "Banana", "off"],
        marker: "Pick fruits", keys: [.down, .space, .enter]),
      WhiptailCase(
        name: "checklist-debconf",
        arguments: [
          "--separate-output", "--checklist", "Features", "15", "40", "4", "--", "alpha", "", "on", "beta",
          "",
          "off",
          "gamma", "", "on",
        ], marker: "Features", keys: [.space, .down, .space, .enter]),
      WhiptailCase(
        name: "checklist-cancel",
        arguments: ["--checklist", "Pick nuts", "15", "40", "4", "a", "Almond", "on", "p", "Pecan", "off"],
        marker: "Pick nuts", keys: [.tab, .tab, .enter]),
      WhiptailCase(
        name: "checklist-esc",
        arguments: ["--checklist", "Pick seeds", "15", "40", "4", "s", "Sesame", "off", "p", "Poppy", "off"],
        marker: "Pick seeds", keys: [.space, .escape]),
      WhiptailCase(
        name: "radiolist",
        arguments: ["--radiolist", "Pick a size", "15", "40", "4", "s", "Small", "on", "m", "Medium", "off"],
        marker: "Pick a size", keys: [.down, .space, .enter]),
      // Issue 29: whiptail's menu keys, each against the real whiptail.
    ] + menuKeys + buttonKeys + listKeys + [
      // Issue 29: two items on; whiptail answers the last one.
      WhiptailCase(
        name: "radiolist-two-on",
        arguments: [
          "--radiolist", "Pick a crust", "15", "40", "4", "t", "Thin", "on", "d", "Deep", "off", "s",
          "Stuffed",
          "on",
        ],
        marker: "Pick a crust", keys: [.enter])
    ]
}
