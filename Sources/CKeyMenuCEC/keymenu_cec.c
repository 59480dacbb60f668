#include "keymenu_cec.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/cec.h>
#include <string.h>
#include <sys/ioctl.h>

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

int keymenu_cec_claim_playback(int fd, const char *osd_name) {
  struct cec_log_addrs addresses;
  memset(&addresses, 0, sizeof addresses);
  addresses.num_log_addrs = 1;
  addresses.cec_version = CEC_OP_CEC_VERSION_2_0;
  addresses.vendor_id = CEC_VENDOR_ID_NONE;
  addresses.flags = CEC_LOG_ADDRS_FL_ALLOW_RC_PASSTHRU;
  copy(addresses.osd_name, sizeof addresses.osd_name, osd_name);
  addresses.primary_device_type[0] = CEC_OP_PRIM_DEVTYPE_PLAYBACK;
  addresses.log_addr_type[0] = CEC_LOG_ADDR_TYPE_PLAYBACK;
  addresses.all_device_types[0] = CEC_OP_ALL_DEVTYPE_PLAYBACK;
  return call(fd, CEC_ADAP_S_LOG_ADDRS, &addresses);
}
