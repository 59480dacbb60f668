#ifndef KEYMENU_CESPEAKNG_SHIM_H
#define KEYMENU_CESPEAKNG_SHIM_H

#include <espeak-ng/speak_lib.h>

#endif
