# Debian packages for the QEMU suites, fetched and unpacked, never installed.
# Sourced by Tests/Kernel/run.sh (make test-kernel) and Tests/Systemd/run.sh
# (make test-systemd); both define die().

# kernel_package: the kernel package linux-image-amd64 depends on
# (linux-image-6.1.0-NN-amd64), or KERNEL_PACKAGE when set.
kernel_package() {
  if [ -n "${KERNEL_PACKAGE:-}" ]; then
    echo "$KERNEL_PACKAGE"
    return
  fi
  kp=$(apt-cache depends linux-image-amd64 2>/dev/null |
    awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }')
  if [ -z "$kp" ]; then
    apt-get update -qq >/dev/null 2>&1 || true
    kp=$(apt-cache depends linux-image-amd64 2>/dev/null |
      awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }')
  fi
  [ -n "$kp" ] || die "cannot tell which kernel package linux-image-amd64 depends on (apt-cache depends)"
  echo "$kp"
}

# fetch_deb PACKAGE DIR: downloads PACKAGE (apt-get download) and unpacks it
# into DIR with dpkg -x. Nothing is installed on this machine.
fetch_deb() {
  fd_tmp=$(mktemp -d)
  # apt-get download writes to the current directory; as root it warns that
  # _apt cannot write there, harmlessly.
  if ! (cd "$fd_tmp" && apt-get download "$1" >/dev/null 2>&1); then
    apt-get update -qq >/dev/null 2>&1 || true
    (cd "$fd_tmp" && apt-get download "$1" >/dev/null 2>&1) || { rm -rf "$fd_tmp"; die "apt-get download $1 failed"; }
  fi
  mkdir -p "$2"
  dpkg -x "$fd_tmp"/*.deb "$2" || { rm -rf "$fd_tmp"; die "dpkg -x of $1 failed"; }
  rm -rf "$fd_tmp"
}
