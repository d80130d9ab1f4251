#ifndef CAMPUS_CZLIB_SHIM_H
#define CAMPUS_CZLIB_SHIM_H
#include <zlib.h>
#endif
