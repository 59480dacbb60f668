#!/bin/sh
# measure_keys.sh [-j JOBS] [-o DIR] [PATTERN]
#
# Measures, key by key, what Debian's real whiptail, dialog and dmenu do, and
# prints it as Markdown tables (docs/COMPAT-KEYS.md was written from this).
#
# whiptail and dialog run in an 80x24 tmux pane of their own each
# (in_tmux.sh, TERM=tmux-256color inside the pane, LANG=C.UTF-8); the keys
# of a probe are sent 0.15 s apart (1.2 s after an Escape, past newt's 0.5 s
# and ncurses' 1 s escape wait), then the screen is read (the "after keys"
# column: screen_focus.py's hi=/cur=/top=), then the final keys are sent
# (usually Enter) and the exit status and output are recorded. A probe's
# stdout column is "tty" when its standard output was the pane (whiptail
# always draws there; dialog draws there unless --stdout or --output-fd 1).
# dmenu runs on an Xvfb display of its own (started here, a free display
# number) and is driven by xdotool.
#
# -j JOBS   probes run at once (whiptail/dialog; default 4; dmenu: one by one)
# -o DIR    keep the work files in DIR (default: a new temporary directory,
#           removed at the end)
# PATTERN   only the probes whose box name matches this grep -E pattern
#           (box names: W* whiptail, D* dialog, X* dmenu, TA* type-ahead)
#
# Needs: whiptail, dialog, tmux, dmenu (suckless-tools), xdotool, Xvfb,
# /usr/bin/python3 (make deps installs them).
set -u
here=$(cd "$(dirname "$0")" && pwd)

# The boxes: NAME<TAB>MARKER<TAB>COMMAND (a shell command line; @DIR@ is the
# work directory). A MARKER of "-" means: do not wait, the keys are typed
# while COMMAND is still starting (type-ahead).
boxes() {
  cat <<'EOF'
WMENU	Pick a fruit	whiptail --title Fruit --menu 'Pick a fruit' 20 50 5 apple Apple apricot Apricot banana Banana blueberry Blueberry cherry Cherry date Date elder Elderberry fig Fig grape Grape
WMENU3	Pick one	whiptail --menu 'Pick one' 15 40 3 a Apple b Banana c Cherry
WMENUDEF	Pick a fruit	whiptail --default-item cherry --menu 'Pick a fruit' 20 50 5 apple Apple apricot Apricot banana Banana blueberry Blueberry cherry Cherry date Date elder Elderberry fig Fig grape Grape
WMENUDEFX	Pick one	whiptail --default-item nosuch --menu 'Pick one' 15 40 3 a Apple b Banana c Cherry
WMENUNOTAGS	Pick a colour	whiptail --notags --menu 'Pick a colour' 15 40 4 r Red g Green b Blue y Yellow
WMENULABELS	Pick one	whiptail --ok-button Select --cancel-button Back --menu 'Pick one' 15 40 3 a Apple b Banana c Cherry
WMENUNOCANCEL	Pick one	whiptail --nocancel --menu 'Pick one' 15 40 3 a Apple b Banana c Cherry
WMENUNUM	Setup Options	whiptail --title 'Raspberry Pi Software Configuration Tool (raspi-config)' --menu 'Setup Options' 20 70 5 --cancel-button Finish --ok-button Select '1 System Options' 'Configure system settings' '2 Display Options' 'Configure display settings' '3 Interface Options' 'Configure connections to peripherals' '4 Performance Options' 'Configure performance settings' '5 Localisation Options' 'Configure language and regional settings' '6 Advanced Options' 'Configure advanced settings' '8 Update' 'Update this tool to the latest version' '9 About raspi-config' 'Information about this configuration tool'
WYESNO	Continue?	whiptail --title Question --yesno 'Continue?' 8 40
WYESNODEFNO	Continue?	whiptail --defaultno --yesno 'Continue?' 8 40
WYESNOLABELS	Continue?	whiptail --yes-button Proceed --no-button Abort --yesno 'Continue?' 8 40
WMSG	All done.	whiptail --title Note --msgbox 'All done.' 8 40
WINPUT	Your name:	whiptail --inputbox 'Your name:' 8 40 Pi
WINPUTNOCANCEL	Your name:	whiptail --nocancel --inputbox 'Your name:' 8 40 Pi
WCHECKNOCANCEL	Toppings:	whiptail --nocancel --checklist 'Toppings:' 15 50 3 ham Ham on egg Egg off olive Olive on
WPASS	Password:	whiptail --passwordbox 'Password:' 8 40
WCHECK	Toppings:	whiptail --checklist 'Toppings:' 20 50 5 ham Ham on egg Egg off olive Olive on onion Onion off pepper Pepper off tomato Tomato off mushroom Mushroom off
WCHECKSEP	Toppings:	whiptail --separate-output --checklist 'Toppings:' 15 50 3 ham Ham on egg Egg off olive Olive on
WRADIO	Size:	whiptail --radiolist 'Size:' 15 40 3 s Small off m Medium on l Large off
WRADIO2	Size:	whiptail --radiolist 'Size:' 15 40 3 s Small on m Medium on l Large off
WRADIO0	Size:	whiptail --radiolist 'Size:' 15 40 3 s Small off m Medium off l Large off
WTEXT	line 01	whiptail --textbox @DIR@/lines.txt 12 50
WTEXTSCROLL	line 01	whiptail --scrolltext --textbox @DIR@/lines.txt 12 50
WTEXTBIG	line 05	whiptail --textbox @DIR@/lines.txt 30 60
DMENU	Pick a fruit	dialog --title Fruit --menu 'Pick a fruit' 12 50 5 apple Apple apricot Apricot banana Banana blueberry Blueberry cherry Cherry date Date elder Elderberry fig Fig grape Grape
DMENU3	Pick one	dialog --menu 'Pick one' 12 40 3 a Apple b Banana c Cherry
DMENUDEF	Pick a fruit	dialog --default-item cherry --menu 'Pick a fruit' 12 50 5 apple Apple apricot Apricot banana Banana blueberry Blueberry cherry Cherry date Date elder Elderberry fig Fig grape Grape
DMENULABELS	Pick one	dialog --ok-label Select --cancel-label Back --menu 'Pick one' 12 40 3 a Apple b Banana c Cherry
DMENUNOCANCEL	Pick one	dialog --no-cancel --menu 'Pick one' 12 40 3 a Apple b Banana c Cherry
DMENUEXTRA	Pick one	dialog --extra-button --extra-label Rename --menu 'Pick one' 12 50 3 a Apple b Banana c Cherry
DMENUHELP	Pick one	dialog --help-button --menu 'Pick one' 12 50 3 a Apple b Banana c Cherry
DMENUNUM	Setup Options	dialog --menu 'Setup Options' 12 60 4 1 System 2 Display 3 Interface 4 Performance 5 Localisation 6 Advanced
DMENUSTDOUT	Pick one	dialog --stdout --menu 'Pick one' 12 40 3 a Apple b Banana c Cherry
DMENUFD1	Pick one	dialog --output-fd 1 --menu 'Pick one' 12 40 3 a Apple b Banana c Cherry
DYESNO	Continue?	dialog --title Question --yesno 'Continue?' 8 40
DYESNODEFNO	Continue?	dialog --defaultno --yesno 'Continue?' 8 40
DYESNODEFBTN	Continue?	dialog --default-button no --yesno 'Continue?' 8 40
DYESNOEXTRA	Continue?	dialog --extra-button --extra-label Later --yesno 'Continue?' 8 50
DYESNOHELP	Continue?	dialog --help-button --yesno 'Continue?' 8 50
DYESNOLABELS	Continue?	dialog --yes-label Proceed --no-label Abort --yesno 'Continue?' 8 40
DMSG	All done.	dialog --title Note --msgbox 'All done.' 8 40
DINPUT	Your name:	dialog --inputbox 'Your name:' 8 40 Pi
DCHECK	Toppings:	dialog --checklist 'Toppings:' 12 50 5 ham Ham on egg Egg off olive Olive on onion Onion off pepper Pepper off tomato Tomato off mushroom Mushroom off
DRADIO	Size:	dialog --radiolist 'Size:' 12 40 3 s Small off m Medium on l Large off
DRADIO2	Size:	dialog --radiolist 'Size:' 12 40 3 s Small on m Medium on l Large off
DRADIO0	Size:	dialog --radiolist 'Size:' 12 40 3 s Small off m Medium off l Large off
TAWYESNO	-	sleep 1; whiptail --yesno 'Continue?' 8 40
TAWMENU	-	sleep 1; whiptail --menu 'Pick one' 15 40 3 a Apple b Banana c Cherry
TAWTWO	First box	whiptail --msgbox 'First box' 8 40; whiptail --yesno 'Second box' 8 40
TAWTWOSLEEP	First box	whiptail --msgbox 'First box' 8 40; sleep 0.5; whiptail --yesno 'Second box' 8 40
TADYESNO	-	sleep 1; dialog --yesno 'Continue?' 8 40
TADMENU	-	sleep 1; dialog --menu 'Pick one' 12 40 3 a Apple b Banana c Cherry
TADTWO	First box	dialog --msgbox 'First box' 8 40; dialog --yesno 'Second box' 8 40
TADTWOSLEEP	First box	dialog --msgbox 'First box' 8 40; sleep 0.5; dialog --yesno 'Second box' 8 40
EOF
}

