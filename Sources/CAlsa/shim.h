#ifndef KEYMENU_CALSA_SHIM_H
#define KEYMENU_CALSA_SHIM_H

#include <alsa/asoundlib.h>

/* alsa-lib prints its own errors to stderr; keymenu reports the returned
   codes once through its log instead. The handler is variadic, which Swift
   cannot define. */
static void keymenu_alsa_ignore_error(const char *file, int line, const char *function, int err,
                                      const char *fmt, ...) {
  (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void keymenu_alsa_quiet(void) { snd_lib_error_set_handler(keymenu_alsa_ignore_error); }

#endif
