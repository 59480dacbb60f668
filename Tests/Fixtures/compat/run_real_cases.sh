#!/bin/sh
# run_real_cases.sh [-j JOBS] [-c CASES] DIR [PATTERN]
#
# Runs every case of CASES (default: cases.tsv beside this script) against
# the REAL program (Debian's whiptail, dialog, dmenu) and writes
# DIR/cases-real.tsv: name, status, stdout, stderr (a header line first).
# PATTERN (grep -E) keeps the cases whose name matches it.
#
# cases.tsv: one case a line, tab-separated, a header line first:
#   program    whiptail | dialog | dmenu
#   name       unique, file-name safe
#   source     the real script the command line comes from
#   stdin      a printf format for standard input, or - for none (whiptail
#              and dialog: the terminal; dmenu: /dev/null)
#   arguments  the arguments, a JSON array of strings (@DIR@: the case's work
#              directory, which holds lines.txt, 30 numbered lines)
#   keys       a JSON array of tmux send-keys key names (Enter, Escape, Tab,
#              BTab, Up, Down, Left, Right, Home, End, PPage, NPage, Space,
#              BSpace, DC, F12, C-u ...); a word that is no key name is typed
#              as text; "@sleep:S" waits S seconds. dmenu's keys are the same
#              names, pressed with xdotool, plus S-Enter (Shift+Return) and
#              C-Enter (Ctrl+Return).
#   marker     a fixed text on the screen once the box is up (whiptail,
#              dialog). Empty: the command starts after "sleep 1" and the
#              keys are typed at once, before the box is drawn (type-ahead;
#              also what a box that ends by itself, an infobox or gauge, uses).
#
# How each case runs:
#   whiptail, dialog: in an 80x24 tmux pane of a tmux server of its own
#     (in_tmux.sh; TERM=tmux-256color in the pane, LANG=C.UTF-8), keys
#     0.15 s apart, 1.2 s after an Escape (past newt's 0.5 s and ncurses'
#     1 s wait for an escape sequence). Standard error is recorded. Standard
#     output stays the terminal (whiptail draws there; so does dialog) and
#     is recorded as <tty>, except for dialog with --stdout or --output-fd 1,
#     whose standard output is a file as in x=$(dialog --stdout ...) (dialog
#     then draws on /dev/tty). A case that has not ended 10 s after its
#     keys is recorded with status "timeout".
#   dmenu: on an Xvfb display of its own (a free display number, -noreset),
#     one case after another; keys with xdotool 0.1 s apart once dmenu's
#     window is mapped; a case still open 3 s after its keys is closed with
#     Escape (its process group killed if that is not enough) and recorded
#     with status "open".
#   Bytes are written escaped: printable ASCII as is, \\ \t \n \r, others
#   \xHH (screen_focus.py escape).
#
# -j JOBS  whiptail/dialog cases run at once (default 4)
# -c FILE  the cases file
# -e FILE  the dmenu cases are not run on Xvfb: FILE is written instead, a
#          scenario for Tests/Fixtures/hotplug.py that runs them one after
#          another with their keys pressed on emulated keyboard 3 (for a
#          dmenu, such as keymenu-dmenu, answered from keyboards keymenud
#          reads; $CTL in it is keymenuctl, as DaemonHarness fills it in):
#          each case's command starts (with this run's PATH), its keys are
#          pressed once a menu is in front (keymenuctl state) or it has
#          ended, and a case still open 3 s after its keys is ended by its
#          process group's id and recorded "open". The evdev names for the
#          keys: text typed as the US layout types it (Shift for capitals
#          and symbols), S-Enter and C-Enter as Shift and Ctrl with Enter.
#          Run the scenario, then -r.
# -r       only write DIR/cases-real.tsv from the results the cases of the
#          last run in DIR left (after the scenario of -e ran)
#
# Needs: whiptail, dialog, tmux, dmenu (suckless-tools), xdotool, Xvfb,
# /usr/bin/python3 (make deps installs them).
set -u
here=$(cd "$(dirname "$0")" && pwd)