# The probes: BOX<TAB>KEYS<TAB>FINAL KEYS. KEYS are sent, the screen is read,
# then FINAL KEYS are sent (none: the box should have ended by then). Lines
# starting with "#" are section titles.
probes() {
  cat <<'EOF'
# whiptail --menu, 9 items, list height 5 (a list that scrolls)
WMENU		Enter
WMENU	Down	Enter
WMENU	Down Down	Enter
WMENU	Up	Enter
WMENU	Down Up	Enter
WMENU	Down Down Down Down Down	Enter
WMENU	End	Enter
WMENU	End Down	Enter
WMENU	End Home	Enter
WMENU	Home	Enter
WMENU	PPage	Enter
WMENU	NPage	Enter
WMENU	NPage NPage	Enter
WMENU	NPage NPage NPage	Enter
WMENU	Down Down NPage	Enter
WMENU	NPage PPage	Enter
WMENU	End PPage	Enter
WMENU	End PPage PPage	Enter
WMENU	Down Down PPage	Enter
WMENU	Down Down Down Down Down Down PPage	Enter
WMENU	Tab	Enter
WMENU	Tab Tab	Enter
WMENU	Tab Tab Tab	Enter
WMENU	BTab	Enter
WMENU	BTab BTab	Enter
WMENU	BTab BTab BTab	Enter
WMENU	Right	Enter
WMENU	Right Right	Enter
WMENU	Right Right Right	Enter
WMENU	Left	Enter
WMENU	Tab Left	Enter
WMENU	Tab Tab Left	Enter
WMENU	Tab Right	Enter
WMENU	Tab Tab Right	Enter
WMENU	Tab Down	Enter
WMENU	Tab Up	Enter
WMENU	Tab Tab Down	Enter
WMENU	Down Down Tab Up	Enter
WMENU	Down Down Tab BTab	Enter
WMENU	Down Down Tab Tab Tab	Enter
WMENU	BSpace	Enter
WMENU	Space	Enter
WMENU	Tab Space	
WMENU	Tab Tab Space	
WMENU	1	Enter
WMENU	3	Enter
WMENU	9	Enter
WMENU	a	Enter
WMENU	a a	Enter
WMENU	a a a	Enter
WMENU	b	Enter
WMENU	b b	Enter
WMENU	b b b	Enter
WMENU	c	Enter
WMENU	c c	Enter
WMENU	g	Enter
WMENU	f	Enter
WMENU	A	Enter
WMENU	B	Enter
WMENU	Down a	Enter
WMENU	End a	Enter
WMENU	o	Enter
WMENU	y	Enter
WMENU	n	Enter
WMENU	x	Enter
WMENU	Tab a	Enter
WMENU	Tab c	Enter
WMENU	Tab Home	Enter
WMENU	Tab End	Enter
WMENU	Tab NPage	Enter
WMENU	Escape	Enter
WMENU	Tab Escape	Enter
WMENU	F12	
WMENU	Down F12	
WMENU	Tab Tab F12	
# whiptail --menu, 3 items, list height 3 (no scrolling)
WMENU3	Down Down	Enter
WMENU3	Down Down Down	Enter
WMENU3	Up	Enter
WMENU3	NPage	Enter
WMENU3	c	Enter
WMENU3	c	Tab Enter
WMENU3	o	Enter
# whiptail --default-item
WMENUDEF		Enter
WMENUDEF	Up	Enter
WMENUDEF	Down	Enter
WMENUDEF	Home	Enter
WMENUDEF	Tab	Enter
WMENUDEFX		Enter
# whiptail --notags (tags r g b y, items Red Green Blue Yellow)
WMENUNOTAGS		Enter
WMENUNOTAGS	Down	Enter
WMENUNOTAGS	b	Enter
WMENUNOTAGS	y	Enter
WMENUNOTAGS	g	Enter
# whiptail --ok-button Select --cancel-button Back
WMENULABELS	Tab	Enter
WMENULABELS	Tab Tab	Enter
WMENULABELS	b	Enter
WMENULABELS	s	Enter
WMENULABELS	Escape	
# whiptail --nocancel
WMENUNOCANCEL	Tab	Enter
WMENUNOCANCEL	Tab Tab	Enter
WMENUNOCANCEL	Tab Tab Down	Enter
WMENUNOCANCEL	BTab	Enter
WMENUNOCANCEL	Right Right	Enter
WMENUNOCANCEL	Escape	
# whiptail --menu, raspi-config's tags ("1 System Options" ...)
WMENUNUM	1	Enter
WMENUNUM	4	Enter
WMENUNUM	Down Down Down	Enter
WMENUNUM	S	Enter
WMENUNUM	NPage	Enter
WMENUNUM	End	Enter
WMENUNUM	Tab Tab	Enter
# whiptail --yesno
WYESNO		Enter
WYESNO	Tab	Enter
WYESNO	Tab Tab	Enter
WYESNO	Tab Tab Tab	Enter
WYESNO	BTab	Enter
WYESNO	BTab BTab	Enter
WYESNO	Right	Enter
WYESNO	Right Right	Enter
WYESNO	Left	Enter
WYESNO	Right Left	Enter
WYESNO	Down	Enter
WYESNO	Down Down	Enter
WYESNO	Up	Enter
WYESNO	Tab Up	Enter
WYESNO	Home	Enter
WYESNO	End	Enter
WYESNO	NPage	Enter
WYESNO	PPage	Enter
WYESNO	BSpace	Enter
WYESNO	Space	
WYESNO	Tab Space	
WYESNO	y	Enter
WYESNO	n	Enter
WYESNO	Y	Enter
WYESNO	N	Enter
WYESNO	o	Enter
WYESNO	c	Enter
WYESNO	1	Enter
WYESNO	2	Enter
WYESNO	Escape	Enter
WYESNO	Tab Escape	Enter
WYESNO	F12	
WYESNO	Tab F12	
# whiptail --defaultno --yesno
WYESNODEFNO		Enter
WYESNODEFNO	Tab	Enter
WYESNODEFNO	Tab Tab	Enter
WYESNODEFNO	BTab	Enter
WYESNODEFNO	Left	Enter
WYESNODEFNO	Right	Enter
WYESNODEFNO	Up	Enter
WYESNODEFNO	Space	
WYESNODEFNO	y	Enter
WYESNODEFNO	Y	Enter
WYESNODEFNO	n	Enter
WYESNODEFNO	Escape	Enter
WYESNODEFNO	F12	
WYESNODEFNO	Down	Enter
WYESNODEFNO	Home	Enter
WYESNODEFNO	End	Enter
WYESNODEFNO	NPage	Enter
WYESNODEFNO	PPage	Enter
WYESNODEFNO	1	Enter
WYESNODEFNO	c	Enter
WYESNODEFNO	o	Enter
# whiptail --yes-button Proceed --no-button Abort --yesno
WYESNOLABELS		Enter
WYESNOLABELS	Tab	Enter
WYESNOLABELS	a	Enter
WYESNOLABELS	p	Enter
# whiptail --msgbox
WMSG		Enter
WMSG	Space	
WMSG	Escape	Enter
WMSG	Tab	Enter
WMSG	Tab Tab	Enter
WMSG	Right	Enter
WMSG	Down	Enter
WMSG	o	Enter
WMSG	y	Enter
WMSG	q	Enter
WMSG	1	Enter
WMSG	F12	
WMSG	BTab	Enter
WMSG	Left	Enter
WMSG	Up	Enter
WMSG	Home	Enter
WMSG	End	Enter
WMSG	NPage	Enter
WMSG	PPage	Enter
WMSG	BSpace	Enter
# whiptail --inputbox 'Your name:' 8 40 Pi (initial text Pi)
WINPUT		Enter
WINPUT	Bob	Enter
WINPUT	BSpace BSpace Bob	Enter
WINPUT	BSpace BSpace BSpace	Enter
WINPUT	Home X	Enter
WINPUT	Left X	Enter
WINPUT	Home Right X	Enter
WINPUT	Home DC	Enter
WINPUT	C-u	Enter
WINPUT	Home C-k	Enter
WINPUT	Space	Enter
WINPUT	Tab	Enter
WINPUT	Tab Tab	Enter
WINPUT	Tab Tab Tab	Enter
WINPUT	BTab	Enter
WINPUT	BTab BTab	Enter
WINPUT	Down	Enter
WINPUT	Down Down	Enter
WINPUT	Up	Enter
WINPUT	Right	Enter
WINPUT	Tab Space	
WINPUT	Tab Tab Space	
WINPUT	Tab x	Enter
WINPUT	Tab BSpace	Enter
WINPUT	Tab Left	Enter
WINPUT	Escape	Enter
WINPUT	Bob Escape	Enter
WINPUT	F12	
WINPUTNOCANCEL	Tab	Enter
WINPUTNOCANCEL	Tab Tab	Enter
WINPUTNOCANCEL	Escape	
WCHECKNOCANCEL	Escape	
WINPUT	NPage	Enter
WINPUT	PPage	Enter
WINPUT	End X	Enter
WINPUT	12	Enter
# whiptail --passwordbox
WPASS		Enter
WPASS	s3cret	Enter
WPASS	s3cret BSpace	Enter
WPASS	Tab	Enter
WPASS	Tab Tab	Enter
WPASS	Escape	Enter
# whiptail --checklist, 7 items (ham and olive on), list height 5
WCHECK		Enter
WCHECK	Space	Enter
WCHECK	Space Space	Enter
WCHECK	Down Space	Enter
WCHECK	Down Down Down Down	Enter
WCHECK	Down Down Down Down Down	Enter
WCHECK	Down Down Down Down Down Down Down	Enter
WCHECK	Down Down Down Down Down Down Down Down	Enter
WCHECK	Down Down Down Down Down Down Down Down Down	Enter
WCHECK	Up	Enter
WCHECK	Up Up	Enter
WCHECK	End	Enter
WCHECK	End Space	Enter
WCHECK	Home	Enter
WCHECK	NPage	Enter
WCHECK	NPage Space	Enter
WCHECK	NPage NPage Space	Enter
WCHECK	NPage PPage Space	Enter
WCHECK	NPage NPage PPage	Enter
WCHECK	Down Down NPage	Enter
WCHECK	Down Down Down Down Down Down PPage	Enter
WCHECK	Right Right	Enter
WCHECK	Down Down Home	Space Enter
WCHECK	Down Down End	Space Enter
WCHECK	Down Down Tab Up	Space Enter
WCHECK	Down Down Tab BTab	Space Enter
WCHECK	Tab	Enter
WCHECK	Tab Tab	Enter
WCHECK	Tab Tab Tab	Enter
WCHECK	BTab	Enter
WCHECK	Right	Enter
WCHECK	Left	Enter
WCHECK	Tab Up	Enter
WCHECK	Tab Up Space	Enter
WCHECK	Tab Space	
WCHECK	o	Enter
WCHECK	o Space	Enter
WCHECK	e Space	Enter
WCHECK	1	Enter
WCHECK	Escape	Enter
WCHECK	F12	
# whiptail --separate-output --checklist
WCHECKSEP		Enter
WCHECKSEP	Down Space	Enter
WCHECKSEP	Space Down Down Space	Enter
# whiptail --radiolist (m on)
WRADIO		Enter
WRADIO	Down	Enter
WRADIO	Space	Enter
WRADIO	Down Down Space	Enter
WRADIO	Space Down	Enter
WRADIO	Down Space Space	Enter
WRADIO	Tab	Enter
WRADIO	Tab Tab	Enter
WRADIO	l	Enter
WRADIO	Escape	Enter
WRADIO	Up	Enter
WRADIO	Down Down Down	Enter
WRADIO	End	Enter
WRADIO	NPage	Enter
WRADIO	BTab	Enter
WRADIO	2	Enter
WRADIO	Tab Space	
# whiptail --radiolist with two items on (s and m)
WRADIO2		Enter
WRADIO2	Space	Enter
WRADIO2	Down Space	Enter
# whiptail --radiolist with no item on
WRADIO0		Enter
WRADIO0	Down	Enter
WRADIO0	Down Space	Enter
# whiptail --textbox (30 lines in a 12-line box, with and without --scrolltext; WTEXTBIG: a box 30 rows high on a 24-row screen)
WTEXT		Enter
WTEXT	Down	Enter
WTEXT	Tab	Enter
WTEXT	Space	
WTEXT	Escape	Enter
WTEXTSCROLL		Enter
WTEXTSCROLL	Down Down Down	Enter
WTEXTSCROLL	NPage	Enter
WTEXTSCROLL	End	Enter
WTEXTSCROLL	Tab	Enter
WTEXTSCROLL	Tab Tab	Enter
WTEXTSCROLL	Space	
WTEXTSCROLL	Escape	Enter
WTEXTSCROLL	F12	
WTEXTBIG		Enter
WTEXTBIG	NPage	Enter
WTEXTBIG	Escape	
# dialog --menu, 9 items in a box of 12 rows (the list scrolls)
DMENU		Enter
DMENU	Down	Enter
DMENU	Down Down	Enter
DMENU	Up	Enter
DMENU	Down Down Down Down Down	Enter
DMENU	End	Enter
DMENU	End Down	Enter
DMENU	End Home	Enter
DMENU	Home	Enter
DMENU	PPage	Enter
DMENU	NPage	Enter
DMENU	NPage NPage	Enter
DMENU	NPage NPage NPage	Enter
DMENU	Down Down NPage	Enter
DMENU	NPage PPage	Enter
DMENU	Down Down PPage	Enter
DMENU	NPage NPage PPage	Enter
DMENU	NPage NPage PPage PPage	Enter
DMENU	End 1	Enter
DMENU	End 5	Enter
DMENU	+ +	Enter
DMENU	Down Down -	Enter
DMENU	End PPage	Enter
DMENU	Tab	Enter
DMENU	Tab Tab	Enter
DMENU	Tab Tab Tab	Enter
DMENU	BTab	Enter
DMENU	BTab BTab	Enter
DMENU	Right	Enter
DMENU	Right Right	Enter
DMENU	Right Right Right	Enter
DMENU	Left	Enter
DMENU	Left Left	Enter
DMENU	Tab Down	Enter
DMENU	Tab Up	Enter
DMENU	Down Down Tab Up	Enter
DMENU	Space	
DMENU	Tab Space	
DMENU	BSpace	Enter
DMENU	1	Enter
DMENU	3	Enter
DMENU	9	Enter
DMENU	a	Enter
DMENU	a a	Enter
DMENU	a a a	Enter
DMENU	b	Enter
DMENU	b b	Enter
DMENU	c	Enter
DMENU	g	Enter
DMENU	A	Enter
DMENU	o	Enter
DMENU	O	Enter
DMENU	y	Enter
DMENU	x	Enter
DMENU	Tab a	Enter
DMENU	Escape	Enter
DMENU	Tab Escape	Enter
DMENU	F12	Enter
# dialog --menu, 3 items
DMENU3	Down Down Down	Enter
DMENU3	Up	Enter
DMENU3	c	Enter
DMENU3	C	Enter
DMENU3	o	Enter
DMENU3	2	Enter
DMENU3	Tab c	Enter
# dialog --default-item cherry
DMENUDEF		Enter
DMENUDEF	Up	Enter
DMENUDEF	Home	Enter
# dialog --ok-label Select --cancel-label Back
DMENULABELS	Tab	Enter
DMENULABELS	b	Enter
DMENULABELS	B	Enter
DMENULABELS	s	Enter
DMENULABELS	S	Enter
# dialog --no-cancel
DMENUNOCANCEL	Tab	Enter
DMENUNOCANCEL	Tab Tab	Enter
DMENUNOCANCEL	Escape	Enter
# dialog --extra-button --extra-label Rename
DMENUEXTRA		Enter
DMENUEXTRA	Tab	Enter
DMENUEXTRA	Tab Tab	Enter
DMENUEXTRA	Tab Tab Tab	Enter
DMENUEXTRA	Down Tab	Enter
DMENUEXTRA	r	Enter
DMENUEXTRA	R	Enter
# dialog --help-button
DMENUHELP		Enter
DMENUHELP	Tab	Enter
DMENUHELP	Tab Tab	Enter
DMENUHELP	Down Tab Tab	Enter
DMENUHELP	h	Enter
DMENUHELP	H	Enter
DMENUHELP	F1	Enter
# dialog --menu, numeric tags 1-6 in 4 rows
DMENUNUM		Enter
DMENUNUM	3	Enter
DMENUNUM	6	Enter
DMENUNUM	5	Enter
DMENUNUM	9	Enter
DMENUNUM	NPage	Enter
# dialog --stdout and --output-fd 1 (standard output not the terminal, as in x=$(dialog ...))
DMENUSTDOUT		Enter
DMENUSTDOUT	Down	Enter
DMENUSTDOUT	Tab	Enter
DMENUSTDOUT	Escape	Enter
DMENUFD1		Enter
DMENUFD1	Down	Enter
# dialog --yesno
DYESNO		Enter
DYESNO	Tab	Enter
DYESNO	Tab Tab	Enter
DYESNO	BTab	Enter
DYESNO	Right	Enter
DYESNO	Right Right	Enter
DYESNO	Left	Enter
DYESNO	Down	Enter
DYESNO	Up	Enter
DYESNO	Home	Enter
DYESNO	End	Enter
DYESNO	NPage	Enter
DYESNO	Space	
DYESNO	Tab Space	
DYESNO	y	
DYESNO	n	
DYESNO	Y	
DYESNO	N	
DYESNO	o	Enter
DYESNO	c	Enter
DYESNO	1	Enter
DYESNO	BSpace	Enter
DYESNO	Escape	Enter
DYESNO	Tab Escape	Enter
# dialog --defaultno --yesno
DYESNODEFNO		Enter
DYESNODEFNO	Tab	Enter
DYESNODEFNO	Left	Enter
DYESNODEFNO	y	
DYESNODEFNO	Space	
DYESNODEFNO	Escape	Enter
DYESNODEFNO	n	
DYESNODEFNO	Right	Enter
DYESNODEFNO	BTab	Enter
# dialog --default-button no --yesno
DYESNODEFBTN		Enter
DYESNODEFBTN	Tab	Enter
DYESNODEFBTN	y	
DYESNODEFBTN	Space	
# dialog --extra-button --extra-label Later --yesno
DYESNOEXTRA		Enter
DYESNOEXTRA	Tab	Enter
DYESNOEXTRA	Tab Tab	Enter
DYESNOEXTRA	Tab Tab Tab	Enter
DYESNOEXTRA	l	
DYESNOEXTRA	n	
# dialog --help-button --yesno
DYESNOHELP		Enter
DYESNOHELP	Tab Tab	Enter
DYESNOHELP	h	
DYESNOHELP	F1	Enter
# dialog --yes-label Proceed --no-label Abort --yesno
DYESNOLABELS		Enter
DYESNOLABELS	Tab	Enter
DYESNOLABELS	y	Enter
DYESNOLABELS	p	
DYESNOLABELS	a	
# dialog --msgbox
DMSG		Enter
DMSG	Space	
DMSG	Escape	Enter
DMSG	Tab	Enter
DMSG	Down	Enter
DMSG	o	
DMSG	y	Enter
DMSG	q	Enter
DMSG	BTab	Enter
DMSG	Left	Enter
DMSG	Right	Enter
DMSG	Up	Enter
DMSG	Home	Enter
DMSG	End	Enter
DMSG	NPage	Enter
DMSG	1	Enter
DMSG	c	Enter
DMSG	O	
# dialog --inputbox 'Your name:' 8 40 Pi
DINPUT		Enter
DINPUT	Bob	Enter
DINPUT	BSpace BSpace Bob	Enter
DINPUT	Home X	Enter
DINPUT	Left X	Enter
DINPUT	C-u	Enter
DINPUT	Space	Enter
DINPUT	Tab	Enter
DINPUT	Tab Tab	Enter
DINPUT	Tab Tab Tab	Enter
DINPUT	BTab	Enter
DINPUT	Down	Enter
DINPUT	Up	Enter
DINPUT	Tab Space	
DINPUT	Tab c	Enter
DINPUT	Tab x	Enter
DINPUT	Escape	Enter
DINPUT	End X	Enter
DINPUT	NPage	Enter
DINPUT	PPage	Enter
DINPUT	Right	Enter
DINPUT	Left Left Left	Enter
DINPUT	Tab o	
DINPUT	Tab Tab Tab Tab	Enter
# dialog --checklist, 7 items (ham and olive on) in a box of 12 rows
DCHECK		Enter
DCHECK	Space	Enter
DCHECK	Down Space	Enter
DCHECK	Down Down Down Down Down Down Down Down	Enter
DCHECK	Up	Enter
DCHECK	End Space	Enter
DCHECK	NPage	Space Enter
DCHECK	Tab	Enter
DCHECK	Tab Tab	Enter
DCHECK	Right	Enter
DCHECK	o	Space Enter
DCHECK	o o	Space Enter
DCHECK	1	Space Enter
DCHECK	Escape	Enter
DCHECK	Space Space	Enter
DCHECK	BTab	Enter
DCHECK	Left	Enter
DCHECK	Down Down Home	Space Enter
DCHECK	End PPage	Space Enter
DCHECK	NPage NPage	Space Enter
DCHECK	Tab Down	Space Enter
DCHECK	Tab Space	
# dialog --radiolist (m on)
DRADIO		Enter
DRADIO	Down	Enter
DRADIO	Space	Enter
DRADIO	Down Down Space	Enter
DRADIO	Tab	Enter
DRADIO	l	Enter
DRADIO	Escape	Enter
DRADIO	Up	Enter
DRADIO	End	Space Enter
DRADIO	NPage	Space Enter
DRADIO	3	Space Enter
DRADIO	Space Space	Enter
DRADIO	Down Space Up Space	Enter
DRADIO	Tab Space	
# dialog --radiolist with two items on (s and m)
DRADIO2		Enter
DRADIO2	Down Down Space	Enter
# dialog --radiolist with no item on
DRADIO0		Enter
DRADIO0	Space	Enter
# type-ahead: keys typed while "sleep 1" runs, before the box is drawn
TAWYESNO	Enter @sleep:3	Tab Enter
TAWMENU	Down Enter @sleep:3	Enter
TADYESNO	Enter @sleep:3	Tab Enter
TADMENU	Down Enter @sleep:3	Enter
# two boxes in a row (TAxTWO: no pause between, TAxTWOSLEEP: sleep 0.5 between): Enter on the first, Tab 0.15 s later, Enter 3 s later (No: the Tab reached the second box)
TAWTWO	Enter Tab @sleep:3	Enter
TAWTWOSLEEP	Enter Tab @sleep:3	Enter
TADTWO	Enter Tab @sleep:3	Enter
TADTWOSLEEP	Enter Tab @sleep:3	Enter
EOF
}

