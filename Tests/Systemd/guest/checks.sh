#!/bin/sh
# make test-systemd's checks, run by keymenu-test.service under systemd as
# PID 1 in QEMU (Tests/Systemd/run.sh). Each check writes "PASS name" or
# "FAIL name: why" to the results share (and a copy, prefixed "SDTEST ", to
# the serial console); the host decides the verdict. After any FAIL the
# console gets the unit's status and the journal's tail.
#
# Setup installs the package with dpkg -i (its maintainer scripts run under
# this systemd), makes the test users and a uinput keyboard. The checks run
# in a fixed order (the host may select some: /run/tstest/checkout/checks);
# power comes last: it chooses the README's Shut down from the keyboard, and
# only the host can see that the guest then powers off.
#
# Everything waits by polling with a deadline: under TCG a fixed sleep is
# either too long or too short. The watchdog check alone waits a fixed
# minute, on purpose.
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH
C=/run/tstest/checkout
RES=/run/tstest/results/results.txt
W=/run/tstest/work
mkdir -p "$W"
checks=$(cat "$C/checks")
power_timeout=$(cat "$C/power-timeout")
cp "$C/keymenu-uinput" "$W/keymenu-uinput"
UINPUT=$W/keymenu-uinput
SOCK=/run/keymenu/keymenu.sock
DROPINS=/etc/systemd/system/keymenud.service.d
failed=0
started=$(date +%s)

# --- reporting -------------------------------------------------------------

emit() {
  echo "$*" >>"$RES"
  echo "SDTEST $*"
}
info() { emit "INFO $*"; }
pass() { emit "PASS $1${2:+: $2}"; }

# fail CHECK WHY: reports the check, then the unit's status and the journal.
fail() {
  failed=$((failed + 1))
  emit "FAIL $1: $(echo "$2" | tr '\n' ' ')"
  echo "SDTEST LOG --- systemctl status keymenud.service keymenud.socket"
  systemctl status --no-pager -l keymenud.service keymenud.socket 2>&1 | sed 's/^/SDTEST LOG /'
  echo "SDTEST LOG --- journalctl -b -o short-monotonic (last 80 lines)"
  journalctl -b --no-pager -o short-monotonic 2>&1 | tail -n 80 | sed 's/^/SDTEST LOG /'
}

wanted() {
  case " $(echo $checks) " in *" $1 "*) return 0 ;; esac
  return 1
}

# finish: the last line, then power off (the host reads the results share).
finish() {
  emit "DONE passed=$(grep -c '^PASS' "$RES") failed=$failed seconds=$(($(date +%s) - started))"
  sync
  systemctl poweroff --force --force
  exit 0
}

# --- waiting -----------------------------------------------------------------

# wait_for SECONDS COMMAND...: runs COMMAND every 0.2 s until it succeeds or
# SECONDS have passed (then fails).
wait_for() {
  deadline=$(($(date +%s) + $1))
  shift
  while ! "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -ge "$deadline" ] && return 1
    sleep 0.2
  done
}

prop() { systemctl show -p "$2" --value "$1"; }
is_active() { [ "$(prop "$1" ActiveState)" = active ]; }
is_inactive() { [ "$(prop "$1" ActiveState)" = inactive ]; }
no_socket_node() { ! test -e "$SOCK"; }

# as USER COMMAND...: runs COMMAND as USER with its groups, without PAM.
as() {
  u=$1
  shift
  setpriv --reuid="$u" --regid="$u" --init-groups -- "$@"
}

# status NAME: an integer member of daemon.status (as root: admin).
status() {
  keymenuctl status --json 2>/dev/null | sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p"
}
modal_depth_is() { [ "$(status modal_depth)" = "$1" ]; }
state_has() { keymenuctl state --json 2>/dev/null | grep -qF "$1"; }
in_use() { keymenuctl call --json devices.list 2>/dev/null | grep -qF "\"path\":\"$1\""; }
menus_have() { keymenuctl call --json menu.list 2>/dev/null | grep -qF "\"name\":\"$1\""; }

ensure_running() {
  is_active keymenud.service && return 0
  systemctl start keymenud.service
  wait_for 60 is_active keymenud.service
}

# journal_since EPOCH [ARGS]: keymenud's journal since EPOCH.
journal_since() {
  since=$1
  shift
  journalctl --no-pager -b -u keymenud.service --since "@$since" "$@" 2>&1
}

# load MODULE [PARAMETER...]: modprobe of one of run.sh's later modules
# (init copies them to /run/tstest/modules). The first call makes them
# modprobe's (under /lib/modules/VERSION, depmod), so that what a module
# needs loads first.
load() {
  kdir=/lib/modules/$(uname -r)
  if [ ! -f "$kdir/modules.dep" ]; then
    mkdir -p "$kdir/tstest" && cp /run/tstest/modules/*.ko "$kdir/tstest/" && depmod -a 2>/dev/null || return 1
  fi
  modprobe "$@"
}

# --- keyboards (as Tests/Kernel/guest/cases.sh) ------------------------------

# keyboard N NAME: makes a uinput keyboard driven through fd N (3-6); sets
# kbN to its event node once udev has given it to the input group.
keyboard() {
  rm -f "$W/kb$1.in"
  mkfifo "$W/kb$1.in"
  "$UINPUT" keyboard "$2" <"$W/kb$1.in" >"$W/kb$1.out" 2>&1 &
  eval "exec $1>\"$W/kb$1.in\""
  wait_for 30 grep -q '^devnode ' "$W/kb$1.out" || return 1
  node=$(sed -n 's/^devnode //p' "$W/kb$1.out")
  wait_for 30 test -c "$node" || return 1
  eval "kb$1=$node"
  info "keyboard $2 is $node ($(stat -c '%U:%G %a' "$node"))"
}

# send and said: keyboard steps (Tests/Kernel/guest/keyboard-steps.sh).
. "$C/keyboard-steps.sh"

# in_background NAME USER COMMAND...: output to $W/NAME.out, status to $W/NAME.rc.
in_background() {
  name=$1
  rm -f "$W/$name.out" "$W/$name.rc"
  shift
  (as "$@" >"$W/$name.out" 2>&1; echo $? >"$W/$name.rc") &
}
answered() { test -s "$W/$1.rc"; }
rc_of() { cat "$W/$1.rc" 2>/dev/null; }

# install_package CHECK LOG: dpkg -i of the package (the maintainer scripts
# enable and start the units), then waits for keymenud.service; a failure is
# CHECK's, with dpkg's output from $W/LOG.log.
install_package() {
  t=$(date +%s)
  if ! dpkg -i "$C/keymenu.deb" >"$W/$2.log" 2>&1; then
    fail "$1" "dpkg -i failed: $(tail -n 5 "$W/$2.log")"
    return 1
  fi
  info "dpkg -i took $(($(date +%s) - t)) s"
  if ! wait_for 60 is_active keymenud.service; then
    fail "$1" "keymenud.service is not active after the install: $(prop keymenud.service ActiveState)"
    return 1
  fi
}

# --- setup: the package, the users, a keyboard --------------------------------

setup() {
  info "systemd up after $(cut -d' ' -f1 /proc/uptime) s of uptime: $(systemctl --version | head -n 1)"
  # No drop-in for the watchdog: the shipped unit's WatchdogSec= runs
  # through every check; the check 'watchdog' then waits a minute idle and
  # stalls the engine.
  mkdir -p "$DROPINS"
  install_package install dpkg || finish
  cp /usr/share/doc/keymenu/systemd/commands.conf.example "$W/commands.conf" 2>/dev/null
  useradd --no-create-home --shell /usr/sbin/nologin --groups keymenu alice
  useradd --no-create-home --shell /usr/sbin/nologin bob
  useradd --system --no-create-home --shell /usr/sbin/nologin keymenu-run
  usermod -aG keymenu-power keymenu-run
  touch /home/tstest-visible
  info "alice: $(id alice); bob: $(id bob); keymenu-run: $(id keymenu-run)"
  if ! keyboard 3 sdtest-kb1; then
    fail install "keymenu-uinput could not make a keyboard: $(cat "$W/kb3.out")"
    finish
  fi
}

# --- the checks ------------------------------------------------------------------

check_active() {
  s=$(systemctl show -p ActiveState -p SubState -p Type -p MainPID -p NRestarts keymenud.service | tr '\n' ' ')
  pid=$(prop keymenud.service MainPID)
  user=$(ps -o user= -p "$pid" 2>/dev/null)
  case "$s" in
    *"Type=notify"*"ActiveState=active"*"SubState=running"* | *"ActiveState=active"*"SubState=running"*"Type=notify"* | \
      *"SubState=running"*"Type=notify"*"ActiveState=active"* | *"Type=notify"*"SubState=running"*"ActiveState=active"*)
      if [ "$user" = keymenu ]; then
        pass active "$s, user $user"
      else
        fail active "keymenud (pid $pid) runs as '$user', not keymenu"
      fi
      ;;
    *) fail active "$s" ;;
  esac
}

# The installed configuration loads without a warning (defect 6): nothing at
# level warning or above from keymenud since the package started it (the
# keyboard made in the setup included).
check_quiet_start() {
  loud=$(journalctl --no-pager -b -u keymenud.service -o cat 2>&1 | grep -E ' (warning|error|critical) keymenud:')
  if [ -z "$loud" ]; then
    pass quiet-start "no warning or error from keymenud since the install ($(journalctl --no-pager -b -u keymenud.service -o cat | wc -l) lines)"
  else
    fail quiet-start "keymenud logged: $(echo "$loud" | head -n 3 | tr '\n' ' ')"
  fi
}

check_security() {
  systemd-analyze security --no-pager keymenud.service >"$W/security.txt" 2>&1
  score=$(sed -n 's/.*Overall exposure level for keymenud.service: \([0-9.]*\).*/\1/p' "$W/security.txt")
  if [ -z "$score" ]; then
    fail security "systemd-analyze security printed no score: $(tail -n 3 "$W/security.txt")"
  elif awk -v s="$score" 'BEGIN { exit !(s <= 1.0) }'; then
    pass security "$score"
  else
    fail security "exposure $score > 1.0: $(grep '✗' "$W/security.txt" | head -n 10)"
  fi
}

