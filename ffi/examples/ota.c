/*
 * An OTA download as C firmware writes it, on POSIX sockets: parse the update URL, resolve
 * and connect to its server name and port, send the request-target and Host header, and
 * follow the redirects (a relative Location resolved against the URL that gave it) to the
 * image. Every string a socket or resolver call takes is NUL-terminated by microurl, in
 * static buffers; no heap in this file either.
 *
 *   cc -Iffi/include ffi/examples/ota.c ffi/target/release/libmicrourl.a -o ota
 *   ./ota http://127.0.0.1:8000/fw/latest
 *
 * ffi/run.sh runs it against scripts/servers/redirect_server.py on 127.0.0.1.
 */
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "microurl.h"

#define MAX_REDIRECTS 5

/* The URL being fetched lives in one buffer, the next one is built in the other. */
static char url_buf[2][512];
static char server[256], port[8], target[512], host[300], request[1024], response[4096];

static int failed(const char *what, microurl_result r) {
    fprintf(stderr, "ota: %s: %s (%s)\n", what, microurl_status_name(r.status),
            microurl_error_name(r.error));
    return -1;
}

/* Connects to the URL's server: the name goes to getaddrinfo as it is. */
static int connect_to(const microurl_url *u) {
    microurl_result r = microurl_server_name_cstr(u, server, sizeof server);
    if (r.status != MICROURL_OK) return failed("server name", r);
    snprintf(port, sizeof port, "%d", microurl_port_or_default(u));
    struct addrinfo hints = {0}, *ai;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(server, port, &hints, &ai) != 0) return -1;
    int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
        close(fd);
        fd = -1;
    }
    freeaddrinfo(ai);
    return fd;
}

/* GET `u`: the response's length in `response`, or -1. */
static long get(const microurl_url *u) {
    microurl_result r = microurl_request_target_cstr(u, target, sizeof target);
    if (r.status != MICROURL_OK) return failed("request target", r);
    r = microurl_host_header_cstr(u, host, sizeof host);
    if (r.status != MICROURL_OK) return failed("Host", r);
    int n = snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n",
                     target, host);
    int fd = connect_to(u);
    if (fd < 0 || n <= 0 || (size_t)n >= sizeof request || write(fd, request, (size_t)n) != n) {
        if (fd >= 0) close(fd);
        return -1;
    }
    size_t got = 0;
    ssize_t k;
    while (got < sizeof response - 1 && (k = read(fd, response + got, sizeof response - 1 - got)) > 0)
        got += (size_t)k;
    close(fd);
    response[got] = 0;
    return (long)got;
}

/* The value of the Location header in `response` (its length in *len), or NULL. */
static const char *location(size_t *len) {
    for (const char *p = strstr(response, "\r\n"); p && p[2] != '\r'; p = strstr(p + 2, "\r\n")) {
        if (strncasecmp(p + 2, "Location:", 9) != 0) continue;
        const char *v = p + 11;
        while (*v == ' ') v++;
        *len = strcspn(v, "\r\n");
        return v;
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: ota URL\n");
        return 2;
    }
    microurl_url url;
    int cur = 0, statuses[MAX_REDIRECTS], redirects = 0;
    microurl_result r = microurl_parse(argv[1], strlen(argv[1]), NULL, 0, &url, url_buf[cur], sizeof url_buf[cur]);
    if (r.status != MICROURL_OK) return failed("parse", r), 1;
    for (;;) {
        microurl_span scheme = microurl_scheme(&url);
        if (scheme.len != 4 || memcmp(scheme.ptr, "http", 4) != 0) {
            fprintf(stderr, "ota: only http here (TLS is the firmware's own)\n");
            return 1;
        }
        long got = get(&url);
        int status = 0;
        if (got < 0 || sscanf(response, "HTTP/1.%*d %d", &status) != 1) {
            fprintf(stderr, "ota: no response from %s:%s\n", server, port);
            return 1;
        }
        printf("GET %s (Host: %s, connected to %s port %s): %d\n", target, host, server, port, status);
        size_t len;
        const char *loc = status / 100 == 3 ? location(&len) : NULL;
        if (!loc) {
            const char *body = strstr(response, "\r\n\r\n");
            size_t body_len = body ? (size_t)got - (size_t)(body + 4 - response) : 0;
            if (status != 200) return 1;
            printf("image: %zu bytes after %d redirects [", body_len, redirects);
            for (int i = 0; i < redirects; i++) printf(i ? ", %d" : "%d", statuses[i]);
            printf("]\n");
            return 0;
        }
        if (redirects == MAX_REDIRECTS) {
            fprintf(stderr, "ota: too many redirects\n");
            return 1;
        }
        statuses[redirects++] = status;
        /* The Location resolved against the URL that gave it, into the other buffer. */
        r = microurl_join(&url, loc, len, &url, url_buf[!cur], sizeof url_buf[!cur]);
        if (r.status != MICROURL_OK) return failed("Location", r), 1;
        cur = !cur;
        microurl_span href = microurl_href(&url);
        printf("  -> %.*s\n", (int)href.len, href.ptr);
    }
}
