#ifndef KEYMENU_CLIBEVDEV_SHIM_H
#define KEYMENU_CLIBEVDEV_SHIM_H

#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>
#include <sys/ioctl.h>
#include <sys/inotify.h>
#include <signal.h>
#include <pthread.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>

/* Function-like macros and macro constants that Swift cannot import. */

static inline unsigned long keymenu_eviocgrab(void) { return EVIOCGRAB; }
static inline unsigned long keymenu_eviocgversion(void) { return EVIOCGVERSION; }

static inline int keymenu_key_max(void) { return KEY_MAX; }
static inline int keymenu_read_flag_normal(void) { return LIBEVDEV_READ_FLAG_NORMAL; }
static inline int keymenu_read_flag_sync(void) { return LIBEVDEV_READ_FLAG_SYNC; }
static inline int keymenu_read_flag_blocking(void) { return LIBEVDEV_READ_FLAG_BLOCKING; }
static inline int keymenu_read_status_success(void) { return LIBEVDEV_READ_STATUS_SUCCESS; }
static inline int keymenu_read_status_sync(void) { return LIBEVDEV_READ_STATUS_SYNC; }

/* Opens a path for reading the way keymenu opens every device. */
static inline int keymenu_open_device(const char *path) {
  return open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
}

/* inotify_init1 flags are macros in some libc versions. */
static inline int keymenu_inotify_init(void) {
  return inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
}

#endif
