"""nanomm's autotuner: the space of kernel configurations, a cost model, a search that measures,
and persistent records that nanomm.matmul uses (see search.py for the method).

    from nanomm.compiler.tune import tune, lookup
    result = tune(1024, 1024, 1024, budget="60s")     # searches, verifies, writes a record
    lookup(1024, 1024, 1024)                           # the tuned KernelConfig, or None

`nanomm tune M N K ...` is the command line (compiler/tune/cli.py).
"""

from .records import lookup
from .search import Budget, Candidate, TuneResult, tune
from .space import Problem, Space

__all__ = ["Budget", "Candidate", "Problem", "Space", "TuneResult", "lookup", "tune"]
