#include "keymenu_systemd_bus.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/eventfd.h>
#include <time.h>

/* The functions used, as pointers of the header's own types. */
#define SD_BUS_FUNCTIONS(X)                                                                                          \
  X(sd_bus_new) X(sd_bus_set_address) X(sd_bus_set_bus_client) X(sd_bus_start) X(sd_bus_close_unref)                \
  X(sd_bus_process) X(sd_bus_flush) X(sd_bus_send) X(sd_bus_get_fd) X(sd_bus_get_events) X(sd_bus_get_timeout)      \
  X(sd_bus_message_new_method_call) X(sd_bus_message_unref) X(sd_bus_message_append_basic)                          \
  X(sd_bus_message_open_container) X(sd_bus_message_close_container) X(sd_bus_message_get_type)                     \
  X(sd_bus_message_get_reply_cookie) X(sd_bus_message_get_error) X(sd_bus_message_get_interface)                    \
  X(sd_bus_message_get_member) X(sd_bus_message_get_sender) X(sd_bus_message_peek_type)                             \
  X(sd_bus_message_read_basic)
#define POINTER(name) __typeof__(name) *name;

static struct { SD_BUS_FUNCTIONS(POINTER) } sd;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    snprintf(failure, sizeof failure, "%s", dlerror());
    return;
  }
#define X(name)                                                                                                      \
  if (!(sd.name = (__typeof__(sd.name))dlsym(library, #name))) {                                                     \
    snprintf(failure, sizeof failure, "%s", dlerror());                                                              \
    return;                                                                                                          \
  }
  SD_BUS_FUNCTIONS(X)
#undef X
}

const char *keymenu_sd_bus_load(void) {
  pthread_once(&once, load);
  return failure[0] ? failure : NULL;
}

int keymenu_sd_bus_new(sd_bus **bus) { return sd.sd_bus_new(bus); }

int keymenu_sd_bus_set_address(sd_bus *bus, const char *address) { return sd.sd_bus_set_address(bus, address); }

int keymenu_sd_bus_set_bus_client(sd_bus *bus, int b) { return sd.sd_bus_set_bus_client(bus, b); }

int keymenu_sd_bus_start(sd_bus *bus) { return sd.sd_bus_start(bus); }

sd_bus *keymenu_sd_bus_close_unref(sd_bus *bus) { return sd.sd_bus_close_unref(bus); }

int keymenu_sd_bus_process(sd_bus *bus, sd_bus_message **r) { return sd.sd_bus_process(bus, r); }

int keymenu_sd_bus_flush(sd_bus *bus) { return sd.sd_bus_flush(bus); }

int keymenu_sd_bus_send(sd_bus *bus, sd_bus_message *m, uint64_t *cookie) { return sd.sd_bus_send(bus, m, cookie); }

int keymenu_sd_bus_message_new_method_call(sd_bus *bus, sd_bus_message **m, const char *destination,
                                           const char *path, const char *interface, const char *member) {
  return sd.sd_bus_message_new_method_call(bus, m, destination, path, interface, member);
}

sd_bus_message *keymenu_sd_bus_message_unref(sd_bus_message *m) { return sd.sd_bus_message_unref(m); }

int keymenu_sd_bus_message_append_basic(sd_bus_message *m, char type, const void *p) {
  return sd.sd_bus_message_append_basic(m, type, p);
}

int keymenu_sd_bus_message_open_container(sd_bus_message *m, char type, const char *contents) {
  return sd.sd_bus_message_open_container(m, type, contents);
}

int keymenu_sd_bus_message_close_container(sd_bus_message *m) { return sd.sd_bus_message_close_container(m); }

int keymenu_sd_bus_message_get_type(sd_bus_message *m, uint8_t *type) { return sd.sd_bus_message_get_type(m, type); }

int keymenu_sd_bus_message_get_reply_cookie(sd_bus_message *m, uint64_t *cookie) {
  return sd.sd_bus_message_get_reply_cookie(m, cookie);
}

const sd_bus_error *keymenu_sd_bus_message_get_error(sd_bus_message *m) { return sd.sd_bus_message_get_error(m); }

const char *keymenu_sd_bus_message_get_interface(sd_bus_message *m) { return sd.sd_bus_message_get_interface(m); }

const char *keymenu_sd_bus_message_get_member(sd_bus_message *m) { return sd.sd_bus_message_get_member(m); }

const char *keymenu_sd_bus_message_get_sender(sd_bus_message *m) { return sd.sd_bus_message_get_sender(m); }

int keymenu_sd_bus_message_peek_type(sd_bus_message *m, char *type, const char **contents) {
  return sd.sd_bus_message_peek_type(m, type, contents);
}

int keymenu_sd_bus_message_read_basic(sd_bus_message *m, char type, void *p) {
  return sd.sd_bus_message_read_basic(m, type, p);
}

/* Milliseconds until the bus wants attention without I/O (an authentication
   or reply deadline), for poll(2): -1 for none. */
static int timeout_ms(sd_bus *bus) {
  uint64_t deadline = UINT64_MAX;
  if (bus == NULL || sd.sd_bus_get_timeout(bus, &deadline) < 0 || deadline == UINT64_MAX) return -1;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  uint64_t now_usec = (uint64_t)now.tv_sec * 1000000u + (uint64_t)now.tv_nsec / 1000u;
  if (deadline <= now_usec) return 0;
  uint64_t ms = (deadline - now_usec + 999u) / 1000u;
  return ms > INT_MAX ? INT_MAX : (int)ms;
}

int keymenu_bus_wait(sd_bus *bus, int wake_fd) {
  struct pollfd fds[2] = {{.fd = wake_fd, .events = POLLIN}, {.fd = -1}};
  if (bus != NULL) {
    int events = sd.sd_bus_get_events(bus);
    int fd = sd.sd_bus_get_fd(bus);
    if (events > 0 && fd >= 0) {
      fds[1].fd = fd;
      fds[1].events = (short)events;
    }
  }
  int ready = poll(fds, 2, timeout_ms(bus));
  if (ready < 0) return errno == EINTR ? 0 : -errno;
  if (fds[0].revents & POLLIN) {
    eventfd_t ignored;
    (void)eventfd_read(wake_fd, &ignored);
  }
  return 0;
}
