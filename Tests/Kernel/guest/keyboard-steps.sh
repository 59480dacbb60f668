# keyboard-steps.sh: steps for the uinput keyboards keymenu-uinput makes in a
# guest, shared by make test-kernel (guest/cases.sh) and make test-systemd
# (Tests/Systemd/guest/checks.sh), which source it. The caller defines W (its
# work directory, where keyboard N writes kbN.out) and wait_for SECONDS
# COMMAND..., and opens keyboard N's steps as file descriptor N.

# send N STEP...: steps for keyboard N (see keymenu-uinput keyboard --help).
send() {
  fd=$1
  shift
  for step in "$@"; do eval "echo \"\$step\" >&$fd"; done
}

# said N TEXT: waits until keyboard N has written every step before 'say TEXT'.
said() {
  send "$1" "say $2"
  wait_for 60 grep -qx "$2" "$W/kb$1.out"
}