# keymenud keeps itself out of core dumps (issue 28: what is typed into a
# masked field must not reach a core file): RLIMIT_CORE 0, and not dumpable,
# so its /proc files belong to root and its own user cannot read them (the
# /proc/PID directory itself keeps the process's owner, for ps); and out of
# swap: its cgroup's memory.swap.max is 0 (MemorySwapMax=0).
check_no_core() {
  pid=$(prop keymenud.service MainPID)
  limit=$(sed -n 's/^Max core file size *\([^ ]*\) *\([^ ]*\).*/\1 \2/p' "/proc/$pid/limits")
  owner=$(stat -c %U "/proc/$pid/environ")
  swap=$(cat "/sys/fs/cgroup$(prop keymenud.service ControlGroup)/memory.swap.max" 2>&1)
  if [ "$swap" != 0 ]; then
    fail no-core "keymenud's cgroup memory.swap.max is '$swap', not 0"
  elif [ "$limit" != "0 0" ]; then
    fail no-core "keymenud (pid $pid) may dump core: 'Max core file size' is '$limit'"
  elif [ "$owner" != root ]; then
    fail no-core "/proc/$pid/environ belongs to $owner: keymenud is dumpable"
  elif as "$(id -u keymenu)" cat "/proc/$pid/environ" >/dev/null 2>&1; then
    fail no-core "user keymenu can read /proc/$pid/environ: keymenud is dumpable"
  else
    pass no-core "pid $pid: core limit 0, /proc/$pid/environ owned by root, unreadable to user keymenu, swap max 0"
  fi
}

check_hotplug() {
  if wait_for 30 in_use "$kb3"; then
    pass hotplug "$kb3, made after keymenud started"
  else
    fail hotplug "keymenud did not take up $kb3"
  fi
  # Letters typed with nothing in front (for journal-keys).
  send 3 "tap X" "tap V" "tap K"
}

# alert_answered_by CHECK KEY TEXT RC: alice shows an alert (No = cancel,
# Yes = default), KEY answers it; keymenuctl must print TEXT and exit RC.
alert_answered_by() {
  in_background "$1" alice keymenuctl alert "Continue?" --button No --button Yes --cancel 0
  if ! wait_for 30 modal_depth_is 1; then
    fail "$1" "the alert did not come up: $(cat "$W/$1.out")"
    return
  fi
  # Letters matching no button do nothing (and must not be logged).
  send 3 "tap Q" "tap Z" "tap J" "tap $2"
  if ! wait_for 30 answered "$1"; then
    fail "$1" "$2 did not answer the alert"
  elif [ "$(rc_of "$1")" != "$4" ] || [ "$(cat "$W/$1.out")" != "$3" ]; then
    fail "$1" "expected '$3', exit $4; got '$(cat "$W/$1.out")', exit $(rc_of "$1")"
  else
    pass "$1" "'$3', exit $4"
  fi
}

check_alert_enter() { alert_answered_by alert-enter ENTER Yes 0; }
# Esc picks the cancel button and exits 3 (keymenuctl alert --help: 1 is the
# cancel button chosen with Enter, 3 is Esc).
check_alert_esc() { alert_answered_by alert-esc ESC No 3; }

check_refused() {
  as bob keymenuctl status >"$W/bob.out" 2>&1
  rc=$?
  if [ "$rc" = 255 ] && grep -q 'permission denied on /run/keymenu/keymenu.sock' "$W/bob.out"; then
    pass refused "exit $rc: $(head -n 1 "$W/bob.out")"
  else
    fail refused "bob (not in keymenu): exit $rc, $(cat "$W/bob.out")"
  fi
}

# tier CHECK COMMAND...: alice (drive) is refused with -32001.
tier() {
  name=$1
  shift
  as alice timeout 30 "$@" >"$W/$name.out" 2>&1
  rc=$?
  if [ "$rc" != 0 ] && [ "$rc" != 124 ] && grep -q '(-32001)' "$W/$name.out"; then
    pass "$name" "exit $rc: $(head -n 1 "$W/$name.out")"
  else
    fail "$name" "alice ($*): exit $rc, $(cat "$W/$name.out")"
  fi
}
check_tier_reload() { tier tier-reload keymenuctl reload; }
check_tier_keys() { tier tier-keys keymenuctl subscribe keys; }

check_reload() {
  ensure_running
  cat >/etc/keymenu/conf.d/50-tstest.toml <<'EOF'
[menus.tstest_reloaded]
title = "Reloaded"
items = [{ title = "Hello", alert = { title = "Hello" } }]
EOF
  pid=$(prop keymenud.service MainPID)
  systemctl reload keymenud >"$W/reload.out" 2>&1
  rc=$?
  if [ "$rc" != 0 ]; then
    fail reload "systemctl reload keymenud: exit $rc, $(cat "$W/reload.out")"
  elif ! menus_have tstest_reloaded; then
    fail reload "the new menu is not in menu.list: $(keymenuctl call --json menu.list 2>&1)"
  elif [ "$(prop keymenud.service MainPID)" != "$pid" ]; then
    fail reload "keymenud was restarted, not reloaded"
  else
    pass reload "menu tstest_reloaded in menu.list, same MainPID"
  fi
}

