#ifndef LAYERSCOPE_CX11_SHIM_H
#define LAYERSCOPE_CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/XKBlib.h>
#include <X11/keysym.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <signal.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>

/* glibc declares ppoll only under _GNU_SOURCE, which the Swift Glibc module was not built with. */
int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);

/* XDestroyImage is a macro; this frees the image (and, for a non-shared image, its data). */
static inline void cx11_destroy_image(XImage *image) { XDestroyImage(image); }

/* The segment named by a ShmCompletion event (an extension event, not a member of the XEvent union). */
static inline ShmSeg cx11_shm_completion_segment(const XEvent *event) {
    return ((const XShmCompletionEvent *)event)->shmseg;
}

/* shmat reports failure as (void *)-1, not NULL. */
static inline int cx11_shmat_failed(const void *address) { return address == (void *)-1; }

/* The X11 request code of an error event, as Swift imports it awkwardly through the union. */
static inline int cx11_error_code(const XErrorEvent *event) { return event->error_code; }
static inline int cx11_error_request(const XErrorEvent *event) { return event->request_code; }
static inline int cx11_error_minor(const XErrorEvent *event) { return event->minor_code; }

/* The signals the viewer handles itself: Ctrl-C, a kill, a closed terminal. */
static inline void cx11_handled_signals(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
}

/* Blocks the signals the viewer handles through a signalfd; returns the fd or -1. */
static inline int cx11_block_signals_into_fd(void) {
    sigset_t set;
    cx11_handled_signals(&set);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

/* Restores the default delivery of the signals blocked by cx11_block_signals_into_fd. */
static inline void cx11_unblock_signals(void) {
    sigset_t set;
    cx11_handled_signals(&set);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/* Reads one pending signal from a signalfd; returns its number or 0. */
static inline int cx11_read_signal(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    return n == (ssize_t)sizeof info ? (int)info.ssi_signo : 0;
}

/* CPU time (user + system) of this process, in seconds. */
static inline double cx11_process_cpu_seconds(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return (double)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + (double)(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

#endif
