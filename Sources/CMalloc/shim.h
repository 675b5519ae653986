// glibc's allocator controls (mallopt), which Swift's Glibc module does not include.
#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H
#include <malloc.h>
#endif