# One probe: NUMBER. Prints one Markdown table row.
one() {
  dir=$1 n=$2
  line=$(probes | grep -v '^#' | sed -n "${n}p")
  box=$(printf '%s\n' "$line" | cut -f1)
  keys=$(printf '%s\n' "$line" | cut -f2)
  final=$(printf '%s\n' "$line" | cut -f3)
  def=$(boxes | awk -F'\t' -v b="$box" '$1 == b')
  marker=$(printf '%s\n' "$def" | cut -f2)
  command=$(printf '%s\n' "$def" | cut -f3- | sed "s|@DIR@|$dir|g")
  name=p$n
  [ "$marker" = - ] && marker=
  case $command in
    *--stdout*|*"--output-fd 1 "*) out=">$dir/$name.out" ;;
    *) out= ;;
  esac
  sent=
  for k in $keys; do
    sent="$sent $k"
    [ "$k" = Escape ] && sent="$sent @sleep:1.2"
  done
  tail=
  for k in $final; do
    tail="$tail $k"
    [ "$k" = Escape ] && tail="$tail @sleep:1.2"
  done
  [ -n "$final" ] || sent="$sent @sleep:0.8"
  set -f
  IN_TMUX_SNAP_ATTRS=1 IN_TMUX_DELAY=0.15 IN_TMUX_TIMEOUT=8 "$here/in_tmux.sh" "$dir" "$name" "$marker" \
    $sent @sleep:0.3 @snap $tail -- \
    "{ $command ; } $out 2>$dir/$name.err 3>$dir/$name.fd3; echo \$? >$dir/$name.status" \
    >/dev/null 2>"$dir/$name.log"
  set +f
  after=$(/usr/bin/python3 "$here/screen_focus.py" focus "$dir/$name.snap" | head -1)
  status=$(cat "$dir/$name.status" 2>/dev/null || echo "none (still waiting)")
  if [ -n "$out" ]; then stdout=$(/usr/bin/python3 "$here/screen_focus.py" escape "$dir/$name.out"); else stdout=tty; fi
  stderr=$(/usr/bin/python3 "$here/screen_focus.py" escape "$dir/$name.err")
  # A "|" in a cell would end it: Markdown's escape.
  after=$(printf '%s' "$after" | sed 's/|/\\|/g')
  stdout=$(printf '%s' "$stdout" | sed 's/|/\\|/g')
  stderr=$(printf '%s' "$stderr" | sed 's/|/\\|/g')
  printf '| %s | %s | %s | %s | %s | `%s` | `%s` |\n' "$box" "${keys:-(none)}" "$after" "${final:-(none)}" \
    "$status" "$stdout" "$stderr"
}

