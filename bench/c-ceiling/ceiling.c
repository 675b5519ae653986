/*
 * The C ceiling for bench/healthz.sh and bench/perf.sh: libmicrohttpd configured as
 * insetd configures it (internal thread pool of two threads per CPU it may run on, epoll,
 * ITC, 1024 connections, 30 s timeout), except that each connection keeps libmicrohttpd's
 * default 32 KiB pool (insetd's is 16 KiB; both are cleared per request), answering
 * GET /healthz with insetd's body; or, given BODY_FILE, answering every request, after reading its body,
 * with that file's bytes (perf.sh passes insetd's own answer to the benchmark request).
 * Given WORK_NS too, it first spends that many nanoseconds of CPU on each such request
 * (a busy loop on the thread's CPU clock): a stand-in for a route of that cost, with which
 * perf.sh's budget part finds the route cost that still reaches a given share of the
 * ceiling on this machine.
 *
 * Connections are accepted as insetd accepts them: one thread accepts and hands each to
 * the pool (MHD_add_connection, which places it by descriptor number), rather than every
 * pool thread polling the listening socket. With HANDOVER=0 in the environment,
 * libmicrohttpd accepts by itself (every pool thread polls the listening socket; perf.sh
 * measures both).
 *
 *   ceiling PORT [THREADS [BODY_FILE [WORK_NS]]]     (THREADS 0: insetd's default pool)
 */
#define _GNU_SOURCE
#include <microhttpd.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <errno.h>
#include <pthread.h>
#include <sys/socket.h>

static const char body[] = "{\"status\":\"ok\"}";
static struct MHD_Response *healthz;
static struct MHD_Response *fixed;   /* BODY_FILE's answer, or NULL */
static long long work_ns;            /* CPU spent per request before answering it */

/* Spins until the thread has used work_ns nanoseconds of CPU. (Not of the wall clock: a
   thread preempted in the middle would then get away with less CPU than a route costs.) */
static void work(void) {
    struct timespec start, now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    do {
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    } while ((now.tv_sec - start.tv_sec) * 1000000000LL + (now.tv_nsec - start.tv_nsec) < work_ns);
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **con_cls) {
    (void)cls; (void)method; (void)version; (void)upload_data;
    if (*con_cls == NULL) { *con_cls = (void *)1; return MHD_YES; }
    if (*upload_data_size > 0) { *upload_data_size = 0; return MHD_YES; }
    if (fixed != NULL) {
        if (work_ns > 0) work();
        return MHD_queue_response(connection, MHD_HTTP_OK, fixed);
    }
    if (strcmp(url, "/healthz") != 0) {
        struct MHD_Response *missing = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
        enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_NOT_FOUND, missing);
        MHD_destroy_response(missing);
        return result;
    }
    return MHD_queue_response(connection, MHD_HTTP_OK, healthz);
}

/* The handover thread: accepts on the listening socket until it is shut down. */
struct handover { int socket; struct MHD_Daemon *daemon; };

static void *accept_connections(void *argument) {
    struct handover *handover = argument;
    for (;;) {
        struct sockaddr_storage peer;
        socklen_t length = sizeof peer;
        int connection = accept4(handover->socket, (struct sockaddr *)&peer, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (connection < 0) {
            if (errno == EINTR || errno == ECONNABORTED || errno == EAGAIN || errno == EPROTO) continue;
            if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) { usleep(10000); continue; }
            return NULL;
        }
        MHD_add_connection(handover->daemon, connection, (struct sockaddr *)&peer, length);
    }
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: ceiling PORT [THREADS [BODY_FILE [WORK_NS]]]\n"); return 2; }
    unsigned int port = (unsigned int)atoi(argv[1]);
    /* insetd's default pool: two threads per CPU of the affinity mask. */
    cpu_set_t cpus;
    unsigned int cores = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? (unsigned int)CPU_COUNT(&cpus) : 1;
    unsigned int threads = argc > 2 ? (unsigned int)atoi(argv[2]) : 0;
    if (threads == 0) threads = 2 * cores;
    if (argc > 3) {
        FILE *file = fopen(argv[3], "rb");
        if (file == NULL) { fprintf(stderr, "ceiling: cannot read %s\n", argv[3]); return 1; }
        static char buffer[16 << 20];
        size_t size = fread(buffer, 1, sizeof buffer, file);
        fclose(file);
        fixed = MHD_create_response_from_buffer(size, buffer, MHD_RESPMEM_PERSISTENT);
        MHD_add_response_header(fixed, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
        if (argc > 4) work_ns = atoll(argv[4]);
    }

    healthz = MHD_create_response_from_buffer(strlen(body), (void *)body, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(healthz, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");

    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);

    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, NULL);

    const char *mode = getenv("HANDOVER");
    int handing_over = mode == NULL || strcmp(mode, "0") != 0;
    int listener = -1;
    if (handing_over) {
        int on = 1;
        listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (listener < 0 || setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0
            || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, SOMAXCONN) != 0) {
            fprintf(stderr, "ceiling: cannot listen on port %u\n", port);
            return 1;
        }
    }
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | (handing_over ? MHD_USE_NO_LISTEN_SOCKET : 0),
        (uint16_t)port, NULL, NULL, answer, NULL,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, 1024U,
        MHD_OPTION_CONNECTION_TIMEOUT, 30U,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(32 * 1024),
        MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "ceiling: cannot listen on port %u\n", port); return 1; }
    pthread_t acceptor;
    struct handover handover = { listener, daemon };
    if (handing_over) pthread_create(&acceptor, NULL, accept_connections, &handover);
    printf("ceiling listening on http://127.0.0.1:%u\n", port);
    fflush(stdout);

    int received;
    sigwait(&signals, &received);
    if (handing_over) {
        shutdown(listener, SHUT_RDWR);
        pthread_join(acceptor, NULL);
        close(listener);
    }
    MHD_stop_daemon(daemon);
    MHD_destroy_response(healthz);
    return 0;
}
