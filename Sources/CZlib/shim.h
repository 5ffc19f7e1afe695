#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>

/* inflateInit2 is a macro in zlib.h; Swift needs a function. */
static inline int czlib_inflate_init2(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

static inline int czlib_deflate_init2(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}
#endif
