#ifndef KEYMENU_SPAWN_H
#define KEYMENU_SPAWN_H

#include <sys/types.h>

/* Starts `path` with `argv` and `envp` as user `uid` and group `gid`, in a
   new session, every signal unblocked, every descriptor above 2 closed.
   Standard input, output and error become `stdin_fd`, `stdout_fd` and
   `stderr_fd` (stdin: /dev/null when negative; output and error: the
   daemon's own when negative), and descriptor 3 becomes `fd3` when it is
   not negative (a connection to keymenud, KEYMENU_FD=3). Returns the
   child's pid, or -errno if fork failed. The child exits 126 if it cannot
   drop to the user (or would still be root), 127 if exec fails. */
pid_t keymenu_spawn_with_fds(const char *path, char *const argv[], char *const envp[], uid_t uid, gid_t gid,
                             int stdin_fd, int stdout_fd, int stderr_fd, int fd3);

/* keymenu_spawn_with_fds with stdin from /dev/null and the daemon's output and error. */
pid_t keymenu_spawn_as(const char *path, char *const argv[], char *const envp[], uid_t uid, gid_t gid);

/* pipe2(fds, O_CLOEXEC): 0, or -errno. */
int keymenu_pipe_cloexec(int fds[2]);

/* socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC): 0, or -errno. */
int keymenu_socketpair_cloexec(int fds[2]);

#endif
