/* Preloaded into insetd by bench/arenas/arenas.py: writes glibc's malloc_info (every
 * arena's heap size, free blocks and top) to /tmp/insetd-arenas/info-PID-N.xml each time
 * /tmp/insetd-arenas/trigger-PID appears. A diagnostic, never part of the server. */
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static void *watch(void *unused) {
    (void)unused;
    char trigger[128], out[128];
    snprintf(trigger, sizeof trigger, "/tmp/insetd-arenas/trigger-%d", getpid());
    for (int n = 0;; usleep(100000)) {
        if (access(trigger, F_OK) != 0) continue;
        snprintf(out, sizeof out, "/tmp/insetd-arenas/info-%d-%d.xml", getpid(), n++);
        FILE *file = fopen(out, "w");
        if (file) { malloc_info(0, file); fclose(file); }
        unlink(trigger);
    }
    return NULL;
}

__attribute__((constructor)) static void start(void) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, watch, NULL) == 0) pthread_detach(thread);
}
