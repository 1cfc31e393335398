"""Fault injection for the tuner's tests: compile functions that crash, hang or fail on chosen configs.

Use as `tune(..., compile_fn=functools.partial(faulty_compile, crash=[{"unroll_k": 2}]))`: a
candidate whose config has every field of a `crash` entry makes its worker exit abruptly
(os._exit, as a segfault would), of a `hang` entry makes it sleep forever (the timeout), of a
`fail` entry raises; any other compiles normally.
"""

from __future__ import annotations

import os
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
