"""Timing helpers shared by the tuner (compiler/tune) and the runtime-only remote timer."""

from __future__ import annotations


def robust_seconds(rounds: list[float]) -> float:
    """A finalist's figure: the mean of the faster half of its rounds (each a median)."""
    fast = sorted(rounds)[: max(1, (len(rounds) + 1) // 2)]
    return sum(fast) / len(fast)
