#!/usr/bin/env python3
"""Writes seed inputs for the fuzz targets into fuzz/corpus-full/<target>/ (not committed;
`fuzz/corpus/<target>/` holds the minimized corpus that is).

Sources: the WPT inputs (tests/data/urltestdata.json, setters_tests.json,
urlencoded-parser.json) and a sample of /work/shared/corpus/*.txt. A parse input with a base
is `input 0xFF base` (0xFF never occurs in UTF-8)."""
import hashlib, json, os, random, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = os.path.join(root, "fuzz", "corpus-full")
shared = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/corpus"

def write(target, data: bytes):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)

def enc(s):
    return s.encode("utf-8", "surrogatepass") if isinstance(s, str) else s

urls = []
for t in json.load(open(os.path.join(root, "tests/data/urltestdata.json"))):
    if not isinstance(t, dict):
        continue
    try:
        inp = enc(t["input"]).decode("utf-8").encode()
        base = t.get("base")
        data = inp + (b"\xff" + base.encode() if base is not None else b"")
    except UnicodeError:
        continue  # lone surrogates: not representable as UTF-8
    urls.append(data)

rnd = random.Random(7)
for path in sorted(os.listdir(shared)) if os.path.isdir(shared) else []:
    full = os.path.join(shared, path)
    if path.endswith(".txt"):
        lines = [l.rstrip(b"\n") for l in open(full, "rb")]
        urls += rnd.sample(lines, min(60, len(lines)))
    elif path.endswith(".tsv"):
        lines = [l.rstrip(b"\n").split(b"\t") for l in open(full, "rb")]
        for l in rnd.sample(lines, min(60, len(lines))):
            urls.append(l[0] + (b"\xff" + l[1] if len(l) > 1 else b""))

for u in urls:
    for t in ("parse", "differential_url", "differential_ada"):
        write(t, u)
    host = u.split(b"\xff")[0].split(b"//")[-1].split(b"/")[0]
    write("idna", host)

setters = json.load(open(os.path.join(root, "tests/data/setters_tests.json")))
names = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname",
         "search", "hash"]
for name, cases in setters.items():
    if name not in names:
        continue
    for c in cases:
        try:
            write("setters", bytes([names.index(name)]) + c["href"].encode() + b"\xff" + c["new_value"].encode())
        except UnicodeError:
            pass

for c in json.load(open(os.path.join(root, "tests/data/urlencoded-parser.json"))):
    if isinstance(c, dict):
        try:
            write("form", bytes([rnd.randrange(64)]) + c["input"].encode() + b"\xff\x00\x01\x02\x03\x04")
        except UnicodeError:
            pass
for u in urls[:200]:
    q = u.split(b"?", 1)[-1]
    write("form", bytes([rnd.randrange(256)]) + q)
# c_api: six bytes (the serialization byte and field to change, their values, the helpers'
# buffer size), then the URL; and the firmware URLs of the C examples.
firmware_urls = [b"http://user:secret@h/x#f", b"https://example.com./", b"sc:GET / HTTP/1.1",
                 b"mqtt://127.1/", b"mqtts://u:p@broker.local:8883/t", b"coap://h/a/b?x&y",
                 b"coap://[fe80::1]:5683/s", b"ws://h/mqtt", b"http://[::1]:8080/p?q",
                 b"file:///c:/x", b"mailto:x@y", b"http://a,b/"]
for u in urls[:300] + firmware_urls:
    write("c_api", bytes(rnd.randrange(256) for _ in range(6)) + u.split(b"\xff")[0])
for t in sorted(os.listdir(out)):
    print(t, len(os.listdir(os.path.join(out, t))))
