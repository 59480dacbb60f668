#ifndef KEYMENU_CXKBCOMMON_SHIM_H
#define KEYMENU_CXKBCOMMON_SHIM_H

#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/*
 * xkbcommon reports why a keymap does not compile only through its log
 * function, which takes a va_list that Swift cannot see. These helpers
 * collect the messages into a fixed buffer while a keymap or a compose
 * table is built, so that the error can say why, and keep them off stderr.
 */

struct keymenu_xkb_log {
  char text[2048];
  size_t used;
};

static inline void keymenu_xkb_log_fn(struct xkb_context *context, enum xkb_log_level level,
                                      const char *format, va_list args) {
  (void)level;
  struct keymenu_xkb_log *log = (struct keymenu_xkb_log *)xkb_context_get_user_data(context);
  if (log == NULL || log->used + 1 >= sizeof log->text) return;
  int written = vsnprintf(log->text + log->used, sizeof log->text - log->used, format, args);
  if (written < 0) return;
  log->used += (size_t)written;
  if (log->used >= sizeof log->text) log->used = sizeof log->text - 1;
}

/* Sends the context's messages at level `level` and above to `log` (NULL: drops them). */
static inline void keymenu_xkb_capture_log(struct xkb_context *context, struct keymenu_xkb_log *log,
                                           enum xkb_log_level level) {
  if (log != NULL) {
    log->text[0] = '\0';
    log->used = 0;
  }
  xkb_context_set_user_data(context, log);
  xkb_context_set_log_level(context, level);
  xkb_context_set_log_fn(context, keymenu_xkb_log_fn);
}

/* The collected messages, one per line. */
static inline const char *keymenu_xkb_log_text(const struct keymenu_xkb_log *log) { return log->text; }

#endif
