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

    python3 fake_api.py [--port N] [--port-file FILE]

--port 0 (the default) picks a free port; the port is printed on stdout
("listening on http://127.0.0.1:PORT/api/v3") and written to --port-file.
"""

import argparse
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PREFIX = "/api/v3"
LOCK = threading.Lock()
PETS = {}
NEXT_ID = [1]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as HTTP clients expect

    def _send(self, status, body=None):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _body(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
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
        pet = self._body()
        if pet is None or not isinstance(pet.get("name"), str):
            return self._send(400, {"message": "Invalid input"})
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
        self._send(200, pet)

    def do_POST(self):
        self._write(create=True)

    def do_PUT(self):
        self._write(create=False)

    def do_GET(self):
        if self.path == "/_state":
            with LOCK:
                return self._send(200, {"pets": [PETS[k] for k in sorted(PETS)]})
        pet_id, err = self._pet_id()
        if err:
            return self._send(err, {"message": "Invalid ID supplied" if err == 400 else "not found"})
        with LOCK:
            pet = PETS.get(pet_id)
        if pet is None:
            return self._send(404, {"message": "Pet not found"})
        self._send(200, pet)

    def do_DELETE(self):
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
    args = parser.parse_args()
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
