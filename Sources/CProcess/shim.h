// What supervising the user's code needs from the C library beyond Swift's Glibc module: dladdr,
// backtrace and pthread_getattr_np, which glibc declares only with _GNU_SOURCE (declared here, with
// glibc's own layouts, so this module's headers match the Glibc module's), and small helpers.
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <sys/prctl.h>

/// glibc's `Dl_info`, field for field.
typedef struct {
    const char *dli_fname;
    void *dli_fbase;
    const char *dli_sname;
    void *dli_saddr;
} cprocess_dl_info;

extern int dladdr(const void *address, cprocess_dl_info *info);
extern int backtrace(void **buffer, int size);
extern int pthread_getattr_np(pthread_t thread, pthread_attr_t *attributes);

/// The stack of the calling thread (its lowest address and size), or 0 and 0.
static inline void cprocess_thread_stack(void **low, size_t *size) {
    pthread_attr_t attributes;
    *low = 0;
    *size = 0;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return;
    pthread_attr_getstack(&attributes, low, size);
    pthread_attr_destroy(&attributes);
}

/// The faulting address of a signal (what SIGSEGV or SIGBUS touched).
static inline void *cprocess_fault_address(const siginfo_t *info) { return info ? info->si_addr : 0; }

/// Asks for `signal` when the parent process dies (PR_SET_PDEATHSIG).
static inline int cprocess_die_with_parent(int signal) { return prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0); }
