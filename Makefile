# keymenu: make demo | make test | make bench | make soak
SWIFT ?= swift
# make release's static libstdc++ and keymenud's link order (see RELEASE_FLAGS).
STATIC_CXX := $(CURDIR)/.build/static-libstdc++
LINK_ORDER := $(CURDIR)/linker/keymenud.order
LINK_SCRIPT := $(CURDIR)/linker/keymenud.ld
# Debian packages the build and tests need (installed by scripts/ensure-packages.sh).
# libxkbcommon-dev, xkb-data (the keymaps) and libx11-data (the compose tables
# under /usr/share/X11/locale) are KeyMenuLayout's.
PACKAGES := libevdev-dev pkg-config umockdev libumockdev-dev gir1.2-umockdev-1.0 python3-gi evtest systemd socat tmux \
	espeak-ng libespeak-ng-dev libasound2-dev sox libsystemd-dev dbus-daemon dbus-bin python3-dbus python3-pyte \
	libgtk-3-dev libgtk-layer-shell-dev libwayland-dev xvfb x11-utils x11-apps xcompmgr xinit imagemagick fonts-dejavu-core fonts-wqy-microhei fonts-noto-color-emoji sway grim \
	libxkbcommon-dev xkb-data libx11-data whiptail debconf tzdata dialog suckless-tools xdotool
# make man's checks (man --warnings as lintian runs it, lexgrog) and the shells the completions are checked in.
PACKAGES += man-db groff-base zsh fish
# The peer programs make bench-peers compares keymenu with (not needed by make test):
# triggerhappy (thd), esekeyd, interception-tools (udevmon, interception), inputlirc (inputlircd).
BENCH_PACKAGES := triggerhappy esekeyd interception-tools inputlirc

# What make test-kernel needs besides PACKAGES: QEMU, a static busybox, cpio,
# ir-ctl and cec-ctl (v4l-utils) for the IR and HDMI-CEC cases.
KERNEL_PACKAGES := qemu-system-x86 busybox-static cpio v4l-utils
# What make test-systemd needs besides PACKAGES: the same, and what the guest
# runs from this machine's root: polkitd and dbus (logind asks polkit over the
# system bus for the power-off), procps (ps, pgrep), and for the password
# agent's checks cryptsetup-bin (cryptsetup luksFormat; systemd-cryptsetup is
# systemd's) and ir-keytable (the emulated remote's keymap).
SYSTEMD_TEST_PACKAGES := qemu-system-x86 busybox-static cpio polkitd dbus procps v4l-utils cryptsetup-bin ir-keytable

.PHONY: deb all deps bench-deps build test test-kernel test-hostile test-systemd demo bench bench-overlay bench-peers soak man completions fixtures lint format clean release install uninstall fuzz link-order

all: build

deps:
	@scripts/ensure-packages.sh $(PACKAGES)

bench-deps: deps
	@scripts/ensure-packages.sh $(BENCH_PACKAGES)

build: deps
	$(SWIFT) build --build-tests

test: build
	python3 Tests/Fixtures/devices/generate.py --check
	swift format lint --strict --recursive Sources Plugins Tests bench/Sources Fuzz/Sources
	scripts/check-units.sh
	KEYMENU_REQUIRE_UMOCKDEV=1 $(SWIFT) test --skip-build

# keymenud on a real kernel in QEMU (Tests/Kernel/run.sh): grabs, SYN_DROPPED,
# devices made and destroyed through uinput, the whole alert loop.
test-kernel: deps $(STATIC_CXX)/libstdc++.a
	@scripts/ensure-packages.sh $(KERNEL_PACKAGES)
	$(SWIFT) build $(RELEASE_FLAGS) --product keymenu
	@$(MULTICALL_LINKS)
	$(SWIFT) build $(RELEASE_FLAGS) --product keymenu-uinput
	Tests/Kernel/run.sh $(RELEASEDIR)