check_reload_broken() {
  ensure_running
  t=$(date +%s)
  pid=$(prop keymenud.service MainPID)
  printf '[menus.tstest_broken]\ntitle = "Broken"\nitems = [ { title = "no end" }\n' >/etc/keymenu/conf.d/51-broken.toml
  systemctl reload keymenud >"$W/reload-broken.out" 2>&1
  rc=$?
  sleep 1
  why=$(journal_since "$t" | grep -F '51-broken.toml' | head -n 3)
  rm -f /etc/keymenu/conf.d/51-broken.toml
  if [ "$rc" = 0 ]; then
    fail reload-broken "systemctl reload exited 0 on a broken configuration (defect 5)"
  elif ! is_active keymenud.service || [ "$(prop keymenud.service MainPID)" != "$pid" ]; then
    fail reload-broken "keymenud did not keep running: $(prop keymenud.service ActiveState), MainPID $(prop keymenud.service MainPID) (was $pid)"
  elif ! menus_have tstest_reloaded || menus_have tstest_broken; then
    fail reload-broken "the old configuration is not the one in force: $(keymenuctl call --json menu.list 2>&1)"
  elif [ -z "$why" ]; then
    fail reload-broken "the journal does not say why: $(journal_since "$t" | tail -n 5)"
  else
    pass reload-broken "systemctl reload exit $rc, old configuration kept; journal: $(echo "$why" | head -n 1 | cut -c 1-200)"
  fi
}

check_socket_activation() {
  ensure_running
  systemctl stop keymenud.service
  if ! wait_for 60 is_inactive keymenud.service; then
    fail socket-activation "keymenud.service did not stop: $(prop keymenud.service ActiveState)"
    return
  fi
  if ! is_active keymenud.socket || ! test -S "$SOCK" || pgrep -x keymenud >/dev/null; then
    fail socket-activation "after stopping the service: socket $(prop keymenud.socket ActiveState), node $(ls -l "$SOCK" 2>&1), keymenud pids $(pgrep -x keymenud)"
    return
  fi
  # The first client, alice's: nothing else may connect before it.
  as alice keymenuctl status --json >"$W/first.out" 2>&1
  rc=$?
  if [ "$rc" = 0 ] && is_active keymenud.service; then
    pass socket-activation "alice's keymenuctl status started keymenud.service (exit 0)"
  else
    fail socket-activation "the first client: exit $rc, $(cat "$W/first.out"); service $(prop keymenud.service ActiveState)"
  fi
  first_request=$(cat "$W/first.out")
}

check_first_request() {
  [ -n "${first_request:-}" ] || check_socket_activation
  sources=$(echo "$first_request" | sed -n 's/.*"config":\[\([^]]*\)\].*/\1/p')
  case "$sources" in
    *'"/etc/keymenu/keymenu.toml"'*)
      if echo "$first_request" | grep -q '"plugins":\[\]'; then
        fail first-request "the first request after socket activation lists no plugins (defect 2): $first_request"
      else
        pass first-request "config $sources"
      fi
      ;;
    *) fail first-request "the first request after socket activation saw config [$sources] (defect 2): $first_request" ;;
  esac
}

check_stop_alert() {
  ensure_running
  t=$(date +%s)
  in_background stop alice keymenuctl alert "Stop?" --button OK
  if ! wait_for 30 modal_depth_is 1; then
    fail stop-alert "the alert did not come up: $(cat "$W/stop.out")"
    return
  fi
  systemctl stop keymenud.service
  wait_for 30 answered stop
  killed=$(journal_since "$t" | grep -E 'SIGKILL|stop-sigterm|timed out|Killing process')
  result=$(prop keymenud.service Result)
  if [ "$(rc_of stop)" != 4 ]; then
    fail stop-alert "the waiting client exited $(rc_of stop) (expected 4, dismissed): $(cat "$W/stop.out")"
  elif [ -n "$killed" ]; then
    fail stop-alert "systemd had to kill keymenud: $killed"
  elif ! is_inactive keymenud.service || [ "$result" != success ]; then
    fail stop-alert "keymenud.service is $(prop keymenud.service ActiveState), result $result"
  else
    pass stop-alert "client exit 4, service stopped (result $result), no SIGKILL"
  fi
}

check_commands() {
  if [ ! -f /usr/share/doc/keymenu/systemd/commands.conf.example ]; then
    fail commands "the package has no /usr/share/doc/keymenu/systemd/commands.conf.example"
    return
  fi
  install -D -m 0644 /usr/share/doc/keymenu/systemd/commands.conf.example "$DROPINS/commands.conf"
  # The command reports who it runs as and what it sees of the sandbox.
  cat >/etc/keymenu/conf.d/60-commands.toml <<'EOF'
[commands]
enabled = true
user = "keymenu-run"

[menus.main]
title = "Commands"
items = [
  { title = "Who runs", key = "w", shell = true, run = 'exec >/run/keymenu/tstest/run.out 2>&1; id -u; readlink /proc/self/ns/net; if test -e /home/tstest-visible; then echo home-visible; else echo home-hidden; fi; grep -E "^(CapPrm|CapEff|CapAmb|NoNewPrivs|Seccomp):" /proc/self/status; echo done' },
]
EOF
  systemctl daemon-reload
  systemctl restart keymenud.service
  if ! wait_for 60 is_active keymenud.service; then
    fail commands "keymenud.service did not come back with the commands drop-in: $(prop keymenud.service ActiveState)"
    return
  fi
  install -d -o keymenu-run -g "$(id -g keymenu-run)" -m 0755 /run/keymenu/tstest
  wait_for 30 in_use "$kb3" || { fail commands "keymenud did not take up $kb3 after the restart"; return; }
  send 3 "tap MENU"
  if ! wait_for 30 state_has '"title":"Commands"'; then
    fail commands "the Menu key did not open the menu: $(keymenuctl state --json 2>&1)"
    return
  fi
  send 3 "tap W"
  if ! wait_for 30 grep -qx done /run/keymenu/tstest/run.out; then
    fail commands "the item's command did not run: $(cat /run/keymenu/tstest/run.out 2>&1); journal: $(journalctl -b -u keymenud --no-pager | tail -n 5)"
    return
  fi
  out=$(cat /run/keymenu/tstest/run.out)
  uid=$(sed -n 1p /run/keymenu/tstest/run.out)
  netns=$(sed -n 2p /run/keymenu/tstest/run.out)
  if [ "$uid" != "$(id -u keymenu-run)" ]; then
    fail commands "the command ran as uid $uid, not keymenu-run ($(id -u keymenu-run)): $out"
  elif [ "$netns" = "$(readlink /proc/1/ns/net)" ]; then
    fail commands "the command shares PID 1's network namespace ($netns): not sandboxed"
  elif ! echo "$out" | grep -qx home-hidden; then
    fail commands "the command sees /home: $out"
  elif ! echo "$out" | grep -q '^Seccomp:.*2' || ! echo "$out" | grep -q '^NoNewPrivs:.*1' ||
    [ "$(echo "$out" | grep -c '^Cap\(Prm\|Eff\|Amb\):[[:space:]]*0000000000000000$')" != 3 ]; then
    fail commands "the command is not confined (seccomp, no_new_privs, no capabilities): $out"
  else
    pass commands "uid $uid (keymenu-run), private network, no /home, seccomp, no capabilities"
  fi
}

# restarted_since PID COUNT: keymenud runs again, as another process, after
# more than COUNT restarts.
restarted_since() {
  now=$(prop keymenud.service MainPID)
  [ "$now" != 0 ] && [ "$now" != "$1" ] && [ "$(prop keymenud.service NRestarts)" -gt "$2" ] &&
    is_active keymenud.service
}

