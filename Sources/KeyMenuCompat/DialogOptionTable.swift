/// The long options whiptail and dialog take, and what each does to the
/// request: which are boxes, which take a value, which keymenu keeps.
enum DialogOptionTable {
  /// What one option is.
  enum Kind: Sendable, Hashable {
    /// A box (`--menu`): it takes no value; the box's arguments are the
    /// positional arguments, wherever they are.
    case box
    /// A box keymenu does not show (dialog's `--calendar`, `--form`, ...).
    case otherBox
    /// A flag (no value).
    case flag(Flag)
    /// An option with a value.
    case value(Value)
    /// An option that is accepted and whose `count` values are skipped.
    case ignored(count: Int)
    /// An option keymenu does not do at all (`--and-widget`): the real
    /// program runs instead.
    case unsupported
    /// `--help`.
    case help
    /// `--version`.
    case version
  }

  /// Flags that change the request.
  enum Flag: Sendable, Hashable {
    case defaultNo, noCancel, noTags, noItem, separateOutput, stdout, stderr, quoted, singleQuoted, scrollText
    case itemHelp, colors, extraButton, helpButton
  }

  /// Options with a value that change the request.
  enum Value: Sendable, Hashable {
    case title, backtitle, yesLabel, noLabel, okLabel, cancelLabel, defaultItem, outputFD, maxInput, timeout
    case defaultButton, outputSeparator, extraLabel, helpLabel
  }

  /// The boxes by name.
  static let boxes: Set<String> = [
    "yesno", "msgbox", "infobox", "inputbox", "passwordbox", "textbox", "menu", "checklist", "radiolist",
    "gauge",
  ]

  /// whiptail's options (newt 0.52), by name without the dashes.
  static let whiptail: [String: Kind] = {
    var table: [String: Kind] = [
      "title": .value(.title), "backtitle": .value(.backtitle), "yes-button": .value(.yesLabel),
      "no-button": .value(.noLabel), "ok-button": .value(.okLabel), "cancel-button": .value(.cancelLabel),
      "default-item": .value(.defaultItem), "output-fd": .value(.outputFD),
      "defaultno": .flag(.defaultNo), "nocancel": .flag(.noCancel), "notags": .flag(.noTags),
      "noitem": .flag(.noItem), "separate-output": .flag(.separateOutput),
      "clear": .ignored(count: 0), "fb": .ignored(count: 0), "fullbuttons": .ignored(count: 0),
      "scrolltext": .flag(.scrollText), "topleft": .ignored(count: 0),
      "help": .help, "version": .version,
    ]
    for box in boxes { table[box] = .box }
    return table
  }()

  /// dialog's options (1.3): whiptail's spellings too, so that a script
  /// written for either runs as `dialog`.
  static let dialog: [String: Kind] = {
    var table = whiptail
    let more: [String: Kind] = [
      "yes-label": .value(.yesLabel), "no-label": .value(.noLabel), "ok-label": .value(.okLabel),
      "cancel-label": .value(.cancelLabel), "no-cancel": .flag(.noCancel), "no-tags": .flag(.noTags),
      "no-items": .flag(.noItem), "stdout": .flag(.stdout), "stderr": .flag(.stderr),
      "quoted": .flag(.quoted), "single-quoted": .flag(.singleQuoted), "max-input": .value(.maxInput),
      "timeout": .value(.timeout), "print-version": .version, "scrolltext": .ignored(count: 0),
      // Drawing only.
      "ascii-lines": .ignored(count: 0), "no-lines": .ignored(count: 0), "colors": .flag(.colors),
      "no-colors": .ignored(count: 0), "cr-wrap": .ignored(count: 0), "no-collapse": .ignored(count: 0),
      "trim": .ignored(count: 0), "no-shadow": .ignored(count: 0), "shadow": .ignored(count: 0),
      "scrollbar": .ignored(count: 0), "no-scrollbar": .ignored(count: 0), "no-mouse": .ignored(count: 0),
      "keep-tite": .ignored(count: 0), "keep-window": .ignored(count: 0), "insecure": .ignored(count: 0),
      "no-nl-expand": .ignored(count: 0), "tab-correct": .ignored(count: 0), "size-err": .ignored(count: 0),
      "beep": .ignored(count: 0), "beep-after": .ignored(count: 0), "erase-on-exit": .ignored(count: 0),
      "visit-items": .ignored(count: 0), "item-help": .flag(.itemHelp), "iso-week": .ignored(count: 0),
      "no-hot-list": .ignored(count: 0), "reorder": .ignored(count: 0), "ignore": .ignored(count: 0),
      "aspect": .ignored(count: 1), "sleep": .ignored(count: 1), "tab-len": .ignored(count: 1),
      "hline": .ignored(count: 1), "hfile": .ignored(count: 1), "default-button": .value(.defaultButton),
      "exit-label": .ignored(count: 1), "column-separator": .ignored(count: 1),
      "date-format": .ignored(count: 1), "time-format": .ignored(count: 1), "week-start": .ignored(count: 1),
      "output-separator": .value(.outputSeparator), "separator": .value(.outputSeparator),
      "begin": .ignored(count: 2),
      // X11 dialogs' and other builds' options, and the cursor's: nothing
      // to keymenu's boxes, as to dialog's on a terminal.
      "allow-close": .ignored(count: 0), "auto-placement": .ignored(count: 0),
      "color-mode": .ignored(count: 1),
      "cursor-off-label": .ignored(count: 0), "fixed-font": .ignored(count: 0), "icon": .ignored(count: 1),
      "keep-colors": .ignored(count: 0), "no-close": .ignored(count: 0), "no-kill": .ignored(count: 0),
      "screen-center": .ignored(count: 0), "smooth": .ignored(count: 0), "under-mouse": .ignored(count: 0),
      "wmclass": .ignored(count: 1), "fullbutton": .ignored(count: 0), "guage": .box,
      // Things keymenu's boxes do not have: the real dialog runs.
      "extra-button": .flag(.extraButton), "extra-label": .value(.extraLabel),
      "help-button": .flag(.helpButton), "help-label": .value(.helpLabel),
      "and-widget": .unsupported, "help-status": .unsupported,
      "help-tags": .unsupported, "no-ok": .unsupported, "nook": .unsupported, "file": .unsupported,
      "input-fd": .unsupported, "create-rc": .unsupported, "print-maxsize": .unsupported,
      "print-size": .unsupported, "separate-widget": .unsupported, "trace": .unsupported,
      "last-key": .unsupported, "print-text-only": .unsupported, "print-text-size": .unsupported,
    ]
    table.merge(more) { $1 }
    for box in [
      "buildlist", "calendar", "dselect", "editbox", "form", "fselect", "inputmenu", "mixedform",
      "mixedgauge", "passwordform", "pause", "prgbox", "programbox", "progressbox", "rangebox", "tailbox",
      "tailboxbg", "timebox", "treeview",
    ] {
      table[box] = .otherBox
    }
    return table
  }()

  /// The table of a flavor.
  static func table(for flavor: CompatFlavor) -> [String: Kind] {
    flavor == .dialog ? dialog : whiptail
  }
}
