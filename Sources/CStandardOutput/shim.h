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

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *companion_output_program = "";

static inline void companion_output_check(void) {
    int code = companion_finish_standard_output();
    if (code == 0) return;
    // The reader went away (`sample | head -1`): nothing to tell them; end as SIGPIPE would have.
    if (code == EPIPE) _exit(141);
    const char *reason = code > 0 ? strerror(code) : "a write failed (is the disk full?)";
    fprintf(stderr, "%s: standard output: %s; the output is incomplete\n", companion_output_program, reason);
    _exit(1);
}

/// Makes every way out of the program (return from main, exit()) check stdout as the end of
/// `companion` does, printing `program: standard output: …` and exiting 1 when output was lost.
static inline void companion_check_standard_output_at_exit(const char *program) {
    companion_output_program = strdup(program);
    atexit(companion_output_check);
}
