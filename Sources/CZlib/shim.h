#ifndef CAMPUS_CZLIB_SHIM_H
#define CAMPUS_CZLIB_SHIM_H
#include <string.h>
#include <zlib.h>

/// Raw DEFLATE (RFC 1951, no zlib header), as SAML's HTTP-Redirect binding sends messages:
/// `deflateInit2` is a macro, which Swift cannot call. Returns the deflated size, or -1.
static inline long campus_deflate_raw(const unsigned char *input, unsigned long size, unsigned char *output, unsigned long capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof(stream));
    if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return -1;
    stream.next_in = (unsigned char *)input;
    stream.avail_in = (uInt)size;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int code = deflate(&stream, Z_FINISH);
    long written = (long)stream.total_out;
    deflateEnd(&stream);
    return code == Z_STREAM_END ? written : -1;
}

/// Raw INFLATE of a message sent by the HTTP-Redirect binding, at most `capacity` bytes out.
/// Returns the inflated size, or -1 when the input is not DEFLATE or inflates to more.
static inline long campus_inflate_raw(const unsigned char *input, unsigned long size, unsigned char *output, unsigned long capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof(stream));
    if (inflateInit2(&stream, -15) != Z_OK) return -1;
    stream.next_in = (unsigned char *)input;
    stream.avail_in = (uInt)size;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int code = inflate(&stream, Z_FINISH);
    long written = (long)stream.total_out;
    inflateEnd(&stream);
    return code == Z_STREAM_END ? written : -1;
}
#endif
