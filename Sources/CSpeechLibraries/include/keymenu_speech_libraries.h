#ifndef KEYMENU_SPEECH_LIBRARIES_H
#define KEYMENU_SPEECH_LIBRARIES_H

/* libespeak-ng and alsa-lib, loaded with dlopen when the speech plugin first
   needs them instead of linked: linked, keymenud would load them and the 30
   libraries they need (PulseAudio, X11, libsndfile, codecs: about 3 MiB of
   resident memory, and their relocations at every start) even with speech
   off, as it is by default. The headers give the types and constants; call
   a library's load function first, and its keymenu_ functions only when it
   returned NULL. The library functions themselves are not linked: calling
   one directly fails to link. */
#include <alsa/asoundlib.h>
#include <espeak-ng/speak_lib.h>

/* Loads libespeak-ng.so.1 once: NULL, or why it could not (dlerror). */
const char *keymenu_espeak_load(void);

int keymenu_espeak_Initialize(espeak_AUDIO_OUTPUT output, int buflength, const char *path, int options);
void keymenu_espeak_SetSynthCallback(t_espeak_callback *callback);
espeak_ERROR keymenu_espeak_SetParameter(espeak_PARAMETER parameter, int value, int relative);
espeak_ERROR keymenu_espeak_SetVoiceByName(const char *name);
const espeak_VOICE **keymenu_espeak_ListVoices(espeak_VOICE *voice_spec);
espeak_ERROR keymenu_espeak_Synth(const void *text, size_t size, unsigned int position,
                                  espeak_POSITION_TYPE position_type, unsigned int end_position, unsigned int flags,
                                  unsigned int *unique_identifier, void *user_data);

/* Loads libasound.so.2 once: NULL, or why it could not (dlerror). */
const char *keymenu_alsa_load(void);

/* alsa-lib prints its own errors to stderr; keymenu reports the returned
   codes once through its log instead. */
void keymenu_alsa_quiet(void);

int keymenu_snd_pcm_open(snd_pcm_t **pcm, const char *name, snd_pcm_stream_t stream, int mode);
int keymenu_snd_pcm_nonblock(snd_pcm_t *pcm, int nonblock);
int keymenu_snd_pcm_set_params(snd_pcm_t *pcm, snd_pcm_format_t format, snd_pcm_access_t access,
                               unsigned int channels, unsigned int rate, int soft_resample, unsigned int latency);
int keymenu_snd_pcm_close(snd_pcm_t *pcm);
snd_pcm_sframes_t keymenu_snd_pcm_writei(snd_pcm_t *pcm, const void *buffer, snd_pcm_uframes_t size);
int keymenu_snd_pcm_recover(snd_pcm_t *pcm, int err, int silent);
int keymenu_snd_pcm_drain(snd_pcm_t *pcm);
int keymenu_snd_pcm_drop(snd_pcm_t *pcm);
const char *keymenu_snd_strerror(int errnum);

#endif