# The shipped unit's watchdog (issue 28 finding 10): the installed unit sets
# WatchdogSec= and it is in force; the idle service lives through two
# periods and more; then keymenud's engine thread alone (its main thread) is
# stopped with ptrace, the other threads running on: the engine sends no
# WATCHDOG=1, and systemd kills the service for it and restarts it.
check_watchdog() {
  ensure_running
  unit=/lib/systemd/system/keymenud.service
  shipped=$(sed -n 's/^WatchdogSec=//p' "$unit")
  wd=$(prop keymenud.service WatchdogUSec)
  pid=$(prop keymenud.service MainPID)
  restarts=$(prop keymenud.service NRestarts)
  t=$(date +%s)
  if [ -z "$shipped" ]; then
    fail watchdog "the installed $unit sets no WatchdogSec="
    return
  elif [ "$wd" != "$shipped" ] || [ "$wd" = 0 ] || [ "$wd" = infinity ]; then
    fail watchdog "WatchdogUSec is '$wd', not the shipped unit's $shipped"
    return
  fi
  sleep 65
  now_pid=$(prop keymenud.service MainPID)
  now_restarts=$(prop keymenud.service NRestarts)
  timeouts=$(journal_since "$t" | grep -i 'watchdog')
  if [ "$now_pid" != "$pid" ] || [ "$now_restarts" != "$restarts" ] || ! is_active keymenud.service; then
    fail watchdog "idle: MainPID $pid -> $now_pid, NRestarts $restarts -> $now_restarts, $(prop keymenud.service ActiveState): $timeouts"
    return
  elif [ -n "$timeouts" ]; then
    fail watchdog "idle: the journal: $timeouts"
    return
  fi
  idle=$(($(date +%s) - t))
  # Reported, not checked: the resident memory as installed, after the idle minute.
  rss=$(sed -n 's/^VmRSS:[[:space:]]*//p' "/proc/$pid/status")
  # The engine thread stopped; held until systemd has killed the process.
  t=$(date +%s)
  /usr/bin/python3 "$C/stall_thread.py" "$pid" 300 >"$W/stall.out" 2>&1 &
  stall=$!
  if ! wait_for 30 grep -q "^stopped $pid" "$W/stall.out"; then
    fail watchdog "could not stop keymenud's engine thread: $(cat "$W/stall.out")"
    kill "$stall" 2>/dev/null
    return
  fi
  # Thread states while it is stopped: t (traced) for the engine, the others not stopped.
  states=$(for task in /proc/"$pid"/task/*; do
    printf '%s=%s ' "$(cat "$task/comm")" "$(sed 's/.*) \(.\).*/\1/' "$task/stat")"
  done)
  restarted=yes
  wait_for 180 restarted_since "$pid" "$restarts" || restarted=no
  kill "$stall" 2>/dev/null
  wait "$stall" 2>/dev/null
  seconds=$(($(date +%s) - t))
  journal=$(journal_since "$t")
  timeout_line=$(echo "$journal" | grep -m 1 'Watchdog timeout')
  if [ "$restarted" = no ]; then
    fail watchdog "engine stopped ($states) for $seconds s: not restarted: MainPID $(prop keymenud.service MainPID), NRestarts $(prop keymenud.service NRestarts), $(prop keymenud.service ActiveState): $(echo "$journal" | tail -n 5)"
  elif [ -z "$timeout_line" ] || ! echo "$journal" | grep -q "Failed with result 'watchdog'"; then
    fail watchdog "restarted, but not by the watchdog: $(echo "$journal" | tail -n 8)"
  elif ! echo "$states" | grep -q "keymenud=t" || ! echo "$states" | grep -q "NIO-[^=]*=[RSD]"; then
    fail watchdog "not the engine thread alone stopped: $states"
  else
    pass watchdog "WatchdogSec=$shipped (shipped), MainPID $pid for $idle s idle, VmRSS $rss; engine thread stopped ($states): '$timeout_line', result watchdog, restarted in $seconds s, NRestarts $restarts -> $(prop keymenud.service NRestarts), MainPID $(prop keymenud.service MainPID)"
  fi
  ensure_running
}

check_journal_keys() {
  ensure_running
  wait_for 30 in_use "$kb3"
  # Letters with nothing in front, then with an alert up, then Esc.
  send 3 "tap G" "tap H" "tap U"
  said 3 typed-idle
  in_background keys alice keymenuctl alert "Keys?" --button No --button Yes --cancel 0
  if wait_for 30 modal_depth_is 1; then
    send 3 "tap G" "tap H" "tap U" "tap ESC"
    wait_for 30 answered keys
  fi
  sleep 1
  journalctl -b --no-pager >"$W/journal.txt" 2>&1
  journalctl -b --no-pager -u keymenud.service >"$W/journal-keymenud.txt" 2>&1
  names=$(grep -E 'KEY_[A-Z0-9_]+|BTN_[A-Z0-9_]+' "$W/journal.txt" | head -n 5)
  values=$(grep -iE 'key(code)?[ =:]+[0-9]+|scancode|keycode|"code"' "$W/journal-keymenud.txt" | head -n 5)
  if [ -n "$names" ]; then
    fail journal-keys "key names in the journal: $names"
  elif [ -n "$values" ]; then
    fail journal-keys "key values in keymenud's journal: $values"
  else
    pass journal-keys "$(wc -l <"$W/journal.txt") journal lines, $(wc -l <"$W/journal-keymenud.txt") of keymenud, no key names or values"
  fi
}

check_socket_masked() {
  systemctl stop keymenud.service keymenud.socket
  if ! wait_for 30 no_socket_node; then
    fail socket-masked "the socket node stays after stopping keymenud.socket: $(ls -l "$SOCK" 2>&1)"
    return
  fi
  systemctl mask --runtime keymenud.socket >/dev/null 2>&1
  t=$(date +%s)
  systemctl start keymenud.service
  if ! wait_for 60 is_active keymenud.service; then
    fail socket-masked "keymenud.service did not start with keymenud.socket masked: $(journal_since "$t" | tail -n 5)"
    return
  fi
  pid=$(prop keymenud.service MainPID)
  as alice keymenuctl status --json >"$W/masked.out" 2>&1
  rc=$?
  sleep 5
  errors=$(journal_since "$t" | grep -iE 'chown|operation not permitted|Scheduled restart')
  if [ "$rc" != 0 ] || ! grep -q '"config":\["/etc/keymenu/keymenu.toml"' "$W/masked.out"; then
    fail socket-masked "alice's keymenuctl status: exit $rc, $(cat "$W/masked.out")"
  elif [ "$(prop keymenud.service MainPID)" != "$pid" ] || [ -n "$errors" ]; then
    fail socket-masked "keymenud restarted (defect 1): MainPID $pid -> $(prop keymenud.service MainPID); $errors"
  else
    pass socket-masked "keymenud bound $(stat -c '%U:%G %a' "$SOCK") itself; alice got an answer; MainPID $pid stays"
  fi
}

check_hotplug_quiet() {
  ensure_running
  t=$(date +%s)
  if ! keyboard 4 sdtest-kb2; then
    fail hotplug-quiet "keymenu-uinput could not make a second keyboard"
    return
  fi
  if ! wait_for 30 in_use "$kb4"; then
    fail hotplug-quiet "keymenud did not take up $kb4"
    return
  fi
  # keymenud reports a node it was refused only after 5 s of retries.
  sleep 7
  denied=$(journalctl -b --no-pager -u keymenud.service | grep -iE 'permission denied|cannot open')
  if [ -n "$denied" ]; then
    fail hotplug-quiet "the journal (defect 3): $denied"
  else
    pass hotplug-quiet "$kb3 and $kb4 opened, no permission warning"
  fi
}

