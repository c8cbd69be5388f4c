"""A small HTTP server on 127.0.0.1 for examples/ota_redirects.rs: a chain of 301, 302, 307
and 308 redirects with absolute, scheme-relative, path-absolute and relative Location headers,
ending in a firmware image. Prints its port on the first line of stdout; exits after
MAX_REQUESTS requests or TIMEOUT seconds, whichever comes first."""

import http.server
import sys
import time

MAX_REQUESTS = 20
TIMEOUT = 60
IMAGE = b"MICROURL-FIRMWARE-IMAGE v2\n"


class Handler(http.server.BaseHTTPRequestHandler):
    timeout = 5

    def chain(self):
        port = self.server.server_address[1]
        return {
            "/fw/latest": (301, f"http://127.0.0.1:{port}/cdn/v2/"),  # absolute
            "/cdn/v2/": (302, "image.bin?sig=abc"),  # relative
            "/cdn/v2/image.bin?sig=abc": (307, "/mirror/a/../image.bin#part"),  # path-absolute
            "/mirror/image.bin": (308, f"//127.0.0.1:{port}/final/image.bin"),  # scheme-relative
        }

    def do_GET(self):
        self.server.count += 1
        if "#" in self.path:  # a fragment must never be on the wire
            self.send_error(400, "fragment in request-target")
            return
        hop = self.chain().get(self.path)
        if hop:
            self.send_response(hop[0])
            self.send_header("Location", hop[1])
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path == "/final/image.bin":
            self.send_response(200)
            self.send_header("Content-Length", str(len(IMAGE)))
            self.end_headers()
            self.wfile.write(IMAGE)
        else:
            self.send_error(404)

    def log_message(self, fmt, *args):
        sys.stderr.write("server: " + fmt % args + "\n")


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.count = 0
    print(server.server_address[1], flush=True)
    server.timeout = 1  # handle_request returns at least once a second
    deadline = time.monotonic() + TIMEOUT
    while server.count < MAX_REQUESTS and time.monotonic() < deadline:
        server.handle_request()
    server.server_close()


if __name__ == "__main__":
    main()
