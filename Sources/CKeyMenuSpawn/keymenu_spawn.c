/* Written in C because Swift cannot safely run code between fork() and
   exec() (only async-signal-safe calls are allowed there), and neither
   posix_spawn nor swift-subprocess can drop supplementary groups, group and
   user in the order a privilege drop needs before exec. */
#define _GNU_SOURCE
#include "keymenu_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

pid_t keymenu_spawn_with_fds(const char *path, char *const argv[], char *const envp[], uid_t uid, gid_t gid,
                             int stdin_fd, int stdout_fd, int stderr_fd, int fd3) {
  pid_t pid = fork();
  if (pid < 0) return -errno;
  if (pid > 0) return pid;

  setsid();
  if (stdin_fd < 0) stdin_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (stdin_fd >= 0 && stdin_fd != 0) dup2(stdin_fd, 0);
  if (stdout_fd >= 0 && stdout_fd != 1) dup2(stdout_fd, 1);
  if (stderr_fd >= 0 && stderr_fd != 2) dup2(stderr_fd, 2);
  /* dup2 clears close-on-exec on the copy; a descriptor already at 3 keeps
     its flag, so clear it there. */
  if (fd3 >= 0 && fd3 != 3) dup2(fd3, 3);
  if (fd3 == 3) fcntl(3, F_SETFD, 0);
  /* Nothing else of the daemon's (input devices, sockets) may reach the
     child, even a descriptor someone forgot to mark close-on-exec. */
  syscall(SYS_close_range, fd3 >= 0 ? 4U : 3U, ~0U, 0U);
  /* Supplementary groups must go (the daemon's include `input`, which
     reads every keystroke); without CAP_SETGID that is only fine when
     there is nothing to drop. */
  gid_t only[1] = {gid};
  if (setgroups(1, only) != 0) {
    gid_t current[64];
    int count = getgroups(64, current);
    if (count < 0 || count > 1 || (count == 1 && current[0] != gid)) _exit(126);
  }
  if (getgid() != gid || getegid() != gid) {
    if (setresgid(gid, gid, gid) != 0) _exit(126);
  }
  if (getuid() != uid || geteuid() != uid) {
    if (setresuid(uid, uid, uid) != 0) _exit(126);
  }
  if (getuid() == 0 || geteuid() == 0) _exit(126);
  /* Under systemd's commands drop-in the daemon holds CAP_SETUID and
     CAP_SETGID as ambient capabilities. Those survive a change between two
     users that are not root, and execve: the command would start with both
     (and could make itself root). Clear them; with no ambient set (and
     no_new_privs or no file capabilities) the program gets none. EINVAL: a
     kernel without ambient capabilities, so there are none to clear. */
  if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL) _exit(126);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  for (int sig = 1; sig < 32; sig++) signal(sig, SIG_DFL);
  execve(path, argv, envp);
  _exit(127);
}

pid_t keymenu_spawn_as(const char *path, char *const argv[], char *const envp[], uid_t uid, gid_t gid) {
  return keymenu_spawn_with_fds(path, argv, envp, uid, gid, -1, -1, -1, -1);
}

int keymenu_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC) == 0 ? 0 : -errno; }

int keymenu_socketpair_cloexec(int fds[2]) {
  return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0 ? 0 : -errno;
}
