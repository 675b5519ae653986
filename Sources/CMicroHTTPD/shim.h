#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
/*
 * Fixed-signature wrappers for the libmicrohttpd calls Swift cannot make.
 *
 * Swift does not import C variadic functions, and MHD's daemon start, its
 * connection-info query and its response options are variadic. Each wrapper below calls
 * exactly one of them with a fixed argument list; they can go once MHD offers non-variadic
 * equivalents (its "MHD2" API does). Swift calls them from MicroHTTP's LibMicroHTTPD.swift
 * only.
 */
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/*
 * Exists because MHD_start_daemon is variadic. Every option goes in `options`, an array
 * of MHD_OptionItem ending with {MHD_OPTION_END, 0, NULL}, passed through
 * MHD_OPTION_ARRAY; no request-completed or accept-policy callback is passed here (the
 * former is an option item).
 */
static inline struct MHD_Daemon *
cmhd_start_daemon(unsigned int flags, uint16_t port,
                  MHD_AccessHandlerCallback handler, void *handler_cls,
                  struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/*
 * Exists because MHD_get_connection_info is variadic: the peer's address, or NULL.
 */
static inline const struct sockaddr *
cmhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/*
 * Exists because MHD_get_connection_info is variadic: the connection's socket, or -1.
 */
static inline int
cmhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/*
 * Exists because MHD_get_connection_info is variadic: what the connection-notify callback
 * stored in the connection's socket context, or NULL.
 */
static inline void *
cmhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/*
 * Exists because MHD_set_response_options is variadic: `response` is sent as HTTP/1.0
 * allows (MHD_RF_HTTP_1_0_COMPATIBLE_STRICT): never chunked, the connection closed after it.
 */
static inline enum MHD_Result
cmhd_send_unframed(struct MHD_Response *response) {
    return MHD_set_response_options(response, MHD_RF_HTTP_1_0_COMPATIBLE_STRICT, MHD_RO_END);
}

#endif
