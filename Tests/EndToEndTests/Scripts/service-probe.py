#!/usr/bin/env python3
"""Talks to a running `regimen study serve` over HTTPS, as a client the tests control byte by byte
(docs/study-service.md). Standard library only; every request goes to the URL given (loopback in the tests) and every
loop is bounded in count and time.

  service-probe.py request URL CA METHOD PATH [TOKEN] [BODY-FILE]
      one request; prints the status on the first line and the body after it.
  service-probe.py retired PORT-FILE
      a stand-in for a later service that no longer serves API v1: plain HTTP on 127.0.0.1, every request answered
      404 unsupported-version; writes its port to PORT-FILE and stops after 60 s.
  service-probe.py hostile URL CA TOKEN
      malformed, truncated and wrongly typed JSON, a huge body, 10,000 tiny requests, a client sending a byte a second,
      and a TLS client that never finishes its handshake: each gets its error or is cut off, and the service answers
      others meanwhile. Prints "ok N what" per check and "all N checks passed"; exits 1 at the first failure.
"""
import http.client
import json
import socket
import ssl
import sys
import threading
import time
import urllib.parse


def connection(url, ca, timeout=30):
    parts = urllib.parse.urlsplit(url)
    context = ssl.create_default_context(cafile=ca)
    return http.client.HTTPSConnection(parts.hostname, parts.port, context=context, timeout=timeout)


def request(url, ca, method, path, token=None, body=None, headers=None, conn=None):
    own = conn is None
    conn = conn or connection(url, ca)
    all_headers = dict(headers or {})
    if token:
        all_headers["Authorization"] = "Bearer " + token
    if body is not None:
        all_headers.setdefault("Content-Type", "application/json")
    conn.request(method, path, body=body, headers=all_headers)
    response = conn.getresponse()
    data = response.read()
    result = (response.status, dict(response.getheaders()), data)
    if own:
        conn.close()
    return result


checks = 0


def ok(what):
    global checks
    checks += 1
    print(f"ok {checks} {what}", flush=True)


def fail(what):
    print(f"FAIL: {what}", flush=True)
    sys.exit(1)


def problem(status, headers, data, expected_status, kind, place=None):
    if status != expected_status:
        fail(f"expected {expected_status} {kind}, got {status}: {data[:300]!r}")
    content_type = next((v for k, v in headers.items() if k.lower() == "content-type"), "")
    if content_type != "application/problem+json":
        fail(f"a {status} answer is not a problem document: {content_type}")
    document = json.loads(data)
    if not document.get("type", "").endswith("/" + kind):
        fail(f"expected problem type {kind}, got {document}")
    if place is not None and place not in document.get("detail", ""):
        fail(f"the detail does not name {place}: {document}")
    return document


def served_meanwhile(url, ca, token):
    status, _, data = request(url, ca, "GET", "/v1/device", token)
    if status != 200:
        fail(f"the service did not answer another client meanwhile: {status} {data[:200]!r}")


