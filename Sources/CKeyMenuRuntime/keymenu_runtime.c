#define _GNU_SOURCE
#include "keymenu_runtime.h"

#include <link.h>
#include <malloc.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <errno.h>
#include <unistd.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
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

struct keymenu_code_release {
  uintptr_t page_size;
  size_t ranges;
  size_t bytes;
};

/* Whether the object's code was patched at load time (text relocations:
   its read-only segments were written, and their pages are its own). */
static bool keymenu_has_text_relocations(const struct dl_phdr_info *info) {
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
    if (info->dlpi_phdr[i].p_type != PT_DYNAMIC) continue;
    for (const ElfW(Dyn) *entry = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
         entry->d_tag != DT_NULL; entry++) {
      if (entry->d_tag == DT_TEXTREL) return true;
      if (entry->d_tag == DT_FLAGS && (entry->d_un.d_val & DF_TEXTREL)) return true;
    }
  }
  return false;
}

/* One loaded object: every page wholly inside one of its read-only
   segments. Called by dl_iterate_phdr with the loader's lock held, so no
   object can be unloaded (and its range reused) while it is advised. */
static int keymenu_release_object(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  struct keymenu_code_release *release = data;
  /* The vDSO is the kernel's special mapping, not a file's pages. */
  if (info->dlpi_name && strncmp(info->dlpi_name, "linux-", 6) == 0) return 0;
  if (keymenu_has_text_relocations(info)) return 0;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
    /* A writable segment holds the relocated data (RELRO included: it is
       made read-only only after relocation, inside a PF_W segment), .data
       and .bss: its pages are the process's own, not the file's, and
       MADV_DONTNEED would bring back the file's bytes. */
    if (segment->p_type != PT_LOAD || (segment->p_flags & PF_W)) continue;
    uintptr_t start = info->dlpi_addr + segment->p_vaddr;
    uintptr_t end = start + segment->p_memsz;
    start = (start + release->page_size - 1) & ~(release->page_size - 1);
    end &= ~(release->page_size - 1);
    if (end <= start) continue;
    if (madvise((void *)start, end - start, MADV_DONTNEED) == 0) {
      release->ranges++;
      release->bytes += end - start;
    }
  }
  return 0;
}

size_t keymenu_release_code_pages(size_t *bytes) {
  struct keymenu_code_release release = {(uintptr_t)sysconf(_SC_PAGESIZE), 0, 0};
  dl_iterate_phdr(keymenu_release_object, &release);
  if (bytes) *bytes = release.bytes;
  return release.ranges;
}

int keymenu_disable_core_dumps(void) {
  struct rlimit none = {0, 0};
  (void)setrlimit(RLIMIT_CORE, &none);
  return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0 ? 0 : errno;
}

int keymenu_set_mmap_threshold(int bytes) {
  return mallopt(M_MMAP_THRESHOLD, bytes);
}