# One dmenu probe on $DISPLAY: STDIN (printf format) ARGUMENTS KEYS.
# Prints status, stdout and stderr (escaped), tab-separated.
dmenu_one() {
  dir=$1 name=$2 input=$3 arguments=$4 keys=$5
  rm -f "$dir/$name".*
  # shellcheck disable=SC2086
  setsid sh -c "printf '$input' | dmenu $arguments >$dir/$name.out 2>$dir/$name.err; echo \$? >$dir/$name.status" &
  group=$!
  for _ in $(seq 250); do
    xdotool search --onlyvisible --class dmenu >/dev/null 2>&1 && break
    [ -s "$dir/$name.status" ] && break
    sleep 0.02
  done
  sleep 0.2
  set -f
  for k in $keys; do
    case $k in
      Enter) xdotool key Return ;;
      S-Enter) xdotool key shift+Return ;;
      C-Enter) xdotool key ctrl+Return ;;
      BTab) xdotool key shift+Tab ;;
      BSpace) xdotool key BackSpace ;;
      PPage) xdotool key Prior ;;
      NPage) xdotool key Next ;;
      Space) xdotool key space ;;
      Escape|Tab|Up|Down|Left|Right|Home|End) xdotool key "$k" ;;
      C-*) xdotool key "ctrl+${k#C-}" ;;
      @sleep:*) sleep "${k#@sleep:}" ;;
      *) xdotool type --delay 30 -- "$k" ;;
    esac
    sleep 0.1
  done
  set +f
  for _ in $(seq 150); do [ -s "$dir/$name.status" ] && break; sleep 0.02; done
  if [ ! -s "$dir/$name.status" ]; then
    xdotool key Escape; sleep 0.3
    kill -- "-$group" 2>/dev/null
    printf 'none (still open, closed by Esc)'
  else
    cat "$dir/$name.status" | tr -d '\n'
  fi
  printf '\t%s\t%s\n' "$(/usr/bin/python3 "$here/screen_focus.py" escape "$dir/$name.out")" \
    "$(/usr/bin/python3 "$here/screen_focus.py" escape "$dir/$name.err")"
  wait "$group" 2>/dev/null
}

