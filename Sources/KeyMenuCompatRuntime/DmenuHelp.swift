/// `keymenu-dmenu --help`.
enum DmenuHelp {
  static let text = """
    usage: keymenu-dmenu [-bfiv] [-l lines] [-p prompt] [-fn font] [-m monitor]
                         [-nb color] [-nf color] [-sb color] [-sf color] [-w windowid]

    dmenu's command line, answered from keymenu: the lines of standard input are
    the items of a keymenu menu, shown by keymenud's presenters and answered with
    any keyboard, keypad or remote keymenud reads, under dmenu 5.2's keys (below);
    the chosen line is printed on standard output, as it came, or the text typed.
    When keymenud cannot be reached, does not answer within 2 s, or goes away or
    refuses before the menu is answered, the real dmenu runs instead with the same
    arguments and items (not keymenu's compat directory, nor this program under
    any name: a link or a copy with the same bytes). The program run gets
    KEYMENU_COMPAT_FALLBACK set; with it set, this command never falls back again
    (a dmenu that runs keymenu, such as a script, would loop): it says so and
    exits 1.

    OPTIONS
      -p PROMPT     the menu's title (default: Choose)
      -l LINES      the items in a vertical list of LINES lines; without it they
                    are on one line, where Left and Right move between them
      -i            match without regard to ASCII case (without it case counts)
      -b, -f        accepted
      -fn FONT, -nb COLOR, -nf COLOR, -sb COLOR, -sf COLOR, -m MONITOR, -w WINDOW
                    accepted and ignored: they only change how dmenu draws
      -v            print the version
      --help        this text

    KEYS (as Debian's dmenu 5.2)
      typing        filters: every word typed (split at spaces) must occur in a
                    line; lines equal to the text come first, then those starting
                    with its first word, then the rest
      Return        print the selected line, or the text when nothing matches
      Shift+Return  print the text typed
      Ctrl+Return   print the selected line (or the text) and stay open
      Tab           copy the selected line into the text
      Up, Down      the previous, next line (Ctrl+P, Ctrl+N)
      Left, Right   move the cursor; without -l the previous, next line when the
                    cursor cannot move
      Home, End     the first, last line (or the cursor to the start, end)
      PgUp, PgDn    a page (-l lines; without -l what would fit on dmenu's line)
      BackSpace, Delete, Ctrl+H, D, K, U, W   edit the text
      Esc           exit 1 (Ctrl+C, Ctrl+G, a remote's Back or Exit)
    A remote's OK and Select are Return.

    Every line is an item, an empty one too; with no lines at all only the text
    typed can be printed (-p Name: </dev/null asks for a name). A tab or control
    character is shown as a space or its picture and matched so; the line is
    printed as it came, byte for byte.

    EXIT STATUS
      0    a line or the text typed was printed (with a newline)
      1    cancelled (Esc, Back, Exit), a usage error, no real dmenu to fall back
           to, falling back would loop, or a bad KEYMENU_ANSWER_KEYS
      10-125
           an answer key of KEYMENU_ANSWER_KEYS (the selected line printed)

    ENVIRONMENT
      KEYMENU_SOCKET  keymenud's socket (default /run/keymenu/keymenu.sock)
      KEYMENU_COMPAT_FALLBACK
                      set (to its path) for the real dmenu this runs instead; when
                      set, this command does not fall back
      KEYMENU_ANSWER_KEYS
                      NAME=STATUS,... such as red=10,blue=11: keys (a remote's
                      colour keys, info, context, any key name) that print the
                      selected line and exit with their status (10 to 125)

    EXAMPLE
      choice=$(printf 'suspend\\nreboot\\npoweroff\\n' | keymenu-dmenu -p Power -l 3 -i)

    """
}
