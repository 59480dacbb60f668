#define _GNU_SOURCE
#include "keymenu_runtime.h"

#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>

/* swift/Runtime/Concurrency.h: a pointer to a swiftcall function, null until
   someone installs one; only its storage is used here. */
extern void *swift_task_enqueueGlobal_hook;

bool keymenu_install_enqueue_global_hook(const void *hook) {
  void *expected = NULL;
  return __atomic_compare_exchange_n(&swift_task_enqueueGlobal_hook, &expected, (void *)hook, false,
                                     __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

int keymenu_set_thread_name(const char *name) { return pthread_setname_np(pthread_self(), name); }

int keymenu_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

int keymenu_signalfd(unsigned long long mask) {
  sigset_t set;
  sigemptyset(&set);
  for (int sig = 1; sig < 64; sig++)
    if (mask & (1ULL << (sig - 1))) sigaddset(&set, sig);
  if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0) return -1;
  return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

int keymenu_malloc_trim(void) { return malloc_trim(0); }