check_seccomp() {
  journalctl -b --no-pager >"$W/journal.txt" 2>&1
  kills=$(grep -E 'SIGSYS|status=31/SYS|type=1326|seccomp' "$W/journal.txt" | head -n 5)
  denied=$(journalctl -b --no-pager -u keymenud.service | grep -i 'operation not permitted' | head -n 5)
  if [ -n "$kills" ]; then
    fail seccomp "seccomp in the journal: $kills"
  elif [ -n "$denied" ]; then
    fail seccomp "keymenud was denied a call (SystemCallErrorNumber=EPERM): $denied"
  else
    pass seccomp "no SIGSYS, seccomp audit or EPERM denial in $(wc -l <"$W/journal.txt") journal lines"
  fi
}

check_purge() {
  # The administrator's own files go first (the test's drop-ins are kept
  # aside for the power check), so that /etc/keymenu can go too.
  rm -f /etc/keymenu/conf.d/*.toml "$DROPINS/commands.conf"
  systemctl unmask --runtime --no-reload keymenud.socket >/dev/null 2>&1
  apt-get purge -y keymenu >"$W/purge.log" 2>&1
  rc=$?
  left=""
  for f in /usr/bin/keymenud /usr/bin/keymenuctl /lib/systemd/system/keymenud.service /lib/systemd/system/keymenud.socket \
    /etc/keymenu/keymenu.toml /usr/lib/sysusers.d/keymenu.conf /usr/share/polkit-1/rules.d/50-keymenu-power.rules "$SOCK"; do
    [ -e "$f" ] && left="$left $f"
  done
  links=$(ls /etc/systemd/system/*/keymenud.* 2>/dev/null)
  running=$(pgrep -x keymenud)
  load=$(prop keymenud.service LoadState)
  if [ "$rc" != 0 ]; then
    fail purge "apt-get purge keymenu: exit $rc, $(tail -n 5 "$W/purge.log")"
  elif [ -n "$left$links" ]; then
    fail purge "left behind:$left $links"
  elif [ -n "$running" ]; then
    fail purge "keymenud still runs: $running"
  elif [ "$load" != not-found ]; then
    fail purge "systemd still knows keymenud.service: LoadState=$load"
  else
    pass purge "units, binaries, conffile gone; nothing running; LoadState=$load; /etc/keymenu $(test -e /etc/keymenu && echo stays || echo gone)"
  fi
}

# The README's power menu (Configure), with the commands drop-in and
# [commands] user keymenu-run in keymenu-power, under the shipped polkit
# rule: Menu, 3 (Power), 3 (Shut down), Enter (the alert's Shut down).
check_power() {
  mkdir -p /etc/keymenu/conf.d "$DROPINS"
  cp "$C/readme-menu.toml" /etc/keymenu/conf.d/70-readme.toml
  printf '[commands]\nenabled = true\nuser = "keymenu-run"\n' >/etc/keymenu/conf.d/80-power.toml
  if dpkg -s keymenu 2>/dev/null | grep -q '^Status: install ok installed'; then
    install -m 0644 /usr/share/doc/keymenu/systemd/commands.conf.example "$DROPINS/commands.conf"
    systemctl daemon-reload
    systemctl restart keymenud.service
    if ! wait_for 60 is_active keymenud.service; then
      fail power "keymenud.service is not active: $(prop keymenud.service ActiveState)"
      return
    fi
  else
    # Reinstalled after the purge: the drop-in first, so that the install's
    # daemon-reload takes it.
    install -m 0644 "$W/commands.conf" "$DROPINS/commands.conf"
    install_package power dpkg2 || return
  fi
  # The keyboard again if a check before took it away (keyboards_away).
  if ! keyboard_attached || ! wait_for 30 in_use "$kb3"; then
    fail power "keymenud did not take up $kb3"
    return
  fi
  send 3 "tap MENU"
  wait_for 30 state_has '"title":"Living room"' || { fail power "the Menu key did not open the README's menu: $(keymenuctl state --json 2>&1)"; return; }
  send 3 "tap 3"
  wait_for 30 state_has '"title":"Power"' || { fail power "3 did not open Power: $(keymenuctl state --json 2>&1)"; return; }
  send 3 "tap 3"
  wait_for 30 state_has '"title":"Shut down now?"' || { fail power "3 did not ask 'Shut down now?': $(keymenuctl state --json 2>&1)"; return; }
  # journald forwards the journal to the console (the kernel command line
  # says so): the host looks there for logind's lines about the power-off.
  info "poweroff requested (uptime $(cut -d' ' -f1 /proc/uptime) s): Enter on 'Shut down now?'"
  sync
  send 3 "tap ENTER"
  # From here on only the host can tell: logind powers the guest off, or
  # nothing happens and this gives up.
  sleep "$power_timeout"
  fail power "still running $power_timeout s after Shut down was chosen"
}

# HDMI-CEC under the sandbox (issue 31): vivid makes an HDMI input (the TV,
# /dev/cec0) and output (/dev/cec1); udev gives them to group video. The
# drop-in CONFIGURATION.md gives (SupplementaryGroups=video, DeviceAllow=
# char-cec rw) and [cec] device = "/dev/cec1" let keymenud claim the output;
# an alert with --wake-tv makes the TV (cec-follower) see Image View On and
# Active Source, the TV remote's Select answers it, and Inactive Source
# follows. systemd-analyze security measures the unit with the drop-in.
check_cec() {
  load vivid n_devs=1 num_inputs=1 input_types=0x3 num_outputs=1 output_types=0x1 ||
    { fail cec "modprobe vivid failed"; return; }
  wait_for 30 sh -c '[ "$(stat -c %G /dev/cec1)" = video ]' ||
    { fail cec "no /dev/cec1 of group video: $(ls -l /dev/cec* 2>&1 | tr '\n' ' ')"; return; }
  # The unit as it is now (earlier checks may have added drop-ins), then with the CEC drop-in.
  systemd-analyze security --no-pager keymenud.service >"$W/security-before-cec.txt" 2>&1
  printf '[Service]\nSupplementaryGroups=video\nDeviceAllow=char-cec rw\n' >"$DROPINS/cec.conf"
  printf '[cec]\ndevice = "/dev/cec1"\n' >/etc/keymenu/conf.d/60-cec.toml
  systemctl daemon-reload
  systemctl restart keymenud.service
  wait_for 60 is_active keymenud.service || { fail cec "keymenud did not start with the CEC drop-in"; return; }
  if ! wait_for 60 sh -c "cec-ctl -d /dev/cec1 | grep -q \"OSD Name.*'keymenu'\""; then
    fail cec "keymenud did not claim /dev/cec1 under the sandbox: $(journal_since "$started" | grep -i cec | tail -n 3)"
    return
  fi
  cec-ctl -d /dev/cec0 --tv >/dev/null || { fail cec "cec-ctl could not make /dev/cec0 the TV"; return; }
  cec-follower -d /dev/cec0 -m -s >"$W/tv.log" 2>&1 &
  follower=$!
  wait_for 30 grep -q "Logical Address" "$W/tv.log"
  (keymenuctl alert Doorbell --wake-tv --button OK >"$W/cec-alert.out" 2>&1; echo $? >"$W/cec-alert.rc") &
  if ! wait_for 60 grep -q "New active source: 1.0.0.0" "$W/tv.log" || ! grep -q IMAGE_VIEW_ON "$W/tv.log"; then
    fail cec "the TV saw no Image View On and Active Source 1.0.0.0: $(tail -n 8 "$W/tv.log" | tr '\n' '|')"
    kill "$follower"
    return
  fi
  cec-ctl -d /dev/cec0 --to 4 --user-control-pressed ui-cmd=select >/dev/null &&
    cec-ctl -d /dev/cec0 --to 4 --user-control-released >/dev/null
  if ! wait_for 60 test -s "$W/cec-alert.rc" || ! wait_for 30 grep -q INACTIVE_SOURCE "$W/tv.log"; then
    fail cec "the TV remote's Select and Inactive Source: rc $(cat "$W/cec-alert.rc" 2>/dev/null), $(tail -n 8 "$W/tv.log" | tr '\n' '|')"
    kill "$follower"
    return
  fi
  kill "$follower"
  systemd-analyze security --no-pager keymenud.service >"$W/security-cec.txt" 2>&1
  score=$(sed -n 's/.*Overall exposure level for keymenud.service: \([0-9.]*\).*/\1/p' "$W/security-cec.txt")
  before=$(sed -n 's/.*Overall exposure level for keymenud.service: \([0-9.]*\).*/\1/p' "$W/security-before-cec.txt")
  # What the drop-in changed: the ✗ lines (whitespace folded) not there before.
  for f in security-before-cec security-cec; do grep '✗' "$W/$f.txt" | tr -s ' \t' ' ' | sort >"$W/$f.fails"; done
  grew=$(comm -13 "$W/security-before-cec.fails" "$W/security-cec.fails" | tr '\n' '|')
  info "cec: the TV saw $(grep -cE 'IMAGE_VIEW_ON|ACTIVE_SOURCE|INACTIVE_SOURCE' "$W/tv.log") of keymenu's messages; exposure with the drop-in $score (without ${before:-not measured}); findings that changed: ${grew:-none}"
  rm -f "$DROPINS/cec.conf" /etc/keymenu/conf.d/60-cec.toml
  systemctl daemon-reload
  systemctl restart keymenud.service
  wait_for 60 is_active keymenud.service
  # The sandbox grows only by the CEC devices: the exposure stays what it was.
  if [ -z "$score" ] || [ -z "$before" ]; then
    fail cec "systemd-analyze security printed no score: $(tail -n 3 "$W/security-cec.txt")"
  elif awk -v s="$score" -v b="$before" 'BEGIN { exit !(s <= b) }'; then
    pass cec "exposure $score with the CEC drop-in, $before without"
  else
    fail cec "exposure $score with the CEC drop-in, $before without: $grew"
  fi
}

