#!/usr/bin/env python3
"""Provider start to handshake line, as Terraform launches it.

Usage: e2e/handshake-time.py PROVIDER_BINARY [RUNS]

Sets the environment go-plugin's client sets (magic cookie, protocol
versions, port range, and a P-521 client certificate made with openssl, as
Terraform's AutoMTLS does), starts the provider RUNS times (default 50),
and times from spawn to the first complete stdout line (the handshake
line), then stops the process. Prints min / median / p90 / max in ms.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2"


def client_cert(tmp: str) -> str:
    key, crt = os.path.join(tmp, "k.pem"), os.path.join(tmp, "c.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:secp521r1",
         "-sha512", "-nodes", "-keyout", key, "-out", crt, "-days", "1",
         "-subj", "/O=HashiCorp/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
        check=True, capture_output=True)
    with open(crt) as f:
        return f.read()


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        env.update({
            "TF_PLUGIN_MAGIC_COOKIE": COOKIE,
            "PLUGIN_PROTOCOL_VERSIONS": "5,6",
            "PLUGIN_MIN_PORT": "10000",
            "PLUGIN_MAX_PORT": "25000",
            "PLUGIN_CLIENT_CERT": client_cert(tmp),
        })
        env.pop("TF_LOG", None)
        times = []
        line = ""
        for _ in range(runs):
            start = time.perf_counter()
            p = subprocess.Popen([binary], env=env, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            line = p.stdout.readline() if p.stdout else ""
            times.append((time.perf_counter() - start) * 1000)
            p.kill()
            p.wait()
            if not line.startswith("1|"):
                print(f"not a handshake line: {line!r}", file=sys.stderr)
                return 1
    times.sort()
    p90 = times[int(len(times) * 0.9) - 1]
    fields = line.strip().split("|")
    print(f"handshake: {'|'.join(fields[:5])}|<cert {len(fields[5]) if len(fields) > 5 else 0} chars>")
    print(f"start to handshake over {runs} runs: min {times[0]:.1f} ms, median {statistics.median(times):.1f} ms, "
          f"p90 {p90:.1f} ms, max {times[-1]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