# One case of whiptail or dialog: NAME (its files were prepared below).
tmux_case() {
  name=$1
  marker=$(cat "$work/$name.marker")
  set -f
  # shellcheck disable=SC2046
  IN_TMUX_DELAY=0.15 IN_TMUX_TIMEOUT=10 "$here/in_tmux.sh" "$work" "$name" "$marker" \
    $(cat "$work/$name.keys") -- "$(cat "$work/$name.cmd")" >/dev/null 2>"$work/$name.log"
  set +f
  [ -s "$work/$name.status" ] || echo timeout >"$work/$name.status"
}

# One dmenu case on $DISPLAY: NAME.
dmenu_case() {
  name=$1
  # A process group of its own, to end it by its id if it hangs.
  setsid sh -c "$(cat "$work/$name.cmd")" &
  group=$!
  for _ in $(seq 250); do
    xdotool search --onlyvisible --class dmenu >/dev/null 2>&1 && break
    [ -s "$work/$name.status" ] && break
    sleep 0.02
  done
  sleep 0.2
  set -f
  for k in $(cat "$work/$name.keys"); do
    case $k in
      Enter) xdotool key Return ;;
      S-Enter) xdotool key shift+Return ;;
      C-Enter) xdotool key ctrl+Return ;;
      Escape) xdotool key Escape ;;
      BTab) xdotool key shift+Tab ;;
      BSpace) xdotool key BackSpace ;;
      DC) xdotool key Delete ;;
      PPage) xdotool key Prior ;;
      NPage) xdotool key Next ;;
      Space) xdotool key space ;;
      Tab | Up | Down | Left | Right | Home | End) xdotool key "$k" ;;
      C-?) xdotool key "ctrl+${k#C-}" ;;
      @sleep:*) sleep "${k#@sleep:}" ;;
      *) xdotool type --delay 30 -- "$k" ;;
    esac
    sleep 0.1
  done
  set +f
  for _ in $(seq 150); do [ -s "$work/$name.status" ] && break; sleep 0.02; done
  if [ ! -s "$work/$name.status" ]; then
    xdotool key Escape
    for _ in $(seq 100); do [ -s "$work/$name.status" ] && break; sleep 0.02; done
    kill -- "-$group" 2>/dev/null
    echo open >"$work/$name.status"
  fi
  wait "$group" 2>/dev/null
}

# One step of a dmenu case run from the scenario of -e: STEP WORK NAME
# [KEYMENUCTL]; exits 0 when the scenario may go on.
#   up    the case has ended, or a menu is in front, or its command started
#         5 s ago (its keys then go nowhere; "done" ends it)
#   keyed the keys were pressed (now)
#   done  the case has ended; or 3 s after its keys, it is ended by its
#         process group's id and recorded "open"
evdev_step() {
  step=$1 work=$2 name=$3
  base=$work/$name
  case $step in
    up)
      [ -s "$base.status" ] && return 0
      "$4" state --json 2>/dev/null | grep -q '"kind":"menu"' && return 0
      [ -s "$base.pid" ] && [ $(($(date +%s) - $(stat -c %Y "$base.pid"))) -ge 5 ]
      ;;
    keyed) date +%s%N >"$base.keyed" ;;
    done)
      [ -s "$base.status" ] && return 0
      [ $(($(date +%s%N) - $(cat "$base.keyed"))) -ge 3000000000 ] || return 1
      kill -- "-$(cat "$base.pid")" 2>/dev/null
      sleep 0.1
      echo open >"$base.status"
      ;;
  esac
}

# run_real_cases.sh --tmux-case WORK NAME: one whiptail or dialog case (how
# the main run starts each, in parallel).
if [ "${1:-}" = --tmux-case ]; then work=$2; tmux_case "$3"; exit; fi
# run_real_cases.sh --evdev-step STEP WORK NAME [KEYMENUCTL] (the scenario of -e).
if [ "${1:-}" = --evdev-step ]; then shift; evdev_step "$@"; exit; fi

jobs=4 cases=$here/cases.tsv scenario= collect=
while [ $# -gt 0 ]; do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    -c) cases=$2; shift 2 ;;
    -e) scenario=$2; shift 2 ;;
    -r) collect=1; shift ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { sed -n '2,6s/^# \{0,1\}//p' "$0" >&2; exit 2; }
