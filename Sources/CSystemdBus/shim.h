#ifndef KEYMENU_CSYSTEMDBUS_SHIM_H
#define KEYMENU_CSYSTEMDBUS_SHIM_H

#include <systemd/sd-bus.h>
#include <sys/eventfd.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Milliseconds until the bus wants attention without I/O (an authentication
   or reply deadline), for poll(2): -1 for none. */
static inline int keymenu_bus_timeout_ms(sd_bus *bus) {
  uint64_t deadline = UINT64_MAX;
  if (bus == NULL || sd_bus_get_timeout(bus, &deadline) < 0 || deadline == UINT64_MAX) return -1;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  uint64_t now_usec = (uint64_t)now.tv_sec * 1000000u + (uint64_t)now.tv_nsec / 1000u;
  if (deadline <= now_usec) return 0;
  uint64_t ms = (deadline - now_usec + 999u) / 1000u;
  return ms > INT_MAX ? INT_MAX : (int)ms;
}

/* Waits until the bus is ready for what it wants (bus may be NULL: only the
   eventfd counts), the eventfd is signalled (then drained), or the bus's
   deadline passes. Returns 0 or -errno; an interrupted wait returns 0. */
static inline int keymenu_bus_wait(sd_bus *bus, int wake_fd) {
  struct pollfd fds[2] = {{.fd = wake_fd, .events = POLLIN}, {.fd = -1}};
  if (bus != NULL) {
    int events = sd_bus_get_events(bus);
    int fd = sd_bus_get_fd(bus);
    if (events > 0 && fd >= 0) {
      fds[1].fd = fd;
      fds[1].events = (short)events;
    }
  }
  int ready = poll(fds, 2, keymenu_bus_timeout_ms(bus));
  if (ready < 0) return errno == EINTR ? 0 : -errno;
  if (fds[0].revents & POLLIN) {
    eventfd_t ignored;
    (void)eventfd_read(wake_fd, &ignored);
  }
  return 0;
}

#endif
