"""Timing for bench/ scripts: calls timed one by one, a warm-up that sets repetitions, interleaved rounds.

Every figure a benchmark reports comes from here, so every script follows one method:
- `warm_up`: at least 3 calls and at least `seconds`; the later half's median sets how many calls
  make a measurement of about `target` seconds;
- `interleaved`: `rounds` rounds, each measuring every callable once (order reversed on odd
  rounds, an optional sleep `gap` before each measurement); a measurement's value is the median
  of its calls; a callable's figure is its best (lowest) round median, its spread the relative
  distance of its worst round median from that;
- `repeat_runs`: for loops that take an iteration count (peak.py): calibrate a count that lasts
  about seconds/6, then run until at least 3 runs and `seconds` have passed.
"""

from __future__ import annotations

import statistics
import time
from typing import Callable

__all__ = ["time_calls", "warm_up", "interleaved", "summarise", "calibrate", "repeat_runs"]


def time_calls(fn: Callable[[], object], reps: int, idle: float = 0.0) -> list[int]:
    """Nanoseconds of each of `reps` calls of fn, each timed alone (after `idle` seconds of sleep)."""
    clock, sleep = time.perf_counter_ns, time.sleep
    samples = [0] * reps
    for i in range(reps):
        if idle:
            sleep(idle)
        t0 = clock()
        fn()
        samples[i] = clock() - t0
    return samples


def warm_up(fn: Callable[[], object], seconds: float, target: float, min_reps: int = 3) -> tuple[int, list[int]]:
    """Calls fn >= 3 times and for >= `seconds`; returns (calls for a ~target-second measurement, samples)."""
    samples: list[int] = []
    start = time.perf_counter()
    while len(samples) < 3 or time.perf_counter() - start < seconds:
        samples += time_calls(fn, 1)
    typical = statistics.median(samples[len(samples) // 2:]) / 1e9  # the later half is warm
    return max(min_reps, int(round(target / max(typical, 1e-9)))), samples


def summarise(rounds_ns: list[list[int]]) -> dict:
    """Best round median, every round median and the spread, from each round's samples (ns)."""
    medians = [statistics.median(s) for s in rounds_ns]
    best = min(medians)
    best_round = rounds_ns[medians.index(best)]
    q = sorted(best_round)
    return {
        "best_median_s": best / 1e9,
        "round_medians_s": [m / 1e9 for m in medians],
        "spread": (max(medians) - best) / best if best > 0 else 0.0,
        "best_round_p10_s": q[int(0.1 * (len(q) - 1))] / 1e9,
        "best_round_p90_s": q[int(0.9 * (len(q) - 1))] / 1e9,
    }


def interleaved(calls: dict[str, Callable[[], object]], *, rounds: int, target: float, warmup: float,
                min_reps: int = 3, gap: float = 0.0,
                progress: Callable[[str], None] | None = None) -> dict[str, dict]:
    """Times every callable in `rounds` interleaved rounds (see the module doc).

    Returns {name: {"reps", "warmup_ns", "rounds": [{"median_ns", "samples_ns"}], "best_median_s",
    "round_medians_s", "spread", "best_round_p10_s", "best_round_p90_s"}}.
    """
    order = list(calls)
    out: dict[str, dict] = {name: {"rounds": []} for name in order}
    for name in order:
        if progress:
            progress(f"warm-up {name}")
        out[name]["reps"], out[name]["warmup_ns"] = warm_up(calls[name], warmup, target, min_reps)
    for r in range(rounds):
        for name in (order if r % 2 == 0 else order[::-1]):
            if progress:
                progress(f"round {r + 1}/{rounds} {name} ({out[name]['reps']} calls)")
            if gap:
                time.sleep(gap)
            samples = time_calls(calls[name], out[name]["reps"])
            out[name]["rounds"].append({"median_ns": statistics.median(samples), "samples_ns": samples})
    for name in order:
        out[name].update(summarise([rd["samples_ns"] for rd in out[name]["rounds"]]))
    return out


def calibrate(run: Callable[[int], float], seconds: float, start: int = 100_000) -> int:
    """An iteration count n for which run(n) (returning its seconds) lasts about seconds/6 (>= 10 ms)."""
    n = start
    t = run(n)
    while t < 0.005:
        n *= 4
        t = run(n)
    return max(1, int(n * max(0.01, seconds / 6) / t))


def repeat_runs(run: Callable[[], float], seconds: float, min_runs: int = 3) -> list[float]:
    """Calls run() (returning its seconds) at least `min_runs` times and for at least `seconds`."""
    times: list[float] = []
    start = time.perf_counter()
    while len(times) < min_runs or time.perf_counter() - start < seconds:
        times.append(run())
    return times
