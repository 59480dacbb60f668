/// `keymenu-dmenu --help`.
enum DmenuHelp {
  static let text = """
    usage: keymenu-dmenu [-bfiv] [-l lines] [-p prompt] [-fn font] [-m monitor]
                         [-nb color] [-nf color] [-sb color] [-sf color] [-w windowid]

    dmenu's command line, answered from keymenu: the lines of standard input are
    the items of a keymenu menu, shown by keymenud's presenters and answered with
    any keyboard, keypad or remote keymenud reads (typing filters the items); the
    chosen line is printed on standard output, as it came. When keymenud cannot be
    reached, does not answer within 2 s, or goes away or refuses before the menu
    is answered, the real dmenu runs instead with the same arguments and items (not
    keymenu's compat directory, nor this program under any name: a link or a copy
    with the same bytes). The program run gets KEYMENU_COMPAT_FALLBACK set; with
    it set, this command never falls back again (a dmenu that runs keymenu, such
    as a script, would loop): it says so and exits 1.

    OPTIONS
      -p PROMPT     the menu's title (default: Choose)
      -l LINES      a vertical list (keymenu's menus always are)
      -i            match case-insensitively (keymenu's filter always does)
      -b, -f        accepted
      -fn FONT, -nb COLOR, -nf COLOR, -sb COLOR, -sf COLOR, -m MONITOR, -w WINDOW
                    accepted and ignored: they only change how dmenu draws
      -v            print the version
      --help        this text

    An empty line is not an item; a tab or control character is shown as a space
    or its picture, and the line is printed as it came.

    EXIT STATUS
      0    an item was chosen (printed, with a newline)
      1    cancelled (Esc, Back, Exit), no items on standard input, a usage error,
           no real dmenu to fall back to, or falling back would loop

    ENVIRONMENT
      KEYMENU_SOCKET  keymenud's socket (default /run/keymenu/keymenu.sock)
      KEYMENU_COMPAT_FALLBACK
                      set (to its path) for the real dmenu this runs instead; when
                      set, this command does not fall back

    EXAMPLE
      choice=$(printf 'suspend\\nreboot\\npoweroff\\n' | keymenu-dmenu -p Power -l 3 -i)

    """
}
