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

/* The device types keymenu_cec_claim configures. */
#define KEYMENU_CEC_PLAYBACK 0
#define KEYMENU_CEC_RECORDING 1
#define KEYMENU_CEC_TUNER 2

/* CEC_ADAP_S_LOG_ADDRS: configures one device of `type` (KEYMENU_CEC_*)
   with remote-control passthrough (the TV remote's keys come through the
   adapter's input device), CEC 2.0, no vendor id, named `osd_name` (at most
   14 bytes).
   Returns at once (the fd is non-blocking); the kernel claims an address
   in the background. EBUSY: already configured (another program). */
int keymenu_cec_claim(int fd, int type, const char *osd_name);

/* CEC_ADAP_S_LOG_ADDRS with no address: unconfigures the adapter (to
   configure it again under another name). */
int keymenu_cec_unclaim(int fd);

/* CEC_S_MODE: this filehandle becomes an initiator and a (non-exclusive)
   follower, so that messages to keymenu's address and broadcasts reach it
   through keymenu_cec_receive, beside any other follower. */
int keymenu_cec_follow(int fd);

/* linux/cec.h's CEC_TX_STATUS_OK and CEC_EVENT_STATE_CHANGE, for Swift
   (the header is not imported; keymenu_cec.c checks they agree). */
#define KEYMENU_CEC_TX_STATUS_OK 1
#define KEYMENU_CEC_EVENT_STATE_CHANGE 1

/* One CEC message: its bytes (header, opcode, operands; at most 16), and,
   for the result of a transmission, its status bits (CEC_TX_STATUS_*; 0
   for a message received from the bus) and its sequence number. */
struct keymenu_cec_message {
  unsigned char bytes[16];
  unsigned length;
  unsigned tx_status;
  unsigned sequence;
};

/* CEC_TRANSMIT, non-blocking: queues the message (its result comes back
   later through keymenu_cec_receive) and sets its sequence number. */
int keymenu_cec_transmit(int fd, struct keymenu_cec_message *message);

/* CEC_RECEIVE, non-blocking: the next message received or transmission
   result; EAGAIN when there is none. */
int keymenu_cec_receive(int fd, struct keymenu_cec_message *message);

/* CEC_DQEVENT, non-blocking: the next event, its kind in `*kind`
   (CEC_EVENT_STATE_CHANGE: 1, with the physical address and the claimed
   logical addresses as a mask; CEC_EVENT_LOST_MSGS: 2). EAGAIN when there
   is none. */
int keymenu_cec_event(int fd, unsigned *kind, unsigned short *physical_address, unsigned short *logical_mask);

#endif
