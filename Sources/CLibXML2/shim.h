#ifndef CAMPUS_CLIBXML2_SHIM_H
#define CAMPUS_CLIBXML2_SHIM_H

// xmlversion.h first, and ICU off, so libxml2 and Foundation agree on UErrorCode.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/tree.h>

#include <libxml/xmlerror.h>
#include <string.h>

/// The first error that stopped libxml2 reading a page before its end: a fatal
/// error (the nesting limit, a broken input), or an encoding or I/O error.
typedef struct {
    int count;
    int code;
    int line;
    char message[200];
} campus_xml_stop;

/// Collects errors that cut a page short; the parser's many recoverable
/// complaints about tag soup (unexpected end tags and the like) are left out.
static void campus_xml_collect(void *data, xmlErrorPtr error) {
    campus_xml_stop *stop = (campus_xml_stop *)data;
    int cuts = error->level == XML_ERR_FATAL || error->domain == XML_FROM_I18N || error->domain == XML_FROM_IO
        || error->code == XML_ERR_INVALID_ENCODING || error->code == XML_ERR_INVALID_CHAR;
    if (!cuts) return;
    if (stop->count++ > 0) return;
    stop->code = error->code;
    stop->line = error->line;
    strncpy(stop->message, error->message ? error->message : "", sizeof(stop->message) - 1);
    stop->message[sizeof(stop->message) - 1] = 0;
}

/// libxml2's unstructured messages (`I/O error : encoder error`) go nowhere; they arrive structured too.
static void campus_xml_discard(void *context, const char *format, ...) { (void)context; (void)format; }

/// `htmlReadMemory` with this thread's error handlers pointed at `stop` for the parse.
static inline htmlDocPtr campus_html_read(const char *buffer, int size, const char *encoding, int options,
                                          campus_xml_stop *stop) {
    xmlSetStructuredErrorFunc(stop, campus_xml_collect);
    xmlSetGenericErrorFunc(NULL, campus_xml_discard);
    htmlDocPtr document = htmlReadMemory(buffer, size, NULL, encoding, options);
    xmlSetStructuredErrorFunc(NULL, NULL);
    return document;
}

/// An XML document from bytes (SAML messages, metadata): no network, no entity expansion, no
/// DTD loaded; libxml2's messages dropped (a document that does not parse is `NULL`).
static inline xmlDocPtr campus_xml_read(const char *buffer, int size) {
    campus_xml_stop ignored = {0};
    xmlSetStructuredErrorFunc(&ignored, campus_xml_collect);
    xmlSetGenericErrorFunc(NULL, campus_xml_discard);
    xmlDocPtr document = xmlReadMemory(buffer, size, NULL, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    xmlSetStructuredErrorFunc(NULL, NULL);
    return document;
}

/// `xmlFree` is a global function pointer, which Swift 6 cannot call safely.
static inline void campus_xmlFree(void *pointer) { xmlFree(pointer); }

#endif
