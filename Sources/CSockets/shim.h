#ifndef CSOCKETS_SHIM_H
#define CSOCKETS_SHIM_H
/*
 * The socket calls Swift's Glibc module does not declare. glibc declares accept4 only under
 * _GNU_SOURCE, which that module is not built with: this accepts a connection with flags
 * (SOCK_NONBLOCK, SOCK_CLOEXEC) set on the new descriptor, one call instead of accept and
 * two fcntl.
 */
#include <sys/types.h>
#include <sys/socket.h>

#ifdef __linux__
extern int accept4(int socket, struct sockaddr *address, socklen_t *length, int flags);

static inline int
csockets_accept4(int socket, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(socket, address, length, flags);
}
#endif

#endif
