"""A compile worker process: `python -m nanomm.compiler.tune.worker FD`.

Started by measure.CompilePool (a fresh interpreter, not a fork: MLIR and threads do not
survive fork, and unlike multiprocessing's 'spawn' it never re-imports the caller's main
module). Messages are length-prefixed pickles: the first one on stdin is the function to run,
then one task dict per message; each result dict is written to file descriptor FD. End of
stdin ends the worker. The worker ignores SIGINT (it runs in its own session anyway): the
tuner that started it handles Ctrl-C and ends it.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import sys

_LEN = struct.Struct("<Q")


def read_message(f):
    head = f.read(_LEN.size)
    if len(head) < _LEN.size:
        return None
    (n,) = _LEN.unpack(head)
    data = f.read(n)
    if len(data) < n:
        return None
    return pickle.loads(data)


def write_message(f, obj) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    f.write(_LEN.pack(len(data)) + data)
    f.flush()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    out = os.fdopen(int(argv[0]), "wb")
    inp = sys.stdin.buffer
    fn = read_message(inp)
    if fn is None:
        return 0
    while True:
        task = read_message(inp)
        if task is None:
            return 0
        try:
            result = fn(task)
        except BaseException as exc:  # noqa: BLE001 - the candidate's failure, reported
            result = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        try:
            write_message(out, result)
        except (OSError, ValueError):
            return 0


if __name__ == "__main__":
    sys.exit(main())
