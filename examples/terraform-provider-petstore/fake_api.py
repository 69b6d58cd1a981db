#!/usr/bin/env python3
"""A tiny in-memory petstore API for trying the provider locally.

Serves the pet endpoints of the Swagger petstore (v3) under /api/v3 on
127.0.0.1, standard library only:

    POST   /api/v3/pet          create (an id is assigned when none is given)
    PUT    /api/v3/pet          update (404 when the id is unknown)
    GET    /api/v3/pet/{petId}  read (404 when missing)
    DELETE /api/v3/pet/{petId}  delete (404 when missing)
    GET    /_state              every stored pet, for checks: {"pets": [...]}

A pet without a status gets "available". Nothing is persisted.

POST honours an Idempotency-Key header: a key seen before answers with the
pet its first request created (still stored), creating nothing.

    python3 fake_api.py [--port N] [--port-file FILE]
                        [--fault-rate R] [--seed N] [--retry-after S] [--fault-delay S]

Fault mode (--fault-rate, or $PETSTORE_FAULT_RATE; 0 = off): each API request,
with probability R, fails in one of three ways, picked evenly:
  500       answered before anything is done;
  429       answered before anything is done, with "Retry-After: S"
            (--retry-after, default 1; a fraction such as 0.05 is allowed);
  late      the request is carried out, then the answer waits --fault-delay
            seconds (default 3), longer than the client's request timeout:
            the client sees a timeout for a change that did happen.
--seed (or $PETSTORE_FAULT_SEED) makes the faults repeatable. The faults served
are counted under "faults" in GET /_state (which never faults).

--port 0 (the default) picks a free port; the port is printed on stdout
("listening on http://127.0.0.1:PORT/api/v3") and written to --port-file.
"""

import argparse
import json
import os
import random
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PREFIX = "/api/v3"
LOCK = threading.Lock()
PETS = {}
NEXT_ID = [1]
KEYS = {}  # Idempotency-Key -> pet id
FAULTS = {"rate": 0.0, "retry_after": "1", "delay": 3.0, "rng": random.Random(), "served": {}}


def draw_fault():
    """The fault of the next request: None, "500", "429" or "late"."""
    with LOCK:
        rng = FAULTS["rng"]
        if FAULTS["rate"] <= 0 or rng.random() >= FAULTS["rate"]:
            return None
        kind = rng.choice(["500", "429", "late"])
        FAULTS["served"][kind] = FAULTS["served"].get(kind, 0) + 1
        return kind


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as HTTP clients expect

    def _send(self, status, body=None, headers=()):
        data = b"" if body is None else json.dumps(body).encode()
        if getattr(self, "_late", False):
            # The change is made; the answer comes after the client gave up.
            time.sleep(FAULTS["delay"])
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _fault(self):
        """Serves a 500 or 429 fault and returns True, or marks the request
        late (answered after --fault-delay) and returns False."""
        self._late = False
        kind = draw_fault()
        if kind == "500":
            self._body_bytes()
            self._send(500, {"message": "fault: internal error"})
            return True
        if kind == "429":
            self._body_bytes()
            self._send(429, {"message": "fault: too many requests"},
                       [("Retry-After", FAULTS["retry_after"])])
            return True
        self._late = kind == "late"
        return False

    def _body_bytes(self):
        if getattr(self, "_raw", None) is None:
            length = int(self.headers.get("Content-Length") or 0)
            self._raw = self.rfile.read(length) if length else b""
        return self._raw

    def _body(self):
        raw = self._body_bytes()
        try:
            pet = json.loads(raw)
        except ValueError:
            return None
        return pet if isinstance(pet, dict) else None

    def _pet_id(self):
        path = self.path.split("?", 1)[0]
        if not path.startswith(PREFIX + "/pet/"):
            return None, 404
        try:
            return int(path[len(PREFIX + "/pet/"):]), None
        except ValueError:
            return None, 400

    def _write(self, create):
        if self.path.split("?", 1)[0] != PREFIX + "/pet":
            return self._send(404, {"message": "not found"})
        key = self.headers.get("Idempotency-Key") if create else None
        pet = self._body()
        if pet is None or not isinstance(pet.get("name"), str):
            return self._send(400, {"message": "Invalid input"})
        with LOCK:
            done = PETS.get(KEYS.get(key)) if key else None
        if done is not None:
            return self._send(200, done)
        with LOCK:
            pet_id = pet.get("id")
            if pet_id is None and create:
                pet_id = NEXT_ID[0]
                pet["id"] = pet_id
            if not isinstance(pet_id, int):
                return self._send(400, {"message": "Invalid ID supplied"})
            NEXT_ID[0] = max(NEXT_ID[0], pet_id + 1)
            if not create and pet_id not in PETS:
                return self._send(404, {"message": "Pet not found"})
            if pet.get("status") is None:
                pet["status"] = "available"
            PETS[pet_id] = pet
            if key:
                KEYS[key] = pet_id
        self._send(200, pet)

    def do_POST(self):
        self._raw = None
        if not self._fault():
            self._write(create=True)

    def do_PUT(self):
        self._raw = None
        if not self._fault():
            self._write(create=False)

    def do_GET(self):
        self._raw = None
        self._late = False
        if self.path == "/_state":
            with LOCK:
                return self._send(200, {"pets": [PETS[k] for k in sorted(PETS)],
                                        "faults": dict(FAULTS["served"])})
        if self._fault():
            return
        pet_id, err = self._pet_id()
        if err:
            return self._send(err, {"message": "Invalid ID supplied" if err == 400 else "not found"})
        with LOCK:
            pet = PETS.get(pet_id)
        if pet is None:
            return self._send(404, {"message": "Pet not found"})
        self._send(200, pet)

    def do_DELETE(self):
        self._raw = None
        if self._fault():
            return
        pet_id, err = self._pet_id()
        if err:
            return self._send(err, {"message": "Invalid ID supplied" if err == 400 else "not found"})
        with LOCK:
            found = PETS.pop(pet_id, None) is not None
        if not found:
            return self._send(404, {"message": "Pet not found"})
        self._send(200)

    def log_message(self, fmt, *args):
        sys.stderr.write("%s %s\n" % (self.log_date_time_string(), fmt % args))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file")
    env = os.environ.get
    parser.add_argument("--fault-rate", type=float, default=float(env("PETSTORE_FAULT_RATE") or 0))
    parser.add_argument("--seed", type=int, default=int(env("PETSTORE_FAULT_SEED") or 0) or None)
    parser.add_argument("--retry-after", default="1")
    parser.add_argument("--fault-delay", type=float, default=3.0)
    args = parser.parse_args()
    FAULTS.update(rate=args.fault_rate, retry_after=args.retry_after, delay=args.fault_delay,
                  rng=random.Random(args.seed))
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    port = server.server_address[1]
    if args.port_file:
        with open(args.port_file + ".tmp", "w") as f:
            f.write(f"{port}\n")
        os.replace(args.port_file + ".tmp", args.port_file)
    print(f"listening on http://127.0.0.1:{port}{PREFIX}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
