#!/bin/sh
# run.sh DIR WHIPTAIL KEYMENU_RUN SCRIPT [ARGS...]
#
# Runs a package's maintainer script the way dpkg does, under debconf's
# dialog frontend (DEBIAN_FRONTEND=dialog), by KEYMENU_RUN (scripts/keymenu-run)
# with DIR/compat first on PATH, where whiptail is a link to WHIPTAIL
# (keymenu-whiptail, or the real one). Run it on a terminal (tmux).
# SCRIPT is keymenu-test.postinst configure (the pretend package here:
# debconf's frontend loads keymenu-test.templates and runs
# keymenu-test.config first), or a NAME.config beside its NAME.templates.
#
# The debconf databases are private: DIR/debconf.conf (DEBCONF_SYSTEMRC)
# puts the config, passwords and templates databases under DIR/debconf/,
# and the variables that could point debconf elsewhere are unset, so the
# system's /var/cache/debconf is never read or written.
#
# Leaves: DIR/answers (what keymenu-test.postinst read back with db_get),
# DIR/debconf.err (debconf's stderr), DIR/debconf.status (the exit status,
# written last). KEYMENU_DEBCONF_GATE is passed on to the config script.
set -u
dir=$1 whiptail=$2 run=$3
shift 3
mkdir -p "$dir/compat" "$dir/debconf"
ln -sf "$whiptail" "$dir/compat/whiptail"
cat >"$dir/debconf.conf" <<CONF
Config: configdb
Templates: templatedb

Name: config
Driver: File
Mode: 644
Reject-Type: password
Filename: $dir/debconf/config.dat

Name: passwords
Driver: File
Mode: 600
Backup: false
Required: false
Accept-Type: password
Filename: $dir/debconf/passwords.dat

Name: configdb
Driver: Stack
Stack: config, passwords

Name: templatedb
Driver: File
Mode: 644
Filename: $dir/debconf/templates.dat
CONF
env -u DEBCONF_DB_REPLACE -u DEBCONF_DB_OVERRIDE -u DEBCONF_DB_FALLBACK -u DEBIAN_HAS_FRONTEND \
	-u DEBCONF_REDIR -u DEBCONF_FRONTEND -u DEBCONF_PACKAGE -u DEBCONF_FORCE_DIALOG -u DPKG_ROOT \
	-u LINES -u COLUMNS \
	DEBCONF_SYSTEMRC="$dir/debconf.conf" DEBIAN_FRONTEND=dialog DEBIAN_PRIORITY=high \
	KEYMENU_COMPAT_DIR="$dir/compat" KEYMENU_DEBCONF_ANSWERS="$dir/answers" \
	"$run" "$@" 2>"$dir/debconf.err"
echo $? >"$dir/debconf.status"
