#!/bin/sh
# make link-order: rewrites linker/keymenud.order, the functions keymenud runs
# (start-up, requests, alerts, menus, a prompt, keys, a reload, the stop),
# which make release's linker (lld, --symbol-ordering-file) puts next to one
# another at the start of .text.
#
# Why: the kernel maps a file's pages into a process 64 KiB around each page
# it touches (fault-around), so a daemon whose code runs in a few hundred
# places spread over a 14 MB .text has most of it resident. Measured on this
# file's first profile: 1.5 MB of code ran, 12 MB of keymenud's .text was
# resident at rest; with the functions grouped, 5.7 MB (bench/RESULTS.md).
# No linker or compiler does this by itself: the list comes from a run.
#
# How: keymenud (built with make release's flags; symbol names do not depend
# on the order) runs under valgrind's callgrind in a umockdev testbed with an
# emulated keyboard (Tests/Fixtures/hotplug.py), driven by keymenuctl through
# the scenario below. keymenud and its clients are one binary (the multi-call
# keymenu): keymenuctl's commands and a keymenu-whiptail box in a terminal run
# under callgrind too, and the functions only they ran are listed after
# keymenud's (functions-ran.py), so that a client's start touches a few
# grouped pages of the file and keymenud's resident code stays as it was. callgrind writes the address of every instruction that
# ran (--dump-instr); scripts/functions-ran.py names the function of each from
# the symbol table and writes them, one mangled name per line, sorted. By
# address, not by callgrind's own function names: those miss functions entered
# by a jump (tail calls: metadata accessors, thunks) and ones valgrind leaves
# unnamed. Names that several local symbols share (outlined copies, merged
# thunks) are placed by section name in linker/keymenud.ld when the
# toolchain's static libraries also define them (scripts/functions-ran.py
# says why), and listed otherwise.
#
# A stale list costs only memory, never correctness: lld skips names it does
# not find (--no-warn-symbol-ordering), and new code lands after the listed.
#
#   BIN=.build/release scripts/link-order.sh [ORDER [SCRIPT]]
set -eu
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
BIN=$(cd "${BIN:-$here/.build/release}" && pwd)
out=${1:-$here/linker/keymenud.order}
script=${2:-$here/linker/keymenud.ld}
for tool in valgrind objcopy nm; do
  command -v "$tool" > /dev/null || { echo "link-order: $tool is missing (make link-order installs it)" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# valgrind 3.19 cannot read the DWARF 5 of Swift 6's release builds: profile a
# copy without debug information (the symbol table stays).
objcopy --strip-debug "$BIN/keymenud" "$work/keymenud"
ln -s keymenud "$work/keymenuctl"
ln -s keymenud "$work/keymenu-whiptail"
cp "$here/examples/keymenu.toml" "$work/keymenu.toml"
printf '\n[[socket.tiers]]\nuid = %s\ntier = "drive"\n' "$(id -u)" >> "$work/keymenu.toml"
PROFILE="valgrind --tool=callgrind --dump-instr=yes --compress-pos=no --compress-strings=no"
# The clients the scenario runs, profiled (one file each); WAIT is the
# unprofiled keymenuctl that polls for what they wait on.
CTL="$PROFILE --callgrind-out-file=$work/client.%p.out $work/keymenuctl"
WHIPTAIL="$PROFILE --callgrind-out-file=$work/client.%p.out $work/keymenu-whiptail"
WAIT="$BIN/keymenuctl"
export KEYMENU_SOCKET="$work/keymenu.sock"
cat > "$work/scenario" <<SCENARIO
plug 3 keyboard
until 120000 $WAIT status
spawn alert $CTL alert "Hello" --timeout 60
until 60000 sh -c "$WAIT state --json | grep -q Hello"
key 3 KEY_ENTER 1
key 3 KEY_ENTER 0
reap alert 0
spawn menu sh -c "printf 'a\\\\nb\\\\nc\\\\n' | $CTL menu --title Pick"
until 60000 sh -c "$WAIT state --json | grep -q Pick"
key 3 KEY_DOWN 1
key 3 KEY_DOWN 0
key 3 KEY_ENTER 1
key 3 KEY_ENTER 0
reap menu 0 b
spawn prompt $CTL prompt "Name?"
until 60000 sh -c "$WAIT state --json | grep -q Name"
key 3 KEY_A 1
key 3 KEY_A 0
key 3 KEY_ENTER 1
key 3 KEY_ENTER 0
reap prompt 0
spawn box script -qec "env TERM=xterm-256color $WHIPTAIL --title Fruit --menu Choose 15 40 3 a Apple b Banana c Cherry" /dev/null
until 60000 sh -c "$WAIT state --json | grep -q Choose"
key 3 KEY_DOWN 1
key 3 KEY_DOWN 0
key 3 KEY_ENTER 1
key 3 KEY_ENTER 0
reap box 0
spawn status $CTL status --json
reap status 0
spawn plugins $CTL plugins --json
reap plugins 0
key 3 KEY_B 1
key 3 KEY_B 0
signal HUP
wait 2000
spawn again $CTL status
reap again 0
signal TERM
exit
SCENARIO
(cd "$work" && /usr/bin/python3 "$here/Tests/Fixtures/hotplug.py" "$work/scenario" -- \
  valgrind --tool=callgrind --dump-instr=yes --compress-pos=no --compress-strings=no \
  --callgrind-out-file="$work/callgrind.out" \
  "$work/keymenud" --config "$work/keymenu.toml" > "$work/run.out" 2> "$work/run.err") || {
  echo "link-order: the profiled run failed:" >&2
  tail -n 20 "$work/run.err" >&2
  exit 1
}
toolchain_libraries=$(dirname "$(command -v swift)")/../lib/swift_static/linux
clients=$(ls "$work"/client.*.out | tr '\n' ' ')
/usr/bin/python3 "$here/scripts/functions-ran.py" "$work/callgrind.out" "$work/keymenud" \
  "$out" "$script" "$toolchain_libraries"/*.a --then $clients > "$work/written"
echo "link-order: $(cat "$work/written")"
