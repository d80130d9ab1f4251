#ifndef CAMPUS_CLIBXML2_SHIM_H
#define CAMPUS_CLIBXML2_SHIM_H

// xmlversion.h first, and ICU off, so libxml2 and Foundation agree on UErrorCode.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/tree.h>

/// `xmlFree` is a global function pointer, which Swift 6 cannot call safely.
static inline void campus_xmlFree(void *pointer) { xmlFree(pointer); }

#endif