# The soak's hostile phase alone (bench/soak/hostile.py, about 100 s) on the
# release keymenud: several uids at every cap at once, with floods through
# configured items and commands, a subscriber and root probing; fails when
# keymenud's peak VmRSS passes the ceiling (128 MiB), a key event is lost, the
# subscriber or a reading client is dropped, modals or commands outlive the
# phase, or memory is not given back. Root's round trip is printed, not
# checked (a test asserts no timing; make soak checks it).
test-hostile: deps $(STATIC_CXX)/libstdc++.a
	$(SWIFT) build $(RELEASE_FLAGS) --product keymenu
	@$(MULTICALL_LINKS)
	/usr/bin/python3 bench/soak/test_soak_logic.py
	/usr/bin/python3 bench/soak/hostile.py --keymenud $(RELEASEDIR)/keymenud --no-latency-limit
	/usr/bin/python3 bench/holding-cost.py --keymenud $(RELEASEDIR)/keymenud --check

# keymenu's Debian package ($(DEB_DIR), from make deb) under systemd as PID 1 in
# QEMU (Tests/Systemd/run.sh): dpkg -i, the sandbox, socket activation,
# reload, tiers, commands, watchdog, purge and the README's power-off.
test-systemd: deb
	@scripts/ensure-packages.sh $(SYSTEMD_TEST_PACKAGES)
	$(SWIFT) build $(RELEASE_FLAGS) --product keymenu-uinput
	KEYMENU_UINPUT=$(RELEASEDIR)/keymenu-uinput Tests/Systemd/run.sh $(DEB_DIR)

demo: deps
	$(SWIFT) build --product keymenuctl
	$(SWIFT) build --product keymenud
	scripts/demo.sh

# With the flags of make release, so that the figures describe what is installed.
bench: deps $(STATIC_CXX)/libstdc++.a
	$(SWIFT) build $(RELEASE_FLAGS)
	@$(MULTICALL_LINKS)
	bench/run.sh

# keymenu-overlay's key-to-pixels latency (200 changes) and footprint under Xvfb
# and headless sway: the pixels against dmenu's and rofi's under Xvfb, fuzzel's
# and tofi's under sway, and the resident memory against a minimal GTK 3
# window (bench/overlay-latency.py); reported, not asserted.
OVERLAY_BENCH_PACKAGES := rofi fuzzel tofi

bench-overlay: deps $(STATIC_CXX)/libstdc++.a
	@scripts/ensure-packages.sh $(OVERLAY_BENCH_PACKAGES)
	$(SWIFT) build $(RELEASE_FLAGS) --product keymenu
	$(SWIFT) build $(RELEASE_FLAGS) --product keymenu-overlay
	@$(MULTICALL_LINKS)
	/usr/bin/python3 bench/overlay-latency.py --bin .build/release

# keymenud under an emulated keyboard's key stream, 200 clients and an external
# plugin that crashes on a schedule, for SOAK_SECONDS; fails on a crash, a lost
# or doubled answer, a starved client, or memory or open files growing after
# warm-up, and prints the figures (bench/soak/README.md). The build and the
# run together stay within SOAK_LIMIT seconds (timeout). SCRATCH is the build
# directory (swift build --scratch-path); SOAK_ARGS go to bench/soak/soak.py
# (--seed N, --clients N, --key-rate N, --keep, ...).
SOAK_SECONDS ?= 300
SOAK_LIMIT ?= 600
SCRATCH ?= .build
SOAK_ARGS ?=
soak: deps $(STATIC_CXX)/libstdc++.a
	SOAK_SECONDS=$(SOAK_SECONDS) SOAK_LIMIT=$(SOAK_LIMIT) SCRATCH=$(SCRATCH) SWIFT="$(SWIFT)" \
	  RELEASE_FLAGS="$(RELEASE_FLAGS)" bench/soak.sh $(SOAK_ARGS)

# keymenu against its peers (evtest, triggerhappy's thd, a bare echo server) in
# one run: prints the table and writes bench/RESULTS.md (bench/peers.sh).
# SCRATCH: SwiftPM's build directory (make bench-peers SCRATCH=.build-x in a second worktree).
bench-peers: bench-deps $(STATIC_CXX)/libstdc++.a
	$(SWIFT) build $(RELEASE_FLAGS) --scratch-path $(SCRATCH)
	BIN=$(SCRATCH)/release bench/peers.sh

