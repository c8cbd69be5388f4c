#!/usr/bin/env bash
# microurl against real servers on 127.0.0.1: an HTTP redirect chain from a
# python3 http.server (examples/ota_redirects), libcoap's coap-server (examples/net
# coap_fetch, packets by coap-lite), mosquitto with a password file (examples/net
# mqtt_connect, rumqttc; a wrong password must be refused). Every server listens on loopback
# only, is started and stopped here, and has a timeout; so does every client.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v mosquitto >/dev/null || [ -x /usr/sbin/mosquitto ] || need_apt+=(mosquitto)
command -v coap-server-notls >/dev/null || need_apt+=(libcoap3-bin)
if [ ${#need_apt[@]} -gt 0 ]; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need_apt[@]}"
fi
MOSQUITTO=$(command -v mosquitto || echo /usr/sbin/mosquitto)

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

# A free TCP/UDP port on 127.0.0.1 (asked of the kernel).
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# Waits (at most 10 s) until something accepts TCP connections on 127.0.0.1:$1.
wait_tcp() {
    python3 - "$1" <<'PY'
import socket, sys, time
deadline = time.monotonic() + 10
while time.monotonic() < deadline:
    try:
        socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=1).close()
        sys.exit(0)
    except OSError:
        time.sleep(0.1)
sys.exit("nothing listening on 127.0.0.1:" + sys.argv[1])
PY
}

cargo build -q --example ota_redirects
cargo build -q -p microurl-examples --example coap_fetch --example mqtt_connect

echo "== HTTP: redirect chain from python3 http.server"
timeout 60 python3 scripts/servers/redirect_server.py > "$work/http.port" 2> "$work/http.log" &
pids+=($!)
for _ in $(seq 50); do [ -s "$work/http.port" ] && break; sleep 0.1; done
port=$(head -1 "$work/http.port")
timeout 30 target/debug/examples/ota_redirects "http://127.0.0.1:$port/fw/latest" | tee "$work/http.out"
grep -q 'image: 27 bytes after 4 redirects \[301, 302, 307, 308\]' "$work/http.out"

echo "== CoAP: libcoap coap-server"
port=$(free_port)
timeout 60 coap-server-notls -A 127.0.0.1 -p "$port" -v 0 > "$work/coap.log" 2>&1 &
pids+=($!)
sleep 0.5
timeout 30 target/debug/examples/coap_fetch "coap://127.0.0.1:$port/time?ticks" \
    "coap://localhost:$port/" "coap://LocalHost:$port/time" | tee "$work/coap.out"
grep -q 'coap_fetch: 3 resources fetched' "$work/coap.out"
grep -q 'made with libcoap' "$work/coap.out"

echo "== MQTT: mosquitto with a password file"
port=$(free_port)
mosquitto_passwd -b -c "$work/passwd" dev-1 's3cr@t'
# mosquitto started as root drops to its own user: it must be able to read the file.
chmod 755 "$work"; chmod 644 "$work/passwd"
printf 'listener %s 127.0.0.1\nallow_anonymous false\npassword_file %s\n' "$port" "$work/passwd" > "$work/mosquitto.conf"
timeout 60 "$MOSQUITTO" -c "$work/mosquitto.conf" > "$work/mosquitto.log" 2>&1 &
pids+=($!)
wait_tcp "$port" || { cat "$work/mosquitto.log"; exit 1; }
timeout 30 target/debug/examples/mqtt_connect "mqtt://dev%2D1:s3cr%40t@127.0.0.1:$port/" | tee "$work/mqtt.out"
grep -q 'message round-tripped' "$work/mqtt.out"
if timeout 30 target/debug/examples/mqtt_connect "mqtt://dev%2D1:wrong@127.0.0.1:$port/" > "$work/mqtt-bad.out" 2>&1; then
    echo "error: a wrong password was accepted"; exit 1
fi
grep -q NotAuthorized "$work/mqtt-bad.out" && echo "wrong password refused: NotAuthorized"
echo "real servers: HTTP redirects, CoAP and MQTT all passed"
