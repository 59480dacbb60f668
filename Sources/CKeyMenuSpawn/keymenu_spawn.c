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
#include <unistd.h>

pid_t keymenu_spawn_as(const char *path, char *const argv[], char *const envp[], uid_t uid, gid_t gid) {
  pid_t pid = fork();
  if (pid < 0) return -errno;
  if (pid > 0) return pid;

  setsid();
  int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null >= 0) dup2(null, 0);
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
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  for (int sig = 1; sig < 32; sig++) signal(sig, SIG_DFL);
  execve(path, argv, envp);
  _exit(127);
}