def hostile(url, ca, token):
    parts = urllib.parse.urlsplit(url)
    now = time.time() - 978307200

    # Malformed, truncated and wrongly typed JSON: 400 naming the place.
    status, headers, data = request(url, ca, "POST", "/v1/push", token, body=b"{not json")
    problem(status, headers, data, 400, "malformed-request")
    ok("malformed JSON: 400")
    body = json.dumps({"outboxEnd": 1, "deviceNow": now, "changes": []}).encode()
    status, headers, data = request(url, ca, "POST", "/v1/push", token, body=body[: len(body) // 2])
    problem(status, headers, data, 400, "malformed-request")
    ok("truncated JSON: 400")
    wrong = {"outboxEnd": 1, "deviceNow": now, "changes": [{"localSeq": "one", "kind": "version"}]}
    status, headers, data = request(url, ca, "POST", "/v1/push", token, body=json.dumps(wrong).encode())
    problem(status, headers, data, 400, "malformed-request", place="changes[0].localSeq")
    ok("a wrong type: 400 naming changes[0].localSeq")
    missing = {"deviceNow": now, "changes": []}
    status, headers, data = request(url, ca, "POST", "/v1/push", token, body=json.dumps(missing).encode())
    problem(status, headers, data, 400, "malformed-request", place="outboxEnd")
    ok("a missing member: 400 naming outboxEnd")
    far = {"outboxEnd": 0, "deviceNow": 1e300, "changes": []}
    status, headers, data = request(url, ca, "POST", "/v1/push", token, body=json.dumps(far).encode())
    problem(status, headers, data, 400, "malformed-request", place="deviceNow")
    ok("an impossible instant: 400 naming deviceNow")
    status, headers, data = request(url, ca, "GET", "/v1/pull?after=-3", token)
    problem(status, headers, data, 400, "malformed-request", place="after")
    ok("a negative anchor: 400")

    # A body over the limit: 413, and the connection does not take the service down.
    huge = b"[" + b"0," * (3 * 1024 * 1024) + b"0]"
    try:
        status, headers, data = request(url, ca, "POST", "/v1/push", token, body=huge)
        problem(status, headers, data, 413, "too-large")
    except (ConnectionError, ssl.SSLError, http.client.HTTPException) as error:
        # The service may close the connection once it has answered 413 while the client still sends.
        print(f"# the huge body's connection was closed: {error}")
    served_meanwhile(url, ca, token)
    ok("a 6 MiB body: refused, the service serves on")

    # No, a malformed, and an unknown token: one answer, 401 with WWW-Authenticate.
    for presented in [None, "not-a-token", "rgm_" + "0" * 64]:
        status, headers, data = request(url, ca, "GET", "/v1/device", presented)
        problem(status, headers, data, 401, "unauthorized")
        if not any(k.lower() == "www-authenticate" for k in headers):
            fail("a 401 without WWW-Authenticate")
    ok("no, a malformed and an unknown token: 401 unauthorized")

    # 10,000 tiny requests on 8 keep-alive connections at once: each answered, none 5xx, bounded to 120 s.
    deadline = time.time() + 120
    counts = {"done": 0, "bad": 0}
    lock = threading.Lock()

    def tiny(n):
        conn = connection(url, ca)
        for _ in range(n):
            if time.time() > deadline:
                break
            status, _, _ = request(url, ca, "GET", "/v1/pull?after=0&limit=1", "rgm_" + "1" * 64, conn=conn)
            with lock:
                counts["done"] += 1
                if status != 401:
                    counts["bad"] += 1
        conn.close()

    threads = [threading.Thread(target=tiny, args=(1250,)) for _ in range(8)]
    start = time.time()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if counts["done"] != 10000 or counts["bad"]:
        fail(f"tiny requests: {counts}")
    served_meanwhile(url, ca, token)
    ok(f"10,000 tiny requests answered 401 in {time.time() - start:.1f} s; the service serves on")

    # A client that sends its request a byte a second is cut off (bounded: 30 s), and others are served meanwhile.
    context = ssl.create_default_context(cafile=ca)
    raw = socket.create_connection((parts.hostname, parts.port), timeout=30)
    slow = context.wrap_socket(raw, server_hostname=parts.hostname)
    text = b"GET /v1/device HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token.encode() + b"\r\n\r\n"
    start = time.time()
    cut = False
    for index in range(30):
        try:
            slow.send(text[index:index + 1])
            if index == 3:
                served_meanwhile(url, ca, token)
            slow.settimeout(1.0)
            try:
                if slow.recv(1) == b"":
                    cut = True
                    break
            except socket.timeout:
                pass
        except (ConnectionError, ssl.SSLError, OSError):
            cut = True
            break
    slow.close()
    if not cut:
        fail("a client sending a byte a second was not cut off within 30 s")
    ok(f"a client sending a byte a second was cut off after {time.time() - start:.0f} s; others were served")

    # A TLS client that never finishes its handshake is cut off too (bounded: 30 s).
    raw = socket.create_connection((parts.hostname, parts.port), timeout=30)
    raw.send(b"\x16\x03\x01\x00\x05")  # the start of a ClientHello, never finished
    start = time.time()
    served_meanwhile(url, ca, token)
    raw.settimeout(30)
    try:
        closed = raw.recv(1024) == b""
    except (ConnectionError, OSError):
        closed = True
    except socket.timeout:
        closed = False
    raw.close()
    if not closed or time.time() - start > 29:
        fail("a TLS handshake that never finished was not cut off within 30 s")
    ok(f"a TLS handshake never finished was cut off after {time.time() - start:.0f} s; others were served")

    # A version this service does not serve, and a route that does not exist.
    status, headers, data = request(url, ca, "GET", "/v2/pull", token)
    problem(status, headers, data, 404, "unsupported-version")
    status, headers, data = request(url, ca, "GET", "/v1/nothing", token)
    problem(status, headers, data, 404, "not-found")
    ok("an unknown version and an unknown route: 404 problems")
    print(f"all {checks} checks passed")


def retired(port_file):
    import http.server

    class Retired(http.server.BaseHTTPRequestHandler):
        def answer(self):
            body = json.dumps({"type": "https://regimen.invalid/problems/unsupported-version", "status": 404,
                               "title": "This API version is not served", "detail": "this service answers API version 2"})
            self.send_response(404)
            self.send_header("Content-Type", "application/problem+json")
            self.send_header("Regimen-API-Versions", "2")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body.encode())

        do_GET = do_POST = answer

        def log_message(self, *arguments):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Retired)
    server.timeout = 1
    with open(port_file, "w") as file:
        file.write(str(server.server_address[1]))
    deadline = time.time() + 60
    while time.time() < deadline:
        server.handle_request()


def main():
    if len(sys.argv) >= 6 and sys.argv[1] == "request":
        url, ca, method, path = sys.argv[2:6]
        token = sys.argv[6] if len(sys.argv) > 6 and sys.argv[6] else None
        body = open(sys.argv[7], "rb").read() if len(sys.argv) > 7 else None
        status, _, data = request(url, ca, method, path, token, body=body)
        sys.stdout.write(f"{status}\n")
        sys.stdout.write(data.decode("utf-8", "replace"))
        return
    if len(sys.argv) == 3 and sys.argv[1] == "retired":
        retired(sys.argv[2])
        return
    if len(sys.argv) == 5 and sys.argv[1] == "hostile":
        hostile(sys.argv[2], sys.argv[3], sys.argv[4])
        return
    print(__doc__, file=sys.stderr)
    sys.exit(64)


if __name__ == "__main__":
    main()