# keymenu's password agent (issue 35): keymenu-ask-password.path, enabled by
# the package, starts the agent when a unit asks systemd for a passphrase; the
# passphrase typed on the keyboard reaches the asker; the journal holds none
# of it; the agent's unit exposure is reported.
check_ask_password() {
  if [ "$(prop keymenu-ask-password.path ActiveState)" != active ]; then
    fail ask-password "keymenu-ask-password.path is $(prop keymenu-ask-password.path ActiveState) after the install"
    return
  fi
  rm -f "$W/ask-password.out"
  systemd-run --quiet --unit=sdtest-ask --property=StandardOutput=file:"$W/ask-password.out" \
    /usr/bin/systemd-ask-password --timeout=60 "Passphrase for data:"
  if ! wait_for 60 state_has "Passphrase for data:"; then
    fail ask-password "no prompt: agent $(prop keymenu-ask-password.service ActiveState), $(journalctl --no-pager -b -u keymenu-ask-password.service | tail -n 3)"
    return
  fi
  # The system's own question: only root (the agent) may mark a prompt so.
  if ! state_has '"system":true'; then
    fail ask-password "the agent's prompt is not marked as the system's question: $(keymenuctl state --json 2>&1 | head -c 400)"
    return
  fi
  agent_swap=$(cat "/sys/fs/cgroup$(prop keymenu-ask-password.service ControlGroup)/memory.swap.max" 2>&1)
  send 3 "tap S" "tap KEY_3" "tap C" "tap R" "tap ENTER"
  if ! wait_for 60 sh -c "[ \"\$(systemctl show -P ActiveState sdtest-ask.service)\" != active ]"; then
    fail ask-password "systemd-ask-password did not end: $(systemctl show -P ActiveState sdtest-ask.service)"
    return
  fi
  # Started with --query, the agent ends once nothing is asked (and what
  # was typed leaves memory with it); it was kept out of swap meanwhile.
  if ! wait_for 30 is_inactive keymenu-ask-password.service; then
    fail ask-password "the agent did not exit once the question was answered: $(prop keymenu-ask-password.service ActiveState)"
    return
  fi
  if [ "$agent_swap" != 0 ]; then
    fail ask-password "the agent's cgroup memory.swap.max was '$agent_swap', not 0"
    return
  fi
  got=$(cat "$W/ask-password.out" 2>/dev/null)
  systemd-analyze security --no-pager keymenu-ask-password.service >"$W/security-agent.txt" 2>&1
  score=$(sed -n 's/.*Overall exposure level for keymenu-ask-password.service: \([0-9.]*\).*/\1/p' "$W/security-agent.txt")
  if [ "$got" != "s3cr" ]; then
    fail ask-password "the asker got '$got', not the passphrase typed"
  elif journalctl --no-pager -b -o cat | grep -q s3cr; then
    fail ask-password "the journal holds the passphrase"
  else
    pass ask-password "typed on the keyboard; keymenu-ask-password.service exposure ${score:-?}"
  fi
}

# --- password questions on the remote, a LUKS volume, other agents (issue 35) --

# asker NAME ARGUMENT...: a unit, sdtest-NAME, runs systemd-ask-password
# with ARGUMENTs, as a service asking at its start; what it prints goes to
# $W/NAME.out, and its exit status (systemd-run --wait passes it on) to
# $W/NAME.rc once it ended (answered NAME).
asker() {
  name=$1
  shift
  rm -f "$W/$name.out" "$W/$name.rc"
  (systemd-run --quiet --wait --unit="sdtest-$name" --property=CollectMode=inactive-or-failed \
    --property=StandardOutput=file:"$W/$name.out" /usr/bin/systemd-ask-password "$@" 2>"$W/$name.err"
    echo $? >"$W/$name.rc") &
}

# journal_holds TEXT...: the first TEXT the whole journal holds, if any.
journal_holds() {
  journalctl --no-pager -b -o cat >"$W/journal-ask.txt" 2>&1
  for text in "$@"; do
    if grep -qF -- "$text" "$W/journal-ask.txt"; then
      echo "$text"
      return 0
    fi
  done
  return 1
}

prompt_gone() { ! state_has "$1"; }

# asker_got CHECK NAME PHRASE: whether asker NAME ended with PHRASE, exit 0,
# and the journal holds none of PHRASE; if not, CHECK fails saying why.
asker_got() {
  if ! wait_for 60 answered "$2"; then
    fail "$1" "systemd-ask-password ($2) did not end: $(prop "sdtest-$2.service" ActiveState), $(keymenuctl state --json 2>&1 | head -c 400)"
  elif [ "$(rc_of "$2")" != 0 ] || [ "$(cat "$W/$2.out")" != "$3" ]; then
    fail "$1" "the asker ($2) exited $(rc_of "$2") with '$(cat "$W/$2.out")', not the passphrase typed"
  elif journal_holds "$3" >/dev/null; then
    fail "$1" "the journal holds the passphrase"
  else
    return 0
  fi
  return 1
}

# keyboards_away: every keyboard goes: the uinput ones (keymenu-uinput
# destroys its device at the end of its steps) and QEMU's PS/2 keyboard
# (its serio port unbound from atkbd, as if unplugged; AT_PORTS remembers
# it). Waits until keymenud reads no device with letters.
keyboards_away() {
  # 4 first: keyboard 4's keymenu-uinput, started after keyboard 3's steps
  # were opened, holds them too.
  for n in 4 3; do
    [ -f "$W/kb$n.out" ] && ! grep -q '^destroyed' "$W/kb$n.out" || continue
    eval "exec $n>&-"
    wait_for 30 grep -q '^destroyed' "$W/kb$n.out" || return 1
  done
  for port in /sys/bus/serio/drivers/atkbd/serio*; do
    [ -e "$port" ] || continue
    echo "${port##*/}" >/sys/bus/serio/drivers/atkbd/unbind || return 1
    AT_PORTS="${AT_PORTS:-} ${port##*/}"
  done
  wait_for 30 no_letters
}
no_letters() { ! keymenuctl call --json devices.list 2>/dev/null | grep -q '"kind":"keyboard"'; }

