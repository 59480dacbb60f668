#define _GNU_SOURCE
#include "keymenu_runtime.h"

#include <pthread.h>
#include <stddef.h>

/* swift/Runtime/Concurrency.h: a pointer to a swiftcall function, null until
   someone installs one; only its storage is used here. */
extern void *swift_task_enqueueGlobal_hook;

bool keymenu_install_enqueue_global_hook(const void *hook) {
  void *expected = NULL;
  return __atomic_compare_exchange_n(&swift_task_enqueueGlobal_hook, &expected, (void *)hook, false,
                                     __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

int keymenu_set_thread_name(const char *name) { return pthread_setname_np(pthread_self(), name); }
