#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, so its encoding.h would include ICU's headers, which clash
   with the copy Foundation carries (_FoundationICU). Only the encoding handler struct, which we
   never touch, depends on them. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#endif