dmenu_probes() {
  # STDIN<TAB>ARGUMENTS<TAB>KEYS
  cat <<'EOF'
# dmenu -l 5 (vertical), items apple Apricot banana Blueberry cherry date elder fig grape
FRUIT	-l 5	Enter
FRUIT	-l 5	Down Enter
FRUIT	-l 5	Up Enter
FRUIT	-l 5	Down Down Up Enter
FRUIT	-l 5	End Enter
FRUIT	-l 5	End Down Enter
FRUIT	-l 5	End Home Enter
FRUIT	-l 5	NPage Enter
FRUIT	-l 5	NPage NPage Enter
FRUIT	-l 5	Down NPage Enter
FRUIT	-l 5	NPage PPage Enter
FRUIT	-l 5	Tab Enter
FRUIT	-l 5	Down Tab Enter
FRUIT	-l 5	Tab Tab Enter
FRUIT	-l 5	BTab Enter
FRUIT	-l 5	Right Enter
FRUIT	-l 5	Left Enter
FRUIT	-l 5	a Enter
FRUIT	-l 5	ap Enter
FRUIT	-l 5	ap Down Enter
FRUIT	-l 5	Ap Enter
FRUIT	-l 5	A Enter
FRUIT	-l 5	an Enter
FRUIT	-l 5	e Enter
FRUIT	-l 5	er Enter
FRUIT	-l 5	zzz Enter
FRUIT	-l 5	zzz S-Enter
FRUIT	-l 5	ap S-Enter
FRUIT	-l 5	S-Enter
FRUIT	-l 5	zzz Tab Enter
FRUIT	-l 5	ch Tab Enter
FRUIT	-l 5	ap Left Left Enter
FRUIT	-l 5	ap Left Right Enter
FRUIT	-l 5	zzz BSpace BSpace BSpace Enter
FRUIT	-l 5	C-Enter Enter
FRUIT	-l 5	C-Enter Down C-Enter Escape
FRUIT	-l 5	Escape
FRUIT	-l 5	zzz Escape
FRUIT	-l 5	Space Enter
FRUIT	-l 5	1 Enter
FRUIT	-l 5	C-n Enter
FRUIT	-l 5	C-j
FRUIT	-l 5	C-m
# dmenu -i -l 5 (case-insensitive)
FRUIT	-i -l 5	a Enter
FRUIT	-i -l 5	ap Enter
FRUIT	-i -l 5	ap Down Enter
FRUIT	-i -l 5	A Enter
FRUIT	-i -l 5	AP Enter
FRUIT	-i -l 5	APPLE Enter
FRUIT	-i -l 5	APPLE S-Enter
FRUIT	-i -l 5	b Tab Enter
# dmenu (horizontal, no -l)
FRUIT		Enter
FRUIT		Right Enter
FRUIT		Right Right Enter
FRUIT		Left Enter
FRUIT		Right Left Enter
FRUIT		Down Enter
FRUIT		Up Enter
FRUIT		End Enter
FRUIT		Home Enter
FRUIT		NPage Enter
FRUIT		ap Enter
FRUIT		ap Right Enter
FRUIT		ap Left Enter
FRUIT		A Enter
FRUIT		zzz Enter
FRUIT		zzz S-Enter
FRUIT		Tab Enter
FRUIT		Escape
FRUIT	-i	A Enter
FRUIT	-i	ap Right Enter
# dmenu -p Name: with empty input
EMPTY	-p Name:	Enter
EMPTY	-p Name:	Bob Enter
EMPTY	-p Name:	Bob S-Enter
EMPTY	-p Name:	Escape
EMPTY	-p Name:	Down Enter
EMPTY	-p Name:	Tab Enter
# dmenu lines with a Latin-1 byte (caf\xe9) and with CRLF
LATIN1	-l 5	Enter
LATIN1	-l 5	Down Enter
LATIN1	-l 5	caf Enter
LATIN1	-l 5	caf Tab Enter
CRLF	-l 5	Enter
CRLF	-l 5	Down Enter
CRLF	-l 5	two Enter
CRLF	-l 5	two Tab Enter
CRLF	-l 5	two S-Enter
# dmenu input edge cases: duplicates, an empty line, no final newline
DUPS	-l 5	Down Enter
DUPS	-l 5	b Enter
NOEOL	-l 5	Down Enter
EOF
}

