"""kill.py SIGNAL ARGV0_SUFFIX [--count]: SIGNAL (KILL) to every process whose argv[0] ends with
ARGV0_SUFFIX (read from /proc, so no procps is needed), or with --count print how many there are.
A provisioner runs it to kill a provider mid-apply (e2e/mux.sh's faults stage)."""
import os
import signal
import sys

sig, suffix = getattr(signal, "SIG" + sys.argv[1]), sys.argv[2]
found = []
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            argv0 = f.read().split(b"\0")[0].decode(errors="replace")
    except OSError:
        continue
    if argv0.endswith(suffix) and int(pid) != os.getpid():
        found.append(int(pid))
if "--count" in sys.argv:
    print(len(found))
else:
    for pid in found:
        os.kill(pid, sig)
    print(f"kill.py: SIG{sys.argv[1]} to {found}")
