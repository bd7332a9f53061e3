/* Pings a window with _NET_WM_PING, as a window manager does, and waits up to 5 s for the client's
 * answer (the same message sent back to the root window). Xvfb runs no window manager, so this
 * helper takes its place; it must be the only client redirecting the root's substructure.
 * Usage: wm-ping WINDOW_ID   (exit 0 when answered, 1 otherwise)
 * Its opening is alike wm-close.c's on purpose: each helper is one file, compiled on its own. */
#include <X11/Xlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: wm-ping WINDOW_ID\n");
        return 64;
    }
    Display *display = XOpenDisplay(NULL);
    if (!display) {
        fprintf(stderr, "wm-ping: cannot open the display\n");
        return 1;
    }
    Window root = DefaultRootWindow(display);
    Window window = (Window)strtoul(argv[1], NULL, 0);
    Atom protocols = XInternAtom(display, "WM_PROTOCOLS", False);
    Atom ping = XInternAtom(display, "_NET_WM_PING", False);
    XSelectInput(display, root, SubstructureRedirectMask | SubstructureNotifyMask);
    XEvent event;
    memset(&event, 0, sizeof event);
    event.xclient.type = ClientMessage;
    event.xclient.window = window;
    event.xclient.message_type = protocols;
    event.xclient.format = 32;
    event.xclient.data.l[0] = (long)ping;
    event.xclient.data.l[1] = 4242;
    event.xclient.data.l[2] = (long)window;
    XSendEvent(display, window, False, NoEventMask, &event);
    XFlush(display);
    int fd = ConnectionNumber(display);
    for (int waited = 0; waited < 50;) {
        while (XPending(display)) {
            XNextEvent(display, &event);
            if (event.type == ClientMessage && event.xclient.window == root &&
                event.xclient.message_type == protocols && (Atom)event.xclient.data.l[0] == ping &&
                event.xclient.data.l[1] == 4242 && (Window)event.xclient.data.l[2] == window) {
                XCloseDisplay(display);
                return 0;
            }
        }
        fd_set readable;
        FD_ZERO(&readable);
        FD_SET(fd, &readable);
        struct timeval tenth = {0, 100000};
        if (select(fd + 1, &readable, NULL, NULL, &tenth) == 0) waited++;
    }
    fprintf(stderr, "wm-ping: no answer from 0x%lx\n", window);
    XCloseDisplay(display);
    return 1;
}
