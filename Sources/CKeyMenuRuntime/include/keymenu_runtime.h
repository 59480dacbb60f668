#ifndef KEYMENU_RUNTIME_H
#define KEYMENU_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/signalfd.h>

/* Makes `hook` (a Swift `@convention(thin)` function: job, original
   enqueue) the Swift runtime's swift_task_enqueueGlobal_hook, so every job
   for the global concurrent executor goes to it instead of libdispatch. The
   hook is a variable of libswift_Concurrency; it is referenced here at link
   time, not looked up with dlsym as NIO's
   unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor
   does: in a binary with a static Swift runtime (make release) the runtime's
   symbols are not exported and dlsym finds nothing. False if a hook was
   already installed. */
bool keymenu_install_enqueue_global_hook(const void *hook);

/* pthread_setname_np(pthread_self(), name), which Swift's Glibc module does
   not declare (it needs _GNU_SOURCE): 0, or an errno (ERANGE past 15 bytes). */
int keymenu_set_thread_name(const char *name);

/* A non-blocking, close-on-exec eventfd (counter 0), or -1 with errno. */
int keymenu_eventfd(void);

/* Blocks the signals in `mask` (bit n-1 for signal n) in this thread and
   returns a non-blocking, close-on-exec signalfd that reads them, or -1 with
   errno. */
int keymenu_signalfd(unsigned long long mask);

/* Keeps this process out of core dumps and of other processes of its user:
   prctl(PR_SET_DUMPABLE, 0) (no core file, no core handed to a
   core_pattern pipe, no ptrace or /proc/PID/mem by the same uid; reset by
   execve, so children are unaffected) and RLIMIT_CORE 0. 0, or the errno of
   the prctl. */
int keymenu_disable_core_dumps(void);

/* mallopt(M_MMAP_THRESHOLD, bytes): allocations of at least `bytes` get
   pages of their own (mmap), given back to the kernel when freed, and the
   threshold no longer rises by itself (glibc raises it to the size of each
   mapped chunk freed, up to 32 MiB, so that after a burst of large requests
   they are carved from the heap and fragment it). 1 on success. */
int keymenu_set_mmap_threshold(int bytes);

/* glibc's malloc_trim(0): gives the free memory of every arena back to the
   kernel (the free pages inside each heap with MADV_DONTNEED, the free top
   of each heap unmapped). 1 if some memory was released, 0 if none could be. */
int keymenu_malloc_trim(void);

/* Drops this process's mappings of the pages of every loaded object's
   read-only segments (code, read-only data; never a writable segment, so
   nothing relocated or written) with madvise(MADV_DONTNEED): the pages stay
   in the page cache, and the next touch maps them again with a minor fault.
   Only whole pages inside a segment. The number of ranges advised, and in
   `bytes` (if not null) their length (address space, resident or not). */
size_t keymenu_release_code_pages(size_t *bytes);

#endif
