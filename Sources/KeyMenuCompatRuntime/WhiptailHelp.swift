import KeyMenuCompat

/// `keymenu-whiptail --help` and `keymenu-dialog --help`.
enum WhiptailHelp {
  /// whiptail's keys, which keymenu-whiptail's boxes follow (docs/COMPAT-KEYS.md).
  static let whiptailKeys = """
      Enter, OK, Select      the focused button, the highlighted menu item, or a
                             list's marks
      Esc, Back, Exit        escape: exit 255 (not the Cancel button; exit 1
                             under --nocancel, as whiptail)
      Tab, Shift+Tab         the next or previous part, round: list or field,
                             OK, Cancel
      Right, Down / Left, Up from a button, the next / previous part, not
                             round; Right in a menu reaches OK
      Space                  presses the focused button; ticks a list's item
      letters                a menu: the next tag starting with the letter;
                             typed into an input box; nothing on buttons
      digits                 nothing (typed into an input box)
      PgUp, PgDn             a menu: a page of the list height (PgUp one less);
                             a list: a page; an input box's field: PgDn to Cancel
      Home, End              a menu's first and last item; a field's ends
      F12                    OK (a yes/no: the focused button)
      Ctrl+U, Ctrl+K         an input box: delete before / after the cursor
      Up, Down, PgUp, PgDn   a text box: scroll
    """

  /// dialog's keys, which keymenu-dialog's boxes follow (docs/COMPAT-KEYS.md).
  static let dialogKeys = """
      Enter, Select          the selected button (with the highlighted item)
      Esc, Back, Exit        escape: exit 255 (not the Cancel button)
      Tab, Right / Shift+Tab, Left
                             the next / previous button, round (a list keeps
                             its item; an input box: text, OK, Cancel, round)
      Up, Down, +, -         a list: the item before / after, whatever button
                             is selected; an input box: the part before / after
      letters, digits        a list: the next item starting with it (round); a
                             digit no item starts with: that line of the page
      a button's capital     presses it at once (y Yes, n No, o OK, c Cancel)
                             outside lists and an input box's text
      Space, OK              a menu: presses the selected button; a checklist or
                             radiolist: ticks the item
      PgDn / PgUp            a list: the rows shown down / the page's top, then
                             a page up
      Home, End              a list's first and last item; a field's ends
      Up, Down, PgUp, PgDn   a text box: scroll
    """

