#ifndef KEYMENU_CGTKOVERLAY_SHIM_H
#define KEYMENU_CGTKOVERLAY_SHIM_H

/* GTK 3, gtk-layer-shell, Pango and Cairo for keymenu-overlay
   (pkg-config gtk-layer-shell-0), and libwayland-client (which GDK links)
   for the overlay's own buffers on Wayland. Only KeyMenuOverlay's C-boundary files
   import this module. */
#include <gtk/gtk.h>
#include <gtk-layer-shell/gtk-layer-shell.h>
#include <pango/pangocairo.h>
#include <cairo.h>
#include <glib-unix.h>
#include <gdk/gdkwayland.h>
#include <wayland-client.h>
#include <linux/memfd.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <fcntl.h>

/* g_signal_connect is a macro Swift cannot see: typed connections instead. */

/* The "draw" signal's handler type, so that Swift can pass a typed closure. */
typedef gboolean (*keymenu_draw_callback)(GtkWidget *widget, cairo_t *cr, gpointer data);

static inline gulong keymenu_connect_draw(GtkWidget *widget, keymenu_draw_callback callback, gpointer data) {
  return g_signal_connect_data(widget, "draw", G_CALLBACK(callback), data, NULL, (GConnectFlags)0);
}

/* "button-press-event" and "button-release-event" (a click or a tap, which
   GTK delivers as an emulated button), and "scroll-event". */
typedef gboolean (*keymenu_button_callback)(GtkWidget *widget, GdkEventButton *event, gpointer data);
typedef gboolean (*keymenu_scroll_callback)(GtkWidget *widget, GdkEventScroll *event, gpointer data);

static inline gulong keymenu_connect_button(GtkWidget *widget, const char *signal, keymenu_button_callback callback,
                                            gpointer data) {
  return g_signal_connect_data(widget, signal, G_CALLBACK(callback), data, NULL, (GConnectFlags)0);
}

static inline gulong keymenu_connect_scroll(GtkWidget *widget, keymenu_scroll_callback callback, gpointer data) {
  return g_signal_connect_data(widget, "scroll-event", G_CALLBACK(callback), data, NULL, (GConnectFlags)0);
}

/* A handler of a signal with no arguments but the instance ("after-paint" of a
   GdkFrameClock, "composited-changed" of a GdkScreen). */
typedef void (*keymenu_instance_callback)(gpointer instance, gpointer data);

static inline gulong keymenu_connect_instance_signal(gpointer instance, const char *signal,
                                                     keymenu_instance_callback callback, gpointer data) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(callback), data, NULL, (GConnectFlags)0);
}

/* Casts the GTK_*() macros would do (no run-time check needed: the objects are made here). */
static inline GtkWindow *keymenu_as_window(GtkWidget *widget) { return (GtkWindow *)widget; }

/* Whether GDK opened an X11 or a Wayland display (by type name, so that no
   backend header is needed). */
static inline const char *keymenu_display_type_name(GdkDisplay *display) {
  return display == NULL ? "" : G_OBJECT_TYPE_NAME(display);
}

/* A monitor's connector name (the RandR output on X11, the xdg-output name
   on Wayland), or NULL; free with g_free. GDK 3 has no undeprecated call for
   it (gdk_monitor_get_model is the panel's model, not the connector). */
static inline char *keymenu_monitor_plug_name(GdkDisplay *display, int index) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  return gdk_screen_get_monitor_plug_name(gdk_display_get_default_screen(display), index);
#pragma GCC diagnostic pop
}

/* The monitor of the window the window manager says is active
   (_NET_ACTIVE_WINDOW, X11), or NULL. */
static inline GdkMonitor *keymenu_active_window_monitor(GdkDisplay *display) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  GdkWindow *active = gdk_screen_get_active_window(gdk_display_get_default_screen(display));
#pragma GCC diagnostic pop
  if (active == NULL) return NULL;
  GdkMonitor *monitor = gdk_display_get_monitor_at_window(display, active);
  g_object_unref(active);
  return monitor;
}

/* A cairo context drawing straight onto a window, outside GDK's frame (no
   pixmap of GDK's own per frame): the X11 panel copies its back buffer with
   it. gdk_cairo_create is deprecated for drawing in a frame, which this is not. */
static inline cairo_t *keymenu_window_cairo_create(GdkWindow *window) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  return gdk_cairo_create(window);
#pragma GCC diagnostic pop
}

/* The overlay's own wl_shm buffers on Wayland (WaylandBufferPool). */

/* Binds the wl_shm global `name` (the interface's address must be libwayland's
   own: a proxy keeps it, and Swift would pass a copy). */
static inline struct wl_shm *keymenu_bind_shm(struct wl_registry *registry, uint32_t name) {
  return (struct wl_shm *)wl_registry_bind(registry, name, &wl_shm_interface, 1);
}

/* memfd_create(2), close-on-exec and sealable; -1 and errno on failure. glibc
   declares it only under _GNU_SOURCE, which Swift's Glibc module is not built
   with: the system call by number. */
static inline int keymenu_memfd_create(const char *name) {
  return (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

/* fcntl(F_ADD_SEALS) with F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL (the
   compositor maps the file: its size never changes). */
static inline int keymenu_seal_size(int fd) { return fcntl(fd, 1033, 0x0002 | 0x0004 | 0x0001); }

#endif