# keyboard_attached: the keyboards back after keyboards_away: the PS/2 one,
# and the setup's (fd 3, kb3).
keyboard_attached() {
  for port in ${AT_PORTS:-}; do echo "$port" >/sys/bus/serio/drivers/atkbd/bind; done
  AT_PORTS=""
  if [ -f "$W/kb3.out" ] && ! grep -q '^destroyed' "$W/kb3.out"; then
    return 0
  fi
  keyboard 3 sdtest-kb1 && wait_for 30 in_use "$kb3"
}

# The emulated IR remote: rc-loopback (what ir-ctl sends to its lirc node
# comes back in as received IR), the NEC decoder, and a kernel keymap for
# NEC written with ir-keytable, so that the receiver's input device sends
# keys, as a receiver whose keymap udev loads does; keymenud, reloaded,
# reads it as a remote. REMOTE is its event node, LIRC its lirc node.
REMOTE_KEYS="0x40=KEY_OK 0x41=KEY_UP 0x42=KEY_DOWN 0x43=KEY_LEFT 0x44=KEY_RIGHT"

# remote_attached: the remote, made once; why says what failed.
remote_attached() {
  [ -n "${REMOTE:-}" ] && in_use "$REMOTE" && return 0
  load rc-loopback && load ir-nec-decoder || { why="modprobe rc-loopback ir-nec-decoder failed"; return 1; }
  rc=""
  for d in /sys/class/rc/rc*; do grep -q '^DRV_NAME=rc-loopback$' "$d/uevent" 2>/dev/null && rc=$d; done
  [ -n "$rc" ] || { why="no rc device of rc-loopback: $(ls /sys/class/rc 2>&1)"; return 1; }
  REMOTE=/dev/input/$(basename "$(ls -d "$rc"/input*/event* | head -n 1)")
  LIRC=/dev/$(basename "$(ls -d "$rc"/lirc* | head -n 1)")
  # udev's own ir-keytable run (70-infrared.rules) comes first, then ours.
  udevadm settle
  wait_for 30 sh -c "[ \"\$(stat -c %G $REMOTE)\" = input ]" || { why="$REMOTE is not the input group's"; return 1; }
  printf '[[protocols]]\nname = "sdtest"\nprotocol = "nec"\n[protocols.scancodes]\n' >"$W/remote.toml"
  for m in $REMOTE_KEYS; do echo "${m%%=*} = \"${m#*=}\"" >>"$W/remote.toml"; done
  if ! ir-keytable -s "$(basename "$rc")" -c -w "$W/remote.toml" >"$W/ir-keytable.log" 2>&1; then
    why="ir-keytable failed: $(cat "$W/ir-keytable.log")"
    return 1
  fi
  grep -q '\[nec\]' "$rc/protocols" || { why="NEC is not enabled on $rc: $(cat "$rc/protocols")"; return 1; }
  # keymenud passed the receiver over when it came (no keys yet); a reload
  # looks at it again.
  systemctl reload keymenud.service
  wait_for 30 in_use "$REMOTE" || { why="keymenud does not read $REMOTE after the reload"; return 1; }
  info "remote: $(basename "$rc") ($(cat "$rc/protocols")), $REMOTE, $LIRC"
}

# only_remote: the remote attached and every keyboard gone, so that a
# prompt's on-screen keyboard comes by itself; why says what failed.
only_remote() {
  remote_attached || return 1
  keyboards_away || { why="the keyboards did not go: $(keymenuctl call --json devices.list 2>&1)"; return 1; }
  info "keymenud reads: $(keymenuctl call --json devices.list 2>&1 | grep -o '"name":"[^"]*"' | tr '\n' ' ')"
}

# remote_keys TEXT: the remote's keys that type TEXT (small letters and
# . - _ @) on a prompt's on-screen keyboard from its first key (a) and press
# its done (rows abcdefghij, klmnopqrst, uvwxyz.-_@, then shift 123 space
# ⌫ done), one per line.
remote_keys() {
  printf '%s\n' "$1" | awk '{
    keys = "abcdefghijklmnopqrstuvwxyz.-_@"; r = 0; c = 0
    for (i = 1; i <= length($0); i++) {
      k = index(keys, substr($0, i, 1)) - 1
      if (k < 0) exit 1
      while (r < int(k / 10)) { print "DOWN"; r++ }
      while (r > int(k / 10)) { print "UP"; r-- }
      d = (k % 10 - c + 10) % 10
      if (d <= 5) { for (j = 0; j < d; j++) print "RIGHT" } else { for (j = d; j < 10; j++) print "LEFT" }
      c = k % 10
      print "OK"
    }
    if (r == 0) print "UP"; else while (r < 3) { print "DOWN"; r++ }
    for (c = (c > 4 ? 4 : c); c < 4; c++) print "RIGHT"
    print "OK"
  }'
}

# typing_state: the front prompt's field and its on-screen keyboard's
# focus, as root (an admin client) sees them.
typing_state() {
  keymenuctl state --json 2>/dev/null | grep -o '"field":{[^}]*}\|"keyboard":{"column":[0-9]*,"row":[0-9]*' | tr -d '\n'
}
typing_state_is_not() { [ "$(typing_state)" != "$1" ]; }
remote_key_up() { evtest --query "$REMOTE" EV_KEY "$1"; }
scancode_of() { for m in $REMOTE_KEYS; do [ "${m#*=}" = "$1" ] && echo "${m%%=*}"; done; }

# remote_press KEY: one press of the remote's KEY (UP, OK...): its NEC
# frame through ir-ctl; waits until the prompt changed and the kernel let
# the key go (the same scancode again before that would be a repeat).
remote_press() {
  before=$(typing_state)
  ir-ctl -d "$LIRC" -S "nec:$(scancode_of "KEY_$1")" &&
    wait_for 30 typing_state_is_not "$before" && wait_for 30 remote_key_up "KEY_$1"
}

# remote_type TEXT: TEXT typed on the remote through the front prompt's
# on-screen keyboard, then done; why says what failed.
remote_type() {
  n=0
  for key in $(remote_keys "$1"); do
    n=$((n + 1))
    remote_press "$key" || { why="press $n ($key) failed or changed nothing: $(keymenuctl state --json 2>&1 | cut -c 1-300)"; return 1; }
  done
  info "typed with $n presses of the remote"
}

# A unit asks systemd-ask-password's question while only the IR remote is
# attached: keymenu's agent puts it in front with the on-screen keyboard
# (keyboard auto: no device with letters), the remote's arrows and OK type
# the passphrase on it, the asker gets it, and the journal holds none of it.
check_ask_password_remote() {
  only_remote || { fail ask-password-remote "$why"; return; }
  phrase=kv_@
  asker remote --timeout=60 "Passphrase for data:"
  if ! wait_for 60 state_has "Passphrase for data:"; then
    fail ask-password-remote "no prompt: agent $(prop keymenu-ask-password.service ActiveState), $(cat "$W/remote.err")"
    return
  fi
  if ! state_has '"keyboard":{"column"'; then
    fail ask-password-remote "no on-screen keyboard with only the remote attached: $(keymenuctl state --json 2>&1)"
    return
  fi
  remote_type "$phrase" || { fail ask-password-remote "$why"; return; }
  if asker_got ask-password-remote remote "$phrase"; then
    pass ask-password-remote "typed on the IR remote's arrows and OK, on the on-screen keyboard"
  fi
}