# libstdc++.a for make release's static link (RELEASE_FLAGS), from the C
# compiler's installation (cc, or the Swift toolchain's clang).
$(STATIC_CXX)/libstdc++.a:
	@mkdir -p $(STATIC_CXX)
	@cxx=$$( (command -v cc || command -v clang) | head -n 1); \
	  lib=$$($$cxx -print-file-name=libstdc++.a); \
	  if [ -f "$$lib" ]; then ln -sf "$$lib" $@; \
	  else echo "warning: no libstdc++.a ($$cxx -print-file-name): libstdc++.so stays linked" >&2; fi

# Rewrites linker/keymenud.order (scripts/link-order.sh): run it after changes
# that move what keymenud runs at start or per request, then make release.
PROFILE_PACKAGES := valgrind
link-order: deps $(STATIC_CXX)/libstdc++.a
	@scripts/ensure-packages.sh $(PROFILE_PACKAGES)
	@# The profiled keymenud is linked without linker/keymenud.ld: valgrind
	@# knows a binary's code by its .text section only, and counts what runs in
	@# the script's own sections (.text.unnamed, .text.shared) to no object
	@# ("ob=???"), so a profile of a binary linked with the script would drop
	@# them from the next script (measured: 24 of 40 shared names lost, idle
	@# VmRSS 10.5 -> 11.6 MiB). Only the link differs (same objects).
	rm -f $(RELEASEDIR)/keymenu
	$(SWIFT) build $(RELEASE_FLAGS_WITHOUT_SCRIPT) --product keymenu
	@$(MULTICALL_LINKS)
	BIN=$(RELEASEDIR) scripts/link-order.sh
	@# SwiftPM does not see the list: the next make release links keymenu again.
	rm -f $(RELEASEDIR)/keymenu

# Manual pages (make man: $(MANOUT)) and shell completions (make completions:
# $(COMPLETIONSOUT)/{bash,zsh,fish}) from the binaries in $(RELEASEDIR), as
# make install installs them; no build of their own (the Debian build runs
# them right after make release; the tests with RELEASEDIR=.build/debug).
# - keymenud(8), keymenuctl(1), keymenu-overlay(1): scripts/man-page.py turns
#   `PROGRAM --experimental-dump-help` (the command's own help, as --help
#   prints it) into man(7). Not swift-argument-parser's generate-manual: it is
#   no product of the package, so it needs a build of its own (the tool alone:
#   11 s debug, 33 s release, with the package checkout; its GenerateManual
#   plugin instead builds every product again, in release without our flags),
#   and its mdoc fails lintian's check (groff: "mdoc warning: Empty input line"
#   for each paragraph), drops every non-ASCII character, gives keymenud a
#   `help` subcommand and a `subcommand` argument it does not have, and keeps
#   the discussion's FILES and EXIT STATUS inside DESCRIPTION. man-page.py
#   makes them sections, needs only python3 and takes 0.1 s a page.
# - keymenu.toml(5), keymenu-whiptail(1) (keymenu-dialog(1) is a .so link to
#   it), keymenu-dmenu(1), keymenu-run(1): by hand in docs/man (no
#   ArgumentParser behind them).
# - Completions: `PROGRAM --generate-completion-script SHELL` for the same
#   three; by hand in scripts/completions for the other three.
# MAN_DATE is the pages' date: SOURCE_DATE_EPOCH's (reproducible builds), else
# the last commit's.
MANOUT ?= .build/man
COMPLETIONSOUT ?= .build/completions
ARGUMENT_PARSER_PROGRAMS = keymenud keymenuctl keymenu-overlay
HAND_PAGES = keymenu.1 keymenu-ask-password.8 keymenu.toml.5 keymenu-whiptail.1 keymenu-dmenu.1 keymenu-run.1
MAN_PAGES = keymenud.8 keymenuctl.1 keymenu-overlay.1 $(HAND_PAGES) keymenu-dialog.1
COMPLETED_PROGRAMS = $(ARGUMENT_PARSER_PROGRAMS) keymenu keymenu-whiptail keymenu-dmenu keymenu-run
BASH_COMPLETIONS = $(COMPLETED_PROGRAMS)
ZSH_COMPLETIONS = $(addprefix _,$(COMPLETED_PROGRAMS))
FISH_COMPLETIONS = $(addsuffix .fish,$(COMPLETED_PROGRAMS) keymenu-dialog)
KEYMENU_VERSION = $(shell sed -n 's/.*let current = "\(.*\)".*/\1/p' Sources/KeyMenuProtocol/KeyMenuVersion.swift)
MAN_DATE ?= $(shell if [ -n "$$SOURCE_DATE_EPOCH" ]; then date -u -d "@$$SOURCE_DATE_EPOCH" +%F; \
	else git log -1 --format=%cs 2>/dev/null || date -u +%F; fi)