  static func text(_ flavor: CompatFlavor) -> String {
    let name = flavor.commandName
    let real = flavor.realProgram
    let labels =
      flavor == .dialog
      ? """
        --yes-label TEXT, --no-label TEXT, --ok-label TEXT, --cancel-label TEXT
                               the buttons' words (whiptail's --yes-button ... too)
        --no-cancel, --nocancel
                               no Cancel button
        --no-tags, --no-items  a menu shows only items / only tags
        --stdout, --stderr     write the result there (default: stderr)
        --max-input N          an input box takes at most N characters
        --timeout SECONDS      give up after SECONDS (exit 255)
        --default-button NAME  ok, yes, no, cancel, extra or help: the button
                               selected at first (a yes/no's or message box's;
                               other boxes: OK only, else the real dialog asks)
        --extra-button, --extra-label TEXT
                               a yes/no's or message box's Extra button (exit 3)
        --help-button, --help-label TEXT
                               a yes/no's or message box's Help button (exit 2)
        --quoted, --single-quoted
                               quote a chosen tag where the shell needs it / with
                               ' (a checklist's tags always are, where needed)
        --output-separator STR, --separator STR
                               before each of a checklist's tags (after each with
                               --separate-output)
        --item-help            each item has a help text last (read, not shown)
        --colors               \\Z colour codes in texts (taken out)
      """
      : """
        --yes-button TEXT, --no-button TEXT, --ok-button TEXT, --cancel-button TEXT
                               the buttons' words
        --nocancel             no Cancel button
        --notags, --noitem     a menu shows only items / a list only tags
      """
    return """
      usage: \(name) [OPTIONS] BOX-OPTION TEXT HEIGHT WIDTH [BOX ARGUMENTS] [OPTIONS]

      \(real)'s command line, answered from keymenu: the box is shown by keymenud's
      presenters (keymenuctl ui, the console, speech, the on-screen overlay) and
      answered with any keyboard, keypad or remote keymenud reads. When the script
      has a terminal, the box is drawn there too and every key typed there acts
      on it as well (arrows, Tab, letters by their US key, Enter, Esc); the first
      answer wins. Scripts written for \(real) run
      unchanged: options go anywhere on the line, `--` ends them, the height,
      width and list-height numbers are read and not needed, and the result and
      exit status are \(real)'s, byte for byte.

      When keymenud cannot be reached (no socket, not running, no permission),
      does not answer within 2 s (stopped), or goes away or refuses before the
      box is answered, the system's real \(real) runs instead with the same
      arguments, so the question is still asked; it is looked up on PATH, skipping keymenu's compat directory and
      this program under any name (a link, or a copy with the same bytes). So
      does a --textbox file longer than 60 KiB\(flavor == .dialog ? ", and so do dialog's other boxes (--form, --mixedgauge, ...), --and-widget, and Extra or Help buttons on a menu, list or input box" : "").
      The program run gets KEYMENU_COMPAT_FALLBACK set; with it set, this
      command never falls back again (a \(real) that runs keymenu, such as a
      script, would loop): it says so and exits 255.

      BOX OPTIONS
        --yesno TEXT H W                 Yes (exit 0) or No (exit 1)
        --msgbox TEXT H W                a message and an OK button
        --inputbox TEXT H W [INIT]       a line of text, printed
        --passwordbox TEXT H W [INIT]    a hidden line of text, printed
        --menu TEXT H W LIST-H [TAG ITEM]...
                                         pick one item; its TAG is printed
        --gauge TEXT H W PERCENT         a progress bar moved by standard input
                                         (a percent a line, or XXX, percent, text,
                                         XXX); it ends with its input (exit 0)
        --textbox FILE H W               a file to read, scrolled; Enter closes it
        --infobox TEXT H W               a message; returns at once (exit 0), the
                                         box stays until the next one comes
        --checklist TEXT H W LIST-H [TAG ITEM STATUS]...
                                         tick several; their TAGs are printed
        --radiolist TEXT H W LIST-H [TAG ITEM STATUS]...
                                         mark one; its TAG is printed

      OPTIONS
        --title TEXT           the box's title (else TEXT's first line is)
        --backtitle TEXT       the line at the top of the terminal
        --defaultno            No is focused at first
        --default-item TAG     the menu item highlighted at first
        --separate-output      a checklist's tags one per line
        --output-fd N          write the result to descriptor N (default: 2, stderr)
      \(labels)
        --scrolltext           whiptail: a message's text takes the focus first
                               (Tab reaches Ok)
        --fb, --fullbuttons, --clear, --topleft
                               accepted; they only change how \(real) draws
        \(flavor == .dialog ? "--help                " : "-h, --help            ") this text
        \(flavor == .dialog ? "--version             " : "-v, --version         ") the version
        --                     every later word is an argument, not an option

      A TEXT's \\n (backslash, n) is a line break, as in \(real).

      KEYS
      \(flavor == .dialog ? Self.dialogKeys : Self.whiptailKeys)

      EXIT STATUS
        0    OK or Yes, or an item chosen (the result is written)
        1    Cancel or No (Enter or Space on it); Esc under --nocancel (whiptail)
        255  a --textbox FILE that cannot be read (its name and why on stderr)
        255  Esc, Back or Exit; the box was dismissed (panic chord, the daemon
             stopped); a usage error; no real
             \(real) to fall back to, or falling back would loop
        1    an unknown option (as whiptail; dialog exits 255)
        2    dialog's Help button; 3 its Extra button

      ENVIRONMENT
        KEYMENU_SOCKET  keymenud's socket (default /run/keymenu/keymenu.sock)
        KEYMENU_FD      a connection keymenud handed a command it started
        PATH            where the real \(real) is looked for
        KEYMENU_COMPAT_FALLBACK
                        set (to its path) for the real \(real) this runs instead;
                        when set, this command does not fall back

      EXAMPLES
        \(name) --title Network --yesno "Use DHCP?" 8 40 && echo yes
        name=$(\(name) --inputbox "Host name?" 8 40 kitchen 3>&1 1>&2 2>&3)
        choice=$(\(name) --menu "Setup" 15 60 3 wifi "Wi-Fi" ssh "SSH" \\
                   quit "Quit" --output-fd 1)
        keymenu-run ./my-\(real)-script.sh   # the script's plain '\(real)' is this

      """
  }
}
