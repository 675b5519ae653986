// Debian's mimalloc (libmimalloc-dev). Linking it puts its malloc and free ahead of glibc's
// for the whole process; the header is for checking that they are the ones in use.
#ifndef CMIMALLOC_SHIM_H
#define CMIMALLOC_SHIM_H
#include <mimalloc.h>
#endif