dmenu_input() {
  case $1 in
    FRUIT) echo 'apple\nApricot\nbanana\nBlueberry\ncherry\ndate\nelder\nfig\ngrape\n' ;;
    EMPTY) echo '' ;;
    LATIN1) echo 'caf\351\nt\352te\nplain\n' ;;
    CRLF) echo 'one\r\ntwo\r\nthree\r\n' ;;
    DUPS) echo 'a\n\na\nb\n' ;;
    NOEOL) echo 'first\nlast' ;;
  esac
}

# measure_keys.sh --one DIR N: probe N alone (how the main run starts each).
if [ "${1:-}" = --one ]; then one "$2" "$3"; exit; fi
jobs=4 keep= pattern=.
while [ $# -gt 0 ]; do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    -o) keep=$2; shift 2 ;;
    *) pattern=$1; shift ;;
  esac
done

work=${keep:-$(mktemp -d)}
mkdir -p "$work"
i=0
while [ $i -lt 30 ]; do i=$((i + 1)); printf 'line %02d of the text box\n' $i; done >"$work/lines.txt"

echo "Measured $(date -u +%Y-%m-%d) on $(. /etc/os-release; echo "$PRETTY_NAME"):"
dpkg-query -W -f '    ${Package} ${Version}\n' whiptail libnewt0.52 dialog suckless-tools tmux xdotool 2>/dev/null
echo "    $(dmenu -v 2>&1) (dmenu -v), $(whiptail --version 2>&1) (whiptail --version), dialog $(dialog --version 2>&1 | sed 's/^Version: //')"
echo
echo 'Columns: box, keys sent, the screen after them (hi: highlighted runs, red = newt focus,'
echo 'blue = newt selection without focus or dialog highlight; cur: text at the cursor; top: the'
echo "list's first visible line), the final keys, exit status, stdout, stderr (escaped bytes)."

