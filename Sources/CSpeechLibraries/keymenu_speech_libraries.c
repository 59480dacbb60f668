#include "keymenu_speech_libraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* Each library's functions, as pointers of the header's own types. */
#define ESPEAK_FUNCTIONS(X)                                                                                          \
  X(espeak_Initialize) X(espeak_SetSynthCallback) X(espeak_SetParameter) X(espeak_SetVoiceByName)                    \
  X(espeak_ListVoices) X(espeak_Synth)
#define ALSA_FUNCTIONS(X)                                                                                            \
  X(snd_lib_error_set_handler) X(snd_pcm_open) X(snd_pcm_nonblock) X(snd_pcm_set_params) X(snd_pcm_close)            \
  X(snd_pcm_writei) X(snd_pcm_recover) X(snd_pcm_drain) X(snd_pcm_drop) X(snd_strerror)
#define POINTER(name) __typeof__(name) *name;

static struct { ESPEAK_FUNCTIONS(POINTER) } espeak;
static struct { ALSA_FUNCTIONS(POINTER) } alsa;
static char espeak_failure[512], alsa_failure[512];
static pthread_once_t espeak_once = PTHREAD_ONCE_INIT, alsa_once = PTHREAD_ONCE_INIT;

/* dlopen(soname); NULL after writing dlerror's message to failure. */
static void *open_library(const char *soname, char *failure, size_t size) {
  void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (!library) snprintf(failure, size, "%s", dlerror());
  return library;
}

#define RESOLVE_ONE(table, library, failure, name)                                                                   \
  if (!((table).name = (__typeof__((table).name))dlsym(library, #name))) {                                           \
    snprintf(failure, sizeof failure, "%s", dlerror());                                                              \
    return;                                                                                                          \
  }

static void load_espeak(void) {
  void *library = open_library("libespeak-ng.so.1", espeak_failure, sizeof espeak_failure);
  if (!library) return;
#define X(name) RESOLVE_ONE(espeak, library, espeak_failure, name)
  ESPEAK_FUNCTIONS(X)
#undef X
}

static void load_alsa(void) {
  void *library = open_library("libasound.so.2", alsa_failure, sizeof alsa_failure);
  if (!library) return;
#define X(name) RESOLVE_ONE(alsa, library, alsa_failure, name)
  ALSA_FUNCTIONS(X)
#undef X
}

const char *keymenu_espeak_load(void) {
  pthread_once(&espeak_once, load_espeak);
  return espeak_failure[0] ? espeak_failure : NULL;
}

const char *keymenu_alsa_load(void) {
  pthread_once(&alsa_once, load_alsa);
  return alsa_failure[0] ? alsa_failure : NULL;
}

int keymenu_espeak_Initialize(espeak_AUDIO_OUTPUT output, int buflength, const char *path, int options) {
  return espeak.espeak_Initialize(output, buflength, path, options);
}

void keymenu_espeak_SetSynthCallback(t_espeak_callback *callback) { espeak.espeak_SetSynthCallback(callback); }

espeak_ERROR keymenu_espeak_SetParameter(espeak_PARAMETER parameter, int value, int relative) {
  return espeak.espeak_SetParameter(parameter, value, relative);
}

espeak_ERROR keymenu_espeak_SetVoiceByName(const char *name) { return espeak.espeak_SetVoiceByName(name); }

const espeak_VOICE **keymenu_espeak_ListVoices(espeak_VOICE *voice_spec) {
  return espeak.espeak_ListVoices(voice_spec);
}

espeak_ERROR keymenu_espeak_Synth(const void *text, size_t size, unsigned int position,
                                  espeak_POSITION_TYPE position_type, unsigned int end_position, unsigned int flags,
                                  unsigned int *unique_identifier, void *user_data) {
  return espeak.espeak_Synth(text, size, position, position_type, end_position, flags, unique_identifier,
                             user_data);
}

/* The handler is variadic, which Swift cannot define. */
static void ignore_alsa_error(const char *file, int line, const char *function, int err, const char *fmt, ...) {
  (void)file;
  (void)line;
  (void)function;
  (void)err;
  (void)fmt;
}

void keymenu_alsa_quiet(void) { alsa.snd_lib_error_set_handler(ignore_alsa_error); }

int keymenu_snd_pcm_open(snd_pcm_t **pcm, const char *name, snd_pcm_stream_t stream, int mode) {
  return alsa.snd_pcm_open(pcm, name, stream, mode);
}

int keymenu_snd_pcm_nonblock(snd_pcm_t *pcm, int nonblock) { return alsa.snd_pcm_nonblock(pcm, nonblock); }

int keymenu_snd_pcm_set_params(snd_pcm_t *pcm, snd_pcm_format_t format, snd_pcm_access_t access,
                               unsigned int channels, unsigned int rate, int soft_resample, unsigned int latency) {
  return alsa.snd_pcm_set_params(pcm, format, access, channels, rate, soft_resample, latency);
}

int keymenu_snd_pcm_close(snd_pcm_t *pcm) { return alsa.snd_pcm_close(pcm); }

snd_pcm_sframes_t keymenu_snd_pcm_writei(snd_pcm_t *pcm, const void *buffer, snd_pcm_uframes_t size) {
  return alsa.snd_pcm_writei(pcm, buffer, size);
}

int keymenu_snd_pcm_recover(snd_pcm_t *pcm, int err, int silent) { return alsa.snd_pcm_recover(pcm, err, silent); }

int keymenu_snd_pcm_drain(snd_pcm_t *pcm) { return alsa.snd_pcm_drain(pcm); }

int keymenu_snd_pcm_drop(snd_pcm_t *pcm) { return alsa.snd_pcm_drop(pcm); }

const char *keymenu_snd_strerror(int errnum) { return alsa.snd_strerror(errnum); }
