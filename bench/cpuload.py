"""How much CPU other processes used while a benchmark ran: a noise indicator for bench/ scripts."""

from __future__ import annotations

import os
import time

__all__ = ["CpuAccount", "wait_quiet"]


class CpuAccount:
    """CPU time used by other processes over an interval, in CPUs (a noise indicator).

    (busy jiffies of the whole machine from /proc/stat, hypervisor steal included, minus this
    process's own, all its threads) / wall time. None where /proc is missing.
    """

    def __init__(self):
        self.tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        self.start = self._sample()

    @staticmethod
    def _busy() -> int | None:
        try:
            with open("/proc/stat") as f:
                fields = [int(x) for x in f.readline().split()[1:]]
        except (OSError, ValueError):
            return None
        # user nice system idle iowait irq softirq steal guest guest_nice: busy = all but idle, iowait, guests
        return sum(fields[:8]) - fields[3] - fields[4]

    @staticmethod
    def _own() -> int | None:
        try:
            with open("/proc/self/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])  # utime + stime of every thread
        except (OSError, ValueError, IndexError):
            return None

    def _sample(self):
        return time.perf_counter(), self._busy(), self._own()

    def other_cpus(self) -> float | None:
        """Other processes' average CPU use since the start (or the last call), in CPUs."""
        now = self._sample()
        (t0, b0, o0), (t1, b1, o1) = self.start, now
        self.start = now
        if None in (b0, o0, b1, o1) or t1 <= t0:
            return None
        return max(0.0, ((b1 - b0) - (o1 - o0)) / self.tick / (t1 - t0))


def wait_quiet(max_seconds: float, threshold: float = 0.1, window: float = 0.5) -> dict:
    """Waits (up to max_seconds) until other processes use at most `threshold` CPUs over `window`."""
    if max_seconds <= 0:
        return {"waited_seconds": 0.0, "other_cpus": None, "quiet": None}
    start = time.perf_counter()
    account = CpuAccount()
    other = None
    while True:
        time.sleep(window)
        other = account.other_cpus()
        waited = time.perf_counter() - start
        if other is None or other <= threshold or waited >= max_seconds:
            return {"waited_seconds": waited, "other_cpus": other, "quiet": other is None or other <= threshold}
