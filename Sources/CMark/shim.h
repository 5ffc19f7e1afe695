#ifndef CMARK_SHIM_H
#define CMARK_SHIM_H
#include <cmark.h>
#endif