MANPAGE = scripts/man-page.py --date $(MAN_DATE) --source "keymenu $(KEYMENU_VERSION)" -o $(MANOUT)
man:
	@for b in $(ARGUMENT_PARSER_PROGRAMS); do test -x $(RELEASEDIR)/$$b || \
	  { echo "$(RELEASEDIR)/$$b is missing: run 'make release' first (or give RELEASEDIR=.build/debug)" >&2; exit 1; }; done
	rm -rf $(MANOUT)
	mkdir -p $(MANOUT)
	$(MANPAGE) $(RELEASEDIR)/keymenud --section 8 --see-also keymenuctl.1 keymenu.toml.5 keymenu-overlay.1 systemd.service.5
	$(MANPAGE) $(RELEASEDIR)/keymenuctl --section 1 --see-also keymenud.8 keymenu.toml.5 keymenu-overlay.1 \
	  keymenu-whiptail.1 keymenu-dmenu.1
	$(MANPAGE) $(RELEASEDIR)/keymenu-overlay --section 1 --see-also keymenud.8 keymenuctl.1 keymenu.toml.5
	cp $(addprefix docs/man/,$(HAND_PAGES)) $(MANOUT)/
	echo '.so man1/keymenu-whiptail.1' >$(MANOUT)/keymenu-dialog.1
	@echo "man -l $(MANOUT)/keymenuctl.1"

