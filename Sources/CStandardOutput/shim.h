// Standard output's C stream for Swift: Swift 6 refuses a reference to the global `stdout`
// (shared mutable state), so the end-of-run check reaches it through this function.
#include <errno.h>
#include <stdio.h>

/// Writes out stdout's buffer; returns 0 when everything written so far reached the file,
/// else the errno of the failure, or -1 when an earlier write failed (its errno is gone).
static inline int companion_finish_standard_output(void) {
    int failed = fflush(stdout) != 0;
    int code = errno;
    if (!failed && !ferror(stdout)) return 0;
    return failed && code != 0 ? code : -1;
}