dir=$1 pattern=${2:-.}
mkdir -p "$dir/cases"
dir=$(cd "$dir" && pwd)
work=$dir/cases
[ -n "$collect" ] || {

# Prepare each case's files: NAME.program, .cmd (the shell command line),
# .keys (one word a key, Escape followed by @sleep:1.2), .marker.
i=0
while [ $i -lt 30 ]; do i=$((i + 1)); printf 'line %02d of the text box\n' $i; done >"$work/lines.txt"
/usr/bin/python3 - "$cases" "$work" "$pattern" "$scenario" "$here/run_real_cases.sh" <<'EOF' || exit 1
import json, os, re, shlex, sys
cases, work, pattern, scenario, runner = sys.argv[1:]
names = []
steps = ["# run_real_cases.sh -e: the dmenu cases, keys on emulated keyboard 3"]

# The US layout: evdev key names for each character typed (a capital or a
# symbol with Shift), and for the key words of cases.tsv.
US = {" ": "SPACE", "-": "MINUS", "=": "EQUAL", "[": "LEFTBRACE", "]": "RIGHTBRACE", ";": "SEMICOLON",
      "'": "APOSTROPHE", "`": "GRAVE", "\\": "BACKSLASH", ",": "COMMA", ".": "DOT", "/": "SLASH"}
US.update({c: c.upper() for c in "abcdefghijklmnopqrstuvwxyz0123456789"})
SHIFTED = dict(zip('_+{}:"~|<>?!@#$%^&*()', "-=[];'`\\,./1234567890"))
WORDS = {"Enter": "ENTER", "Escape": "ESC", "Tab": "TAB", "BSpace": "BACKSPACE", "DC": "DELETE",
         "PPage": "PAGEUP", "NPage": "PAGEDOWN", "Space": "SPACE", "Up": "UP", "Down": "DOWN",
         "Left": "LEFT", "Right": "RIGHT", "Home": "HOME", "End": "END", "F12": "F12"}

def chord(key, *modifiers):
    return ([f"key 3 {m} 1" for m in modifiers] + [f"key 3 {key} 1", f"key 3 {key} 0"]
            + [f"key 3 {m} 0" for m in reversed(modifiers)])

def evdev(word):
    if word.startswith("@sleep:"):
        return [f"wait {int(float(word[7:]) * 1000)}"]
    if word in WORDS:
        return chord(WORDS[word])
    if word == "BTab":
        return chord("TAB", "LEFTSHIFT")
    if word in ("S-Enter", "C-Enter"):
        return chord("ENTER", "LEFTSHIFT" if word[0] == "S" else "LEFTCTRL")
    if re.fullmatch(r"C-[a-z]", word):
        return chord(word[2].upper(), "LEFTCTRL")
    out = []
    for c in word:
        if c in US:
            out += chord(US[c])
        elif c.isupper() and c.lower() in US:
            out += chord(US[c.lower()], "LEFTSHIFT")
        elif c in SHIFTED:
            out += chord(US[SHIFTED[c]], "LEFTSHIFT")
        else:
            raise SystemExit(f"run_real_cases: {word!r}: no US key types {c!r}")
    return out
with open(cases, encoding="utf-8") as f:
    header = f.readline().rstrip("\n").split("\t")
    assert header == ["program", "name", "source", "stdin", "arguments", "keys", "marker"], header
    for number, line in enumerate(f, 2):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        program, name, source, stdin, arguments, keys, marker = line.split("\t")
        if not re.search(pattern, name):
            continue
        assert program in ("whiptail", "dialog", "dmenu"), (number, program)
        assert re.fullmatch(r"[A-Za-z0-9._-]+", name), (number, name)
        args = [a.replace("@DIR@", work) for a in json.loads(arguments)]
        keys = json.loads(keys)
        base = f"{work}/{name}"
        command = " ".join(shlex.quote(w) for w in [program] + args)
        if program == "dmenu":
            source_in = "</dev/null" if stdin == "-" else None
            feed = "" if stdin == "-" else f"printf {shlex.quote(stdin)} | "
            command = (f"{feed}{command} {source_in or ''} >{shlex.quote(base + '.out')} "
                       f"2>{shlex.quote(base + '.err')}; echo $? >{shlex.quote(base + '.status')}")
            words = keys
        else:
            feed = "" if stdin == "-" else f"printf {shlex.quote(stdin)} | "
            out = ""
            if "--stdout" in args or any(a == "--output-fd" and b == "1" for a, b in zip(args, args[1:])):
                out = f" >{shlex.quote(base + '.out')}"
            prefix = "sleep 1; " if marker == "" else ""
            command = (f"cd {shlex.quote(work)}; {prefix}{feed}{command}{out} 2>{shlex.quote(base + '.err')}; "
                       f"echo $? >{shlex.quote(base + '.status')}")
            words = []
            for k in keys:
                words.append(k)
                if k == "Escape":
                    words.append("@sleep:1.2")
        for k in words:
            assert k and not any(c.isspace() for c in k), (number, k)
        for suffix in (".out", ".err", ".status", ".snap", ".screen", ".log", ".pid", ".keyed", ".run"):
            try:
                os.unlink(base + suffix)
            except FileNotFoundError:
                pass
        if program == "dmenu" and scenario:
            with open(base + ".run", "w") as o:
                o.write(f"PATH={shlex.quote(os.environ['PATH'])}; export PATH\n"
                        f"echo $$ >{shlex.quote(base + '.pid')}\n{command}\n")
            step = f"{shlex.quote(runner)} --evdev-step %s {shlex.quote(work)} {name}"
            steps += [f"# {name}", f"spawn {name} setsid sh {shlex.quote(base + '.run')}",
                      "until 10000 " + step % "up" + " $CTL"]
            for k in words:
                steps += evdev(k)
            steps += ["until 1000 " + step % "keyed", "until 10000 " + step % "done"]
        with open(base + ".program", "w") as o: o.write(program)
        with open(base + ".cmd", "w") as o: o.write(command)
        with open(base + ".keys", "w") as o: o.write("\n".join(words) + "\n")
        with open(base + ".marker", "w") as o: o.write(marker)
        names.append((program, name))
with open(f"{work}/order", "w") as o:
    for program, name in names:
        o.write(f"{program}\t{name}\n")
if scenario:
    with open(scenario, "w") as o:
        o.write("\n".join(steps) + "\n")
EOF

# whiptail and dialog: in parallel, each in its own tmux server.
awk -F'\t' '$1 != "dmenu" { print $2 }' "$work/order" |
  xargs -P "$jobs" -I{} "$here/run_real_cases.sh" --tmux-case "$work" {}

# dmenu: one after another on a display of its own (unless the scenario of
# -e runs them).
if [ -z "$scenario" ] && awk -F'\t' '$1 == "dmenu"' "$work/order" | grep -q .; then
  exec 5>"$work/display"
  Xvfb -displayfd 5 -screen 0 1280x800x24 -nolisten tcp -noreset >"$work/xvfb.log" 2>&1 &
  xvfb=$!
  exec 5>&-
  for _ in $(seq 250); do [ -s "$work/display" ] && break; sleep 0.02; done
  DISPLAY=:$(head -n1 "$work/display")
  export DISPLAY
  for _ in $(seq 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.05; done
  awk -F'\t' '$1 == "dmenu" { print $2 }' "$work/order" | while read -r name; do
    dmenu_case "$name"
  done
  kill "$xvfb" 2>/dev/null
  wait "$xvfb" 2>/dev/null
fi
}
# -e: the scenario runs the dmenu cases; -r writes their results then.
[ -z "$scenario" ] || exit 0

# The results, in the order of the cases file.
{
  printf 'name\tstatus\tstdout\tstderr\n'
  while IFS='	' read -r program name; do
    status=$(tr -d '\n' <"$work/$name.status" 2>/dev/null)
    if [ "$program" != dmenu ] && [ ! -e "$work/$name.out" ]; then
      stdout='<tty>'
    else
      stdout=$(/usr/bin/python3 "$here/screen_focus.py" escape "$work/$name.out")
    fi
    stderr=$(/usr/bin/python3 "$here/screen_focus.py" escape "$work/$name.err")
    printf '%s\t%s\t%s\t%s\n' "$name" "${status:-none}" "$stdout" "$stderr"
  done <"$work/order"
} >"$dir/cases-real.tsv"
echo "run_real_cases: $(($(wc -l <"$dir/cases-real.tsv") - 1)) cases, results in $dir/cases-real.tsv" >&2
