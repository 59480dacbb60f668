#include "keymenu_cec.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/cec.h>
#include <string.h>
#include <sys/ioctl.h>

_Static_assert(KEYMENU_CEC_TX_STATUS_OK == CEC_TX_STATUS_OK, "CEC_TX_STATUS_OK");
_Static_assert(KEYMENU_CEC_EVENT_STATE_CHANGE == CEC_EVENT_STATE_CHANGE, "CEC_EVENT_STATE_CHANGE");

int keymenu_cec_open(const char *path) { return open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC); }

static int call(int fd, unsigned long request, void *argument) {
  while (ioctl(fd, request, argument) < 0) {
    if (errno != EINTR) return errno;
  }
  return 0;
}

static void copy(char *to, size_t size, const char *from) {
  if (size == 0) return;
  strncpy(to, from, size - 1);
  to[size - 1] = 0;
}

int keymenu_cec_caps(int fd, char *driver, size_t driver_size, char *name, size_t name_size,
                     unsigned *available_log_addrs) {
  struct cec_caps caps;
  memset(&caps, 0, sizeof caps);
  int error = call(fd, CEC_ADAP_G_CAPS, &caps);
  if (error) return error;
  copy(driver, driver_size, caps.driver);
  copy(name, name_size, caps.name);
  *available_log_addrs = caps.available_log_addrs;
  return 0;
}

int keymenu_cec_physical_address(int fd, unsigned short *address) {
  __u16 value = 0;
  int error = call(fd, CEC_ADAP_G_PHYS_ADDR, &value);
  if (!error) *address = value;
  return error;
}

int keymenu_cec_logical_addresses(int fd, unsigned *count, unsigned char *first, char *osd_name) {
  struct cec_log_addrs addresses;
  memset(&addresses, 0, sizeof addresses);
  int error = call(fd, CEC_ADAP_G_LOG_ADDRS, &addresses);
  if (error) return error;
  *count = addresses.num_log_addrs;
  *first = addresses.num_log_addrs > 0 ? addresses.log_addr[0] : CEC_LOG_ADDR_INVALID;
  memcpy(osd_name, addresses.osd_name, sizeof addresses.osd_name);
  osd_name[sizeof addresses.osd_name - 1] = 0;
  return 0;
}

int keymenu_cec_claim(int fd, int type, const char *osd_name) {
  static const struct {
    __u8 primary, logical, all;
  } types[] = {
      [KEYMENU_CEC_PLAYBACK] = {CEC_OP_PRIM_DEVTYPE_PLAYBACK, CEC_LOG_ADDR_TYPE_PLAYBACK, CEC_OP_ALL_DEVTYPE_PLAYBACK},
      [KEYMENU_CEC_RECORDING] = {CEC_OP_PRIM_DEVTYPE_RECORD, CEC_LOG_ADDR_TYPE_RECORD, CEC_OP_ALL_DEVTYPE_RECORD},
      [KEYMENU_CEC_TUNER] = {CEC_OP_PRIM_DEVTYPE_TUNER, CEC_LOG_ADDR_TYPE_TUNER, CEC_OP_ALL_DEVTYPE_TUNER},
  };
  if (type < 0 || type > KEYMENU_CEC_TUNER) return EINVAL;
  struct cec_log_addrs addresses;
  memset(&addresses, 0, sizeof addresses);
  addresses.num_log_addrs = 1;
  addresses.cec_version = CEC_OP_CEC_VERSION_2_0;
  addresses.vendor_id = CEC_VENDOR_ID_NONE;
  addresses.flags = CEC_LOG_ADDRS_FL_ALLOW_RC_PASSTHRU;
  copy(addresses.osd_name, sizeof addresses.osd_name, osd_name);
  addresses.primary_device_type[0] = types[type].primary;
  addresses.log_addr_type[0] = types[type].logical;
  addresses.all_device_types[0] = types[type].all;
  return call(fd, CEC_ADAP_S_LOG_ADDRS, &addresses);
}

int keymenu_cec_unclaim(int fd) {
  struct cec_log_addrs addresses;
  memset(&addresses, 0, sizeof addresses);
  return call(fd, CEC_ADAP_S_LOG_ADDRS, &addresses);
}

int keymenu_cec_follow(int fd) {
  __u32 mode = CEC_MODE_INITIATOR | CEC_MODE_FOLLOWER;
  return call(fd, CEC_S_MODE, &mode);
}

int keymenu_cec_transmit(int fd, struct keymenu_cec_message *message) {
  struct cec_msg msg;
  memset(&msg, 0, sizeof msg);
  if (message->length < 1 || message->length > CEC_MAX_MSG_SIZE) return EINVAL;
  msg.len = message->length;
  memcpy(msg.msg, message->bytes, message->length);
  int error = call(fd, CEC_TRANSMIT, &msg);
  if (!error) message->sequence = msg.sequence;
  return error;
}

int keymenu_cec_receive(int fd, struct keymenu_cec_message *message) {
  struct cec_msg msg;
  memset(&msg, 0, sizeof msg);
  int error = call(fd, CEC_RECEIVE, &msg);
  if (error) return error;
  message->length = msg.len > CEC_MAX_MSG_SIZE ? CEC_MAX_MSG_SIZE : msg.len;
  memcpy(message->bytes, msg.msg, message->length);
  message->tx_status = msg.tx_status;
  message->sequence = msg.sequence;
  return 0;
}

int keymenu_cec_event(int fd, unsigned *kind, unsigned short *physical_address, unsigned short *logical_mask) {
  struct cec_event event;
  memset(&event, 0, sizeof event);
  int error = call(fd, CEC_DQEVENT, &event);
  if (error) return error;
  *kind = event.event;
  if (event.event == CEC_EVENT_STATE_CHANGE) {
    *physical_address = event.state_change.phys_addr;
    *logical_mask = event.state_change.log_addr_mask;
  }
  return 0;
}