completions:
	@for b in $(ARGUMENT_PARSER_PROGRAMS); do test -x $(RELEASEDIR)/$$b || \
	  { echo "$(RELEASEDIR)/$$b is missing: run 'make release' first (or give RELEASEDIR=.build/debug)" >&2; exit 1; }; done
	rm -rf $(COMPLETIONSOUT)
	mkdir -p $(COMPLETIONSOUT)/bash $(COMPLETIONSOUT)/zsh $(COMPLETIONSOUT)/fish
	for b in $(ARGUMENT_PARSER_PROGRAMS); do \
	  $(RELEASEDIR)/$$b --generate-completion-script bash >$(COMPLETIONSOUT)/bash/$$b && \
	  $(RELEASEDIR)/$$b --generate-completion-script zsh >$(COMPLETIONSOUT)/zsh/_$$b && \
	  $(RELEASEDIR)/$$b --generate-completion-script fish >$(COMPLETIONSOUT)/fish/$$b.fish || exit 1; done
	@# bash-completion sources these files: no #!/bin/bash line (lintian's bash-completion-with-hashbang).
	sed -i '1{/^#!/d;}' $(addprefix $(COMPLETIONSOUT)/bash/,$(ARGUMENT_PARSER_PROGRAMS))
	cp scripts/completions/bash/* $(COMPLETIONSOUT)/bash/
	cp scripts/completions/zsh/* $(COMPLETIONSOUT)/zsh/
	cp scripts/completions/fish/* $(COMPLETIONSOUT)/fish/

fixtures:
	python3 Tests/Fixtures/devices/generate.py

# libFuzzer targets (Fuzz/, docs/FUZZING.md), each run FUZZ_SECONDS from its seed
# corpus; fails on a crash and names the input: make fuzz FUZZ_SECONDS=600
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= rpc-line dispatch config keys
FUZZ_BUILD ?= .build/fuzz
fuzz: deps
	SWIFT=$(SWIFT) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" FUZZ_BUILD=$(FUZZ_BUILD) scripts/fuzz.sh

format:
	swift format --in-place --recursive Sources Plugins Tests bench/Sources Fuzz/Sources

lint:
	swift format lint --strict --recursive Sources Plugins Tests bench/Sources Fuzz/Sources

clean:
	rm -rf .build

# Release binaries for install; build them as yourself, then install as root:
#   make release && sudo make install PREFIX=/usr
# The Swift runtime and FoundationEssentials are linked in statically, only the
# parts the program uses (release builds link with --gc-sections), instead of
# mapping libswiftCore, libFoundation*, ICU and the rest: each page of a mapped
# file the process touches counts in its resident memory, and the kernel maps
# up to 64 KiB around each fault. Nothing of keymenud needs Foundation itself
# (FoundationEssentials suffices), so no Foundation, CoreFoundation or ICU is
# linked. The binaries then need no
# Swift library at run time. --no-export-dynamic undoes the static runtime's
# -export-dynamic, which would put every Swift function of the program in the
# dynamic symbol table the loader maps. keymenu-bench idle, VmRSS: 29.8 MiB
# shared, 21.0 MiB static; spawn -> READY=1 median 26 ms -> 14 ms.
#
# Memory at rest (issue 17, bench/RESULTS.md): the kernel maps a binary's pages
# 64 KiB around each page a process touches, so what counts is how far apart
# the code that runs lies, more than how much there is. So:
# - every function gets a section of its own (-function-sections) and lld puts
#   those keymenud runs (linker/keymenud.order, written by make link-order from
#   a profiled run) together at the start of .text (--symbol-ordering-file),
#   with what the list cannot name placed by linker/keymenud.ld (-T, added to
#   lld's layout: see linker/README.md);
# - relative relocations are packed (-z pack-relative-relocs, glibc 2.36's
#   DT_RELR): 12 KB instead of the 1.5 MB of .rela.dyn the loader read at start;
# - symbols are bound at start (-z now: with lld's default RELRO, the GOT is
#   read-only from then on; lintian's hardening-no-bindnow): keymenud idle
#   VmRSS median of 5, 10,388 kB without, 10,488 kB with (within the noise);
# - libstdc++ (which the static Swift runtime needs) is linked in statically,
#   only its parts in use, instead of mapping libstdc++.so and its symbol tables:
#   $(STATIC_CXX) holds a link to libstdc++.a alone, searched before the
#   compiler's own directory (-L by swiftc comes first);
# - libgcc's unwinder is linked in too (-static-libgcc) rather than loading
#   libgcc_s.so.1 at every start: keymenuctl status 2.79 -> 2.55 ms p50 and
#   the first box 4.84 -> 4.67 ms (80 and 40 alternating runs), 24 KB more.
# keymenud idle, no device, VmRSS: 20.2 MiB -> 13.8 MiB (two threads both).
RELEASE_FLAGS_WITHOUT_SCRIPT = -c release --static-swift-stdlib -Xlinker --no-export-dynamic \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
	-Xlinker --symbol-ordering-file=$(LINK_ORDER) -Xlinker --no-warn-symbol-ordering \
	-Xlinker -z -Xlinker pack-relative-relocs -Xlinker -z -Xlinker now -Xswiftc -L$(STATIC_CXX) \
	-Xswiftc -Xclang-linker -Xswiftc -static-libgcc
RELEASE_FLAGS = $(RELEASE_FLAGS_WITHOUT_SCRIPT) -Xlinker -T -Xlinker $(LINK_SCRIPT)
# keymenud, keymenuctl and the drop-ins are one binary, keymenu (Sources/keymenu),
# which runs the program its name (argv[0]) names: make release and make install
# link each name to it. One copy of the Swift and C++ runtimes, FoundationEssentials
# and the protocol on disk: 24 MB stripped for all five names, against 50 MB in
# three binaries (keymenud 22.7, keymenuctl 17.2, keymenu-whiptail 10.5).
# keymenu-overlay (its own package, with GTK) stays a binary of its own.
MULTICALL_PROGRAMS = keymenud keymenuctl keymenu-whiptail keymenu-dialog keymenu-dmenu
MULTICALL_LINKS = for n in $(MULTICALL_PROGRAMS); do ln -sfn keymenu $(RELEASEDIR)/$$n || exit 1; done
release: deps $(STATIC_CXX)/libstdc++.a
	$(SWIFT) build $(RELEASE_FLAGS) --product keymenu
	$(SWIFT) build $(RELEASE_FLAGS) --product keymenu-overlay
	@$(MULTICALL_LINKS)
	@# Foundation brings CoreFoundation and ICU's data: keymenuctl with one
	@# FileHandle in it was 61 MB stripped, 17 MB without.
	@for b in keymenu keymenu-overlay; do ! nm $(RELEASEDIR)/$$b | grep -q ' [tT] $$s10Foundation' || \
	  { echo "error: $$b links Foundation (CoreFoundation, ICU: tens of megabytes on disk, more resident memory);" \
	    "use FoundationEssentials or Glibc (see the Makefile)" >&2; exit 1; }; done
	@# The manual pages and completions make install installs, from these binaries.
	$(MAKE) --no-print-directory man completions

# The Debian packages (debian/), built with debhelper from `make release` and
# `make install`, checked with lintian; written to $(DEB_DIR).
DEB_DIR ?= $(CURDIR)/.build/deb
DEB_PACKAGES := debhelper dpkg-dev lintian
deb: deps $(STATIC_CXX)/libstdc++.a
	@scripts/ensure-packages.sh $(DEB_PACKAGES)
	@# debian/control's Build-Depends: as root, apt-get installs what is missing.
	@dpkg-checkbuilddeps 2>/dev/null || { [ "$$(id -u)" = 0 ] && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -qq ./; } || \
	  dpkg-checkbuilddeps
	@v=$$(dpkg-parsechangelog -S Version); upstream=$${v%-*}; \
	  code=$$(sed -n 's/.*current = "\(.*\)"/\1/p' Sources/KeyMenuProtocol/KeyMenuVersion.swift); \
	  [ "$$upstream" = "$$code" ] || { echo "debian/changelog says $$v, KeyMenuVersion.current $$code: add a changelog entry (dch -v $$code-1)" >&2; exit 1; }
	rm -rf $(DEB_DIR) && mkdir -p $(DEB_DIR)
	debian/rules clean
	debian/rules build
	debian/rules binary DEB_DESTDIR=$(DEB_DIR)
	lintian --fail-on error,warning --display-info $(DEB_DIR)/*.deb
	@ls -l $(DEB_DIR)/*.deb

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DOCDIR ?= $(PREFIX)/share/doc/keymenu
ifeq ($(PREFIX),/usr)
SYSTEMDUNITDIR ?= /lib/systemd/system
else
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
endif
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
# keymenu-overlay's user unit (systemd looks in /usr/lib and /usr/local/lib) and
# its XDG autostart entry (desktops read /etc/xdg/autostart whatever PREFIX is).
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
AUTOSTARTDIR ?= /etc/xdg/autostart
# polkitd reads rules from /usr/share/polkit-1/rules.d and /etc/polkit-1/rules.d
# only, whatever PREFIX is.
POLKITRULESDIR ?= /usr/share/polkit-1/rules.d
RELEASEDIR ?= .build/release
# Manual pages (man1, man5, man8 below it) and shell completions where bash-completion, zsh
# and fish look for them: Debian's vendor directories under /usr, the site ones elsewhere.
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ifeq ($(PREFIX),/usr)
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/vendor-completions
else
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
endif
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
# whiptail, dialog and dmenu links to keymenu's compatible commands, for
# keymenu-run and PATH=$(COMPATDIR):$$PATH; never in BINDIR, never over the
# system's own programs.
COMPATDIR ?= $(PREFIX)/lib/keymenu/compat
# The units name /usr/local paths; installed copies name the real ones.
UNITSED = -e 's|/usr/local/bin|$(BINDIR)|g' -e 's|/usr/local/share/doc/keymenu|$(DOCDIR)|g' \
	-e 's|/usr/local/lib/keymenu|$(PREFIX)/lib/keymenu|g'

install:
	@for b in keymenu keymenu-overlay; do test -x $(RELEASEDIR)/$$b || \
	  { echo "$(RELEASEDIR)/$$b is missing: run 'make release' first" >&2; exit 1; }; done
	@for f in $(addprefix $(MANOUT)/,$(MAN_PAGES)) $(addprefix $(COMPLETIONSOUT)/bash/,$(BASH_COMPLETIONS)) \
	  $(addprefix $(COMPLETIONSOUT)/zsh/,$(ZSH_COMPLETIONS)) $(addprefix $(COMPLETIONSOUT)/fish/,$(FISH_COMPLETIONS)); do \
	  test -f $$f || { echo "$$f is missing: run 'make man completions' (after make release) first" >&2; exit 1; }; done
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(SYSTEMDUNITDIR) $(DESTDIR)$(SYSUSERSDIR) \
	  $(DESTDIR)$(DOCDIR)/systemd $(DESTDIR)/etc/keymenu/conf.d
	install -m 0755 $(RELEASEDIR)/keymenu $(RELEASEDIR)/keymenu-overlay $(DESTDIR)$(BINDIR)/
	for n in $(MULTICALL_PROGRAMS); do ln -sf keymenu $(DESTDIR)$(BINDIR)/$$n || exit 1; done
	@case "$(COMPATDIR)" in $(BINDIR)|/usr/bin|/bin|/usr/local/bin) \
	  echo "COMPATDIR=$(COMPATDIR) would put links over the system's whiptail/dialog/dmenu" >&2; exit 1;; esac
	sed 's|@COMPATDIR@|$(COMPATDIR)|' scripts/keymenu-run >$(DESTDIR)$(BINDIR)/keymenu-run
	chmod 0755 $(DESTDIR)$(BINDIR)/keymenu-run
	install -d $(DESTDIR)$(COMPATDIR)
	ln -sf $(BINDIR)/keymenu-whiptail $(DESTDIR)$(COMPATDIR)/whiptail
	ln -sf $(BINDIR)/keymenu-dialog $(DESTDIR)$(COMPATDIR)/dialog
	ln -sf $(BINDIR)/keymenu-dmenu $(DESTDIR)$(COMPATDIR)/dmenu
	install -d $(DESTDIR)$(USERUNITDIR) $(DESTDIR)$(AUTOSTARTDIR)
	sed $(UNITSED) systemd/user/keymenu-overlay.service >$(DESTDIR)$(USERUNITDIR)/keymenu-overlay.service
	sed $(UNITSED) systemd/xdg/keymenu-overlay.desktop >$(DESTDIR)$(AUTOSTARTDIR)/keymenu-overlay.desktop
	chmod 0644 $(DESTDIR)$(USERUNITDIR)/keymenu-overlay.service $(DESTDIR)$(AUTOSTARTDIR)/keymenu-overlay.desktop
	sed $(UNITSED) systemd/keymenud.service >$(DESTDIR)$(SYSTEMDUNITDIR)/keymenud.service
	sed $(UNITSED) systemd/keymenud.socket >$(DESTDIR)$(SYSTEMDUNITDIR)/keymenud.socket
	chmod 0644 $(DESTDIR)$(SYSTEMDUNITDIR)/keymenud.service $(DESTDIR)$(SYSTEMDUNITDIR)/keymenud.socket
	@# The password agent (keymenu-ask-password(8)): run by its units, as root, so
	@# not on PATH; the .path unit starts it when systemd has a question.
	install -d $(DESTDIR)$(PREFIX)/lib/keymenu
	ln -sf $(BINDIR)/keymenu $(DESTDIR)$(PREFIX)/lib/keymenu/keymenu-ask-password
	for u in keymenu-ask-password.path keymenu-ask-password.service; do \
	  sed $(UNITSED) systemd/$$u >$(DESTDIR)$(SYSTEMDUNITDIR)/$$u && chmod 0644 $(DESTDIR)$(SYSTEMDUNITDIR)/$$u || exit 1; done
	install -m 0644 systemd/sysusers.d/keymenu.conf $(DESTDIR)$(SYSUSERSDIR)/keymenu.conf
	install -d $(DESTDIR)$(POLKITRULESDIR)
	install -m 0644 systemd/polkit/50-keymenu-power.rules $(DESTDIR)$(POLKITRULESDIR)/50-keymenu-power.rules
	install -m 0644 README.md $(wildcard docs/*.md) $(DESTDIR)$(DOCDIR)/
	install -m 0644 systemd/README.md systemd/keymenud.service.d/commands.conf.example $(DESTDIR)$(DOCDIR)/systemd/
	install -d $(DESTDIR)$(DOCDIR)/examples
	install -m 0644 examples/keymenu.toml $(DESTDIR)$(DOCDIR)/examples/keymenu.toml
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man8
	for p in $(MAN_PAGES); do install -m 0644 $(MANOUT)/$$p $(DESTDIR)$(MANDIR)/man$${p##*.}/$$p || exit 1; done
	install -d $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 0644 $(addprefix $(COMPLETIONSOUT)/bash/,$(BASH_COMPLETIONS)) $(DESTDIR)$(BASHCOMPDIR)/
	ln -sf keymenu-whiptail $(DESTDIR)$(BASHCOMPDIR)/keymenu-dialog
	install -m 0644 $(addprefix $(COMPLETIONSOUT)/zsh/,$(ZSH_COMPLETIONS)) $(DESTDIR)$(ZSHCOMPDIR)/
	install -m 0644 $(addprefix $(COMPLETIONSOUT)/fish/,$(FISH_COMPLETIONS)) $(DESTDIR)$(FISHCOMPDIR)/
	@# The installed configuration is the short, safe one (no warnings at start);
	@# the example using every feature goes with the documentation.
	@if [ -e $(DESTDIR)/etc/keymenu/keymenu.toml ]; then echo "keeping $(DESTDIR)/etc/keymenu/keymenu.toml"; \
	else echo "install -m 0644 systemd/keymenu.toml $(DESTDIR)/etc/keymenu/keymenu.toml"; \
	  install -m 0644 systemd/keymenu.toml $(DESTDIR)/etc/keymenu/keymenu.toml; fi
	@echo "next: systemd-sysusers $(SYSUSERSDIR)/keymenu.conf && systemctl daemon-reload && systemctl enable --now keymenud.socket keymenud.service"

# Leaves /etc/keymenu (your configuration) and the keymenu user and groups.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/keymenu $(DESTDIR)$(BINDIR)/keymenu-overlay
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(MULTICALL_PROGRAMS) keymenu-run)
	rm -f $(DESTDIR)$(COMPATDIR)/whiptail $(DESTDIR)$(COMPATDIR)/dialog $(DESTDIR)$(COMPATDIR)/dmenu
	rm -f $(DESTDIR)$(PREFIX)/lib/keymenu/keymenu-ask-password
	rm -f $(DESTDIR)$(SYSTEMDUNITDIR)/keymenu-ask-password.path $(DESTDIR)$(SYSTEMDUNITDIR)/keymenu-ask-password.service
	-rmdir $(DESTDIR)$(COMPATDIR) $(DESTDIR)$(PREFIX)/lib/keymenu 2>/dev/null
	rm -f $(DESTDIR)$(USERUNITDIR)/keymenu-overlay.service $(DESTDIR)$(AUTOSTARTDIR)/keymenu-overlay.desktop
	rm -f $(DESTDIR)$(SYSTEMDUNITDIR)/keymenud.service $(DESTDIR)$(SYSTEMDUNITDIR)/keymenud.socket
	rm -f $(DESTDIR)$(SYSUSERSDIR)/keymenu.conf
	for p in $(MAN_PAGES); do rm -f $(DESTDIR)$(MANDIR)/man$${p##*.}/$$p; done
	rm -f $(addprefix $(DESTDIR)$(BASHCOMPDIR)/,$(BASH_COMPLETIONS) keymenu-dialog)
	rm -f $(addprefix $(DESTDIR)$(ZSHCOMPDIR)/,$(ZSH_COMPLETIONS)) $(addprefix $(DESTDIR)$(FISHCOMPDIR)/,$(FISH_COMPLETIONS))
	rm -f $(DESTDIR)$(POLKITRULESDIR)/50-keymenu-power.rules
	rm -f $(DESTDIR)$(DOCDIR)/README.md $(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(wildcard docs/*.md)))
	rm -f $(DESTDIR)$(DOCDIR)/systemd/README.md $(DESTDIR)$(DOCDIR)/systemd/commands.conf.example
	rm -f $(DESTDIR)$(DOCDIR)/examples/keymenu.toml
	-rmdir $(DESTDIR)$(DOCDIR)/systemd $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(DOCDIR)
