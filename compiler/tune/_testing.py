"""Fault injection for the tuner's tests: compile functions that crash, hang or fail on chosen configs.

Use as `tune(..., compile_fn=functools.partial(faulty_compile, crash=[{"unroll_k": 2}]))`: a
candidate whose config has every field of a `crash` entry makes its worker exit abruptly
(os._exit, as a segfault would), of a `hang` entry makes it sleep forever (the timeout), of a
`fail` entry raises; any other compiles normally.

`faulty_export` is the same for cluster tuning (compiler/tune/cluster.py), its patterns matched
against the problem's fields, the config's and the candidate's `index` together, plus `kill_worker`: the first such
candidate (of all processes: `once` is a file made atomically) kills the Dask worker whose
compile process runs it (SIGKILL, as an OOM kill or a lost machine would).
"""

from __future__ import annotations

import os
import signal
import time

from .measure import compile_candidate


def _matches(config: dict, patterns: list[dict] | None) -> bool:
    return any(all(config.get(k) == v for k, v in p.items()) for p in patterns or [])


def faulty_compile(task: dict, crash: list[dict] | None = None, hang: list[dict] | None = None,
                   fail: list[dict] | None = None) -> dict:
    cfg = task["config"]
    if _matches(cfg, crash):
        os._exit(139)
    if _matches(cfg, hang):
        while True:
            time.sleep(3600)
    if _matches(cfg, fail):
        raise RuntimeError("injected compile failure")
    return compile_candidate(task)


def faulty_export(task: dict, crash: list[dict] | None = None, hang: list[dict] | None = None,
                  kill_worker: list[dict] | None = None, once: str | None = None) -> dict:
    from .cluster import export_candidate

    fields = {**task["problem"], **task["config"], "index": task.get("index")}
    if _matches(fields, kill_worker) and once is not None and _first(once):
        os.kill(os.getppid(), signal.SIGKILL)  # the worker; this process then reads end of input and exits
        time.sleep(30)
    if _matches(fields, crash):
        os._exit(139)
    if _matches(fields, hang):
        while True:
            time.sleep(3600)
    return export_candidate(task)


def _first(path: str) -> bool:
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    return True
