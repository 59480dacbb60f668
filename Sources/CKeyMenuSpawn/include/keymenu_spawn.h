#ifndef KEYMENU_SPAWN_H
#define KEYMENU_SPAWN_H

#include <sys/types.h>

/* Starts `path` with `argv` and `envp` as user `uid` and group `gid`, in a
   new session, stdin from /dev/null, every signal unblocked. Returns the
   child's pid, or -errno if fork failed. The child exits 126 if it cannot
   drop to the user (or would still be root), 127 if exec fails. */
pid_t keymenu_spawn_as(const char *path, char *const argv[], char *const envp[], uid_t uid, gid_t gid);

#endif
