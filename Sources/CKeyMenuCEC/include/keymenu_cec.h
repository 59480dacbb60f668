#ifndef KEYMENU_CEC_H
#define KEYMENU_CEC_H

#include <stddef.h>

/* The kernel's CEC framework (linux/cec.h) for keymenud: its ioctls take
   structs and numbers that are C macros Swift cannot import, so each call
   is a small C function here. Every function returns 0 or an errno. */

/* Opens a CEC adapter (/dev/cecN) non-blocking and close-on-exec: an fd,
   or -1 with errno. */
int keymenu_cec_open(const char *path);

/* CEC_ADAP_G_CAPS: the driver's and the adapter's names (NUL-terminated,
   cut to the buffers) and how many logical addresses it can claim. */
int keymenu_cec_caps(int fd, char *driver, size_t driver_size, char *name, size_t name_size,
                     unsigned *available_log_addrs);

/* CEC_ADAP_G_PHYS_ADDR: the physical address (0xffff: no HDMI link). */
int keymenu_cec_physical_address(int fd, unsigned short *address);

/* CEC_ADAP_G_LOG_ADDRS: how many logical addresses are configured, the
   first of them (0xff: none claimed yet) and the OSD name they were
   configured with (15 bytes with the NUL). */
int keymenu_cec_logical_addresses(int fd, unsigned *count, unsigned char *first, char *osd_name);

/* CEC_ADAP_S_LOG_ADDRS: configures one playback device with remote-control
   passthrough (the TV remote's keys come through the adapter's input
   device), CEC 2.0, no vendor id, named `osd_name` (at most 14 bytes).
   Returns at once (the fd is non-blocking); the kernel claims an address
   in the background. EBUSY: already configured (another program). */
int keymenu_cec_claim_playback(int fd, const char *osd_name);

#endif