# The README's encrypted volume in a file, unlocked from the remote: a LUKS2
# volume (cryptsetup luksFormat, PBKDF2 at 1000 iterations so that TCG is
# quick), an /etc/crypttab entry (data FILE none luks,noauto) and
# systemctl start systemd-cryptsetup@data.service: systemd-cryptsetup asks
# for data's passphrase, keymenu's agent puts it in front with the
# on-screen keyboard (only the remote is attached), the remote types it,
# and /dev/mapper/data appears. The journal holds none of it.
check_ask_password_luks() {
  only_remote || { fail ask-password-luks "$why"; return; }
  for m in dm-crypt loop xts ecb algif_skcipher; do
    load "$m" || { fail ask-password-luks "modprobe $m failed"; return; }
  done
  phrase=kt@j
  img=$W/data.img
  rm -f "$img"
  truncate -s 32M "$img"
  if ! printf %s "$phrase" | cryptsetup luksFormat --batch-mode --type luks2 --pbkdf pbkdf2 \
    --pbkdf-force-iterations 1000 --key-file - "$img" >"$W/luksformat.log" 2>&1; then
    fail ask-password-luks "cryptsetup luksFormat failed: $(tail -n 3 "$W/luksformat.log")"
    return
  fi
  echo "data $img none luks,noauto" >>/etc/crypttab
  systemctl daemon-reload
  systemctl start --no-block systemd-cryptsetup@data.service
  if ! wait_for 60 state_has "Asked by cryptsetup:"; then
    fail ask-password-luks "no prompt: systemd-cryptsetup@data.service $(prop systemd-cryptsetup@data.service ActiveState), $(journalctl --no-pager -b -u systemd-cryptsetup@data.service | tail -n 3)"
  elif ! state_has '"keyboard":{"column"'; then
    fail ask-password-luks "no on-screen keyboard with only the remote attached: $(keymenuctl state --json 2>&1)"
  elif ! remote_type "$phrase"; then
    fail ask-password-luks "$why"
  elif ! wait_for 60 test -b /dev/mapper/data; then
    fail ask-password-luks "no /dev/mapper/data: systemd-cryptsetup@data.service $(prop systemd-cryptsetup@data.service ActiveState), $(journalctl --no-pager -b -u systemd-cryptsetup@data.service | tail -n 3)"
  elif held=$(journal_holds "$phrase"); then
    fail ask-password-luks "the journal holds the passphrase"
  else
    pass ask-password-luks "/dev/mapper/data unlocked with the passphrase typed on the remote ($(cryptsetup status data | sed -n 's/^ *type: *//p'), $(prop systemd-cryptsetup@data.service ActiveState))"
  fi
  systemctl stop systemd-cryptsetup@data.service
  sed -i '/^data /d' /etc/crypttab
  rm -f "$img"
}

# Another agent answers first: a question up in keymenu (a few letters
# typed into it, not accepted) is answered on a terminal by
# systemd-tty-ask-password-agent --query (on a pty: script); the asker gets
# the terminal's answer, keymenu's prompt goes from keymenud's state by
# itself, and the journal holds neither text.
check_ask_password_elsewhere() {
  keyboard_attached || { fail ask-password-elsewhere "no keyboard: $(cat "$W/kb3.out")"; return; }
  answer=tty-w9q
  asker elsewhere --timeout=60 "Passphrase for elsewhere:"
  if ! wait_for 60 state_has "Passphrase for elsewhere:"; then
    fail ask-password-elsewhere "no prompt: agent $(prop keymenu-ask-password.service ActiveState), $(cat "$W/elsewhere.err")"
    return
  fi
  # keymenu's text, never accepted: zqj.
  send 3 "tap Z" "tap Q" "tap J"
  wait_for 30 state_has '"cursor":3' || { fail ask-password-elsewhere "the keyboard typed nothing into the prompt"; return; }
  rm -f "$W/tty.in"
  mkfifo "$W/tty.in"
  rm -f "$W/tty.rc"
  (script -qfec "systemd-tty-ask-password-agent --query" /dev/null <"$W/tty.in" >"$W/tty.out" 2>&1
    echo $? >"$W/tty.rc") &
  exec 7>"$W/tty.in"
  if ! wait_for 60 grep -q "Passphrase for elsewhere" "$W/tty.out"; then
    exec 7>&-
    fail ask-password-elsewhere "the terminal agent did not ask: $(cat "$W/tty.out")"
    return
  fi
  printf '%s\n' "$answer" >&7
  wait_for 60 answered elsewhere
  gone=yes
  wait_for 30 prompt_gone "Passphrase for elsewhere:" || gone=no
  # --query ends once no question is left.
  wait_for 30 test -s "$W/tty.rc" || info "systemd-tty-ask-password-agent --query did not end"
  exec 7>&-
  if ! answered elsewhere; then
    fail ask-password-elsewhere "systemd-ask-password did not end after the terminal's answer: $(tr -c '[:print:]' ' ' <"$W/tty.out" | tail -c 300)"
  elif [ "$(rc_of elsewhere)" != 0 ] || [ "$(cat "$W/elsewhere.out")" != "$answer" ]; then
    fail ask-password-elsewhere "the asker exited $(rc_of elsewhere) with '$(cat "$W/elsewhere.out")', not the terminal's answer"
  elif [ "$gone" = no ]; then
    fail ask-password-elsewhere "keymenu's prompt stays after the terminal answered: $(keymenuctl state --json 2>&1)"
  elif held=$(journal_holds "$answer" zqj); then
    fail ask-password-elsewhere "the journal holds '$held'"
  else
    pass ask-password-elsewhere "the terminal agent answered first; keymenu's prompt went by itself"
  fi
}

# A question with a time limit (systemd-ask-password --timeout: NotAfter=)
# left unanswered: once it passed, keymenu's prompt goes from keymenud's
# state and the asker has failed; the next question still comes and is
# answered from the keyboard (the agent is not stuck on the old one).
check_ask_password_notafter() {
  keyboard_attached || { fail ask-password-notafter "no keyboard: $(cat "$W/kb3.out")"; return; }
  asker late --timeout=10 "Passphrase for late:"
  if ! wait_for 10 state_has "Passphrase for late:"; then
    fail ask-password-notafter "no prompt within the question's 10 s: agent $(prop keymenu-ask-password.service ActiveState), $(cat "$W/late.err")"
    return
  fi
  if ! wait_for 60 prompt_gone "Passphrase for late:"; then
    fail ask-password-notafter "keymenu's prompt stays after NotAfter passed: $(keymenuctl state --json 2>&1)"
    return
  fi
  if ! wait_for 60 answered late || [ "$(rc_of late)" = 0 ]; then
    fail ask-password-notafter "the asker did not fail when its time passed: exit $(rc_of late), '$(cat "$W/late.out" 2>/dev/null)'"
    return
  fi
  phrase=n8xr
  asker next --timeout=60 "Passphrase for next:"
  if ! wait_for 60 state_has "Passphrase for next:"; then
    fail ask-password-notafter "the next question did not come: agent $(prop keymenu-ask-password.service ActiveState), $(cat "$W/next.err")"
    return
  fi
  send 3 "tap N" "tap KEY_8" "tap X" "tap R" "tap ENTER"
  if asker_got ask-password-notafter next "$phrase"; then
    pass ask-password-notafter "the prompt went when NotAfter passed (asker exit $(rc_of late)); the next question was answered"
  fi
}

setup
for c in $checks; do
  case "$c" in
    power) ;;
    *) "check_$(echo "$c" | tr - _)" ;;
  esac
done
if wanted power; then
  check_power
fi
finish