# whiptail, dialog, type-ahead: in parallel, printed in order.
n=0
probes | while IFS= read -r line; do
  case $line in
    '#'*) printf '%s\n' "$line" >>"$work/order" ;;
    *) n=$((n + 1)); printf '%s\t%s\n' "$n" "$(printf '%s' "$line" | cut -f1)" >>"$work/order" ;;
  esac
done
awk -F'\t' -v p="$pattern" '!/^#/ && $2 ~ p { print $1 }' "$work/order" |
  xargs -P "$jobs" -I{} sh -c '"$0" --one "$1" {} >"$1/row{}"' "$here/measure_keys.sh" "$work"
prev=
while IFS= read -r line; do
  case $line in
    '#'*) title=${line#\# } ;;
    *)
      n=${line%%	*}
      [ -f "$work/row$n" ] || continue
      if [ "$title" != "$prev" ]; then
        printf '\n### %s\n\n| box | keys | after keys | then | status | stdout | stderr |\n|---|---|---|---|---|---|---|\n' "$title"
        prev=$title
      fi
      cat "$work/row$n" ;;
  esac
done <"$work/order"

# dmenu: one by one on a display of its own.
if printf 'X\n' | grep -qE "$pattern" || [ "$pattern" = . ]; then
  exec 5>"$work/display"
  Xvfb -displayfd 5 -screen 0 1280x800x24 -nolisten tcp -noreset >"$work/xvfb.log" 2>&1 &
  xvfb=$!
  exec 5>&-
  for _ in $(seq 250); do [ -s "$work/display" ] && break; sleep 0.02; done
  DISPLAY=:$(head -n1 "$work/display")
  export DISPLAY
  for _ in $(seq 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.05; done
  n=0 prev=
  dmenu_probes | while IFS= read -r line; do
    case $line in
      '#'*) printf '\n### %s\n\n| input | arguments | keys | status | stdout | stderr |\n|---|---|---|---|---|---|\n' "${line#\# }"; continue ;;
    esac
    n=$((n + 1))
    set -f
    input=$(printf '%s\n' "$line" | cut -f1)
    arguments=$(printf '%s\n' "$line" | cut -f2)
    keys=$(printf '%s\n' "$line" | cut -f3)
    result=$(dmenu_one "$work" "x$n" "$(dmenu_input "$input")" "$arguments" "$keys")
    set +f
    printf '| %s | `%s` | %s | %s |\n' "$input" "$arguments" "$keys" "$(printf '%s' "$result" | sed 's/\t/ | /g; s/ | \([^|]*\) | \(.*\)$/ | `\1` | `\2`/')"
  done
  kill "$xvfb" 2>/dev/null
  wait "$xvfb" 2>/dev/null
fi
[ -n "$keep" ] || rm -rf "$work"
