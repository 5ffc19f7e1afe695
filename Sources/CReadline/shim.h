#ifndef CREADLINE_SHIM_H
#define CREADLINE_SHIM_H
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

/* Readline's settings are C global variables, which Swift 6's strict concurrency checking will
   not let Swift code touch directly. These accessors are the one place they are read or written;
   readline is only ever driven from one thread at a time. */

static inline void creadline_set_catch_signals(int value) { rl_catch_signals = value; }
static inline void creadline_set_catch_sigwinch(int value) { rl_catch_sigwinch = value; }
static inline void creadline_set_readline_name(const char *name) { rl_readline_name = name; }
static inline void creadline_set_attempted_completion_function(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
}
static inline void creadline_set_completion_display_matches_hook(rl_compdisp_func_t *hook) {
    rl_completion_display_matches_hook = hook;
}
static inline void creadline_set_attempted_completion_over(int value) { rl_attempted_completion_over = value; }
static inline const char *creadline_line_buffer(void) { return rl_line_buffer; }
static inline int creadline_point(void) { return rl_point; }
static inline const char *creadline_display_prompt(void) { return rl_display_prompt; }
static inline int creadline_history_length(void) { return history_length; }
static inline int creadline_history_base(void) { return history_base; }

#endif
