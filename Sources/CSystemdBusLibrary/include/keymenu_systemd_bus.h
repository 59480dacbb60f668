#ifndef KEYMENU_SYSTEMD_BUS_H
#define KEYMENU_SYSTEMD_BUS_H

/* sd-bus (libsystemd), loaded with dlopen when the notify plugin first
   connects to a bus instead of linked: linked, keymenud would load
   libsystemd and the libraries it needs (libgcrypt, libgpg-error, libzstd,
   liblzma, liblz4, libcap: about 0.8 MiB of resident memory) even with the
   plugin off, as it is by default. The header gives the types; call
   keymenu_sd_bus_load first, and the other keymenu_ functions only when it
   returned NULL. The library functions themselves are not linked: calling
   one directly fails to link. */
#include <systemd/sd-bus.h>

/* Loads libsystemd.so.0 once: NULL, or why it could not (dlerror). */
const char *keymenu_sd_bus_load(void);

int keymenu_sd_bus_new(sd_bus **bus);
int keymenu_sd_bus_set_address(sd_bus *bus, const char *address);
int keymenu_sd_bus_set_bus_client(sd_bus *bus, int b);
int keymenu_sd_bus_start(sd_bus *bus);
sd_bus *keymenu_sd_bus_close_unref(sd_bus *bus);
int keymenu_sd_bus_process(sd_bus *bus, sd_bus_message **r);
int keymenu_sd_bus_flush(sd_bus *bus);
int keymenu_sd_bus_send(sd_bus *bus, sd_bus_message *m, uint64_t *cookie);

int keymenu_sd_bus_message_new_method_call(sd_bus *bus, sd_bus_message **m, const char *destination,
                                           const char *path, const char *interface, const char *member);
sd_bus_message *keymenu_sd_bus_message_unref(sd_bus_message *m);
int keymenu_sd_bus_message_append_basic(sd_bus_message *m, char type, const void *p);
int keymenu_sd_bus_message_open_container(sd_bus_message *m, char type, const char *contents);
int keymenu_sd_bus_message_close_container(sd_bus_message *m);
int keymenu_sd_bus_message_get_type(sd_bus_message *m, uint8_t *type);
int keymenu_sd_bus_message_get_reply_cookie(sd_bus_message *m, uint64_t *cookie);
const sd_bus_error *keymenu_sd_bus_message_get_error(sd_bus_message *m);
const char *keymenu_sd_bus_message_get_interface(sd_bus_message *m);
const char *keymenu_sd_bus_message_get_member(sd_bus_message *m);
const char *keymenu_sd_bus_message_get_sender(sd_bus_message *m);
int keymenu_sd_bus_message_peek_type(sd_bus_message *m, char *type, const char **contents);
int keymenu_sd_bus_message_read_basic(sd_bus_message *m, char type, void *p);

/* Waits until the bus is ready for what it wants (bus may be NULL: only the
   eventfd counts), the eventfd is signalled (then drained), or the bus's
   deadline passes. Returns 0 or -errno; an interrupted wait returns 0. */
int keymenu_bus_wait(sd_bus *bus, int wake_fd);

#endif
