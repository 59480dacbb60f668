/*
 * key-line: the floor of the key-to-answer benchmark (bench/keys.sh,
 * keymenu-bench keys). The least a program can do between a key on an evdev
 * device and a line on a Unix socket: open the device with libevdev, listen
 * on a Unix stream socket, and for every Enter press (EV_KEY KEY_ENTER
 * value 1, the event on which keymenud answers an alert) write "answer\n" to
 * the connected client. A line from the client ("show\n") is answered with
 * "shown\n", so that the client's loop is the one it runs against keymenud
 * (show, wait until shown, key, answer) and the program is asleep in poll()
 * when the key comes, as keymenud is.
 *
 *   key-line DEVICE --socket PATH
 *
 * Started like keymenud by keymenu-bench (posix_spawn, `--socket PATH`
 * appended, NOTIFY_SOCKET set): it sends READY=1 once the device is open and
 * the socket listens, and exits 0 on SIGTERM. Nothing else: no decoding, no
 * JSON, no threads.
 *
 * Build: cc -O2 -o key-line key-line.c $(pkg-config --cflags --libs libevdev)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libevdev/libevdev.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static void on_term(int signal_number) {
  (void)signal_number;
  _exit(0);
}

static void die(const char *what, int error) {
  fprintf(stderr, "key-line: %s: %s\n", what, strerror(error));
  exit(1);
}

static struct sockaddr_un address_of(const char *path) {
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  if (strlen(path) >= sizeof address.sun_path) die(path, ENAMETOOLONG);
  strcpy(address.sun_path, path);
  return address;
}

/* READY=1 to the service manager's datagram socket, when there is one. */
static void notify_ready(void) {
  const char *path = getenv("NOTIFY_SOCKET");
  if (path == NULL || path[0] != '/') return;
  struct sockaddr_un address = address_of(path);
  int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0 || sendto(fd, "READY=1", 7, 0, (struct sockaddr *)&address, sizeof address) != 7)
    die("NOTIFY_SOCKET", errno);
  close(fd);
}

static void write_all(int fd, const char *text, size_t length) {
  while (length > 0) {
    ssize_t written = write(fd, text, length);
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) die("write", errno);
    text += written;
    length -= (size_t)written;
  }
}

/* Serves one client until it closes: lines get "shown", Enter presses "answer". */
static void serve(struct libevdev *device, int device_fd, int client) {
  struct pollfd fds[2] = {{.fd = device_fd, .events = POLLIN}, {.fd = client, .events = POLLIN}};
  char buffer[256];
  for (;;) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      die("poll", errno);
    }
    if (fds[0].revents & (POLLHUP | POLLERR)) die("the device hung up", ENODEV);
    if (fds[0].revents & POLLIN) {
      struct input_event event;
      int status;
      while ((status = libevdev_next_event(device, LIBEVDEV_READ_FLAG_NORMAL, &event)) >= 0) {
        if (status == LIBEVDEV_READ_STATUS_SYNC) {
          while (libevdev_next_event(device, LIBEVDEV_READ_FLAG_SYNC, &event) == LIBEVDEV_READ_STATUS_SYNC) {}
          continue;
        }
        if (event.type == EV_KEY && event.code == KEY_ENTER && event.value == 1)
          write_all(client, "answer\n", 7);
      }
      if (status != -EAGAIN) die("libevdev_next_event", -status);
    }
    if (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) {
      ssize_t count = read(client, buffer, sizeof buffer);
      if (count < 0 && errno == EINTR) continue;
      if (count <= 0) return;
      for (ssize_t index = 0; index < count; index++)
        if (buffer[index] == '\n') write_all(client, "shown\n", 6);
    }
  }
}

int main(int argc, char **argv) {
  if (argc != 4 || strcmp(argv[2], "--socket") != 0) {
    fprintf(stderr, "usage: key-line DEVICE --socket PATH\n");
    return 2;
  }
  signal(SIGTERM, on_term);
  signal(SIGPIPE, SIG_IGN);
  int device_fd = open(argv[1], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (device_fd < 0) die(argv[1], errno);
  struct libevdev *device = NULL;
  int status = libevdev_new_from_fd(device_fd, &device);
  if (status < 0) die("libevdev_new_from_fd", -status);

  struct sockaddr_un address = address_of(argv[3]);
  int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listener < 0) die("socket", errno);
  if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0) die(argv[3], errno);
  if (listen(listener, 4) != 0) die("listen", errno);
  notify_ready();
  for (;;) {
    int client = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
    if (client < 0) {
      if (errno == EINTR) continue;
      die("accept", errno);
    }
    serve(device, device_fd, client);
    close(client);
  }
}
