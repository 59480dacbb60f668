/* The baseline of keymenu-overlay's memory figure (bench/overlay-latency.py):
   a minimal GTK 3 program that shows what the overlay shows at its simplest,
   a popup window with one line of text in the UI font at 40 px (the body
   text's size on a 1080-line output), and then waits in GTK's main loop.
   Like the overlay it runs with GDK_GL=disable (set before gtk_init), so
   that GDK's X11 backend loads no Mesa.

   usage: gtk-window [TEXT]     built by the bench with
   gcc -O2 bench/gtk-window.c $(pkg-config --cflags --libs gtk+-3.0) */
#include <gtk/gtk.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  setenv("GDK_GL", "disable", 0);
  gtk_init(&argc, &argv);
  /* A popup on X11, as the overlay's window; Wayland has no popup without a parent. */
  GtkWidget *window = gtk_window_new(getenv("WAYLAND_DISPLAY") ? GTK_WINDOW_TOPLEVEL : GTK_WINDOW_POPUP);
  GtkWidget *label = gtk_label_new(NULL);
  char *markup = g_markup_printf_escaped("<span font_desc=\"sans-serif 40px\">%s</span>",
                                         argc > 1 ? argv[1] : "Reboot now?");
  gtk_label_set_markup(GTK_LABEL(label), markup);
  g_free(markup);
  gtk_container_add(GTK_CONTAINER(window), label);
  gtk_window_move(GTK_WINDOW(window), 200, 200);
  gtk_widget_show_all(window);
  gtk_main();
  return 0;
}
