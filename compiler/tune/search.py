"""The tuner: search the space of one problem, measure, re-time the best, keep a record.

    result = tune(1024, 1024, 1024)                   # model-guided, 60 s budget
    result = tune(64, 64, 64, exhaustive=True)        # every configuration of the space
    result.best.config, result.speedup, result.record_path

Search (see space.py, model.py, measure.py):
  * The heuristic default is evaluated first: every search starts from it and the result is
    never slower than it (it takes part in the final re-timing).
  * Small spaces (at most EXHAUSTIVE_MAX configurations), or exhaustive=True: every
    configuration, in the model's order.
  * Otherwise model-guided: the analytic model ranks the space's structural choices (tile,
    blocks, packing, order; the minor knobs are learnt later) and a diverse set of the best
    is measured; then every combination of the minor knobs on the best of them (`_sweep_knobs`);
    then an evolutionary step: the neighbours of the best measured
    configurations (one dimension changed: Space.neighbours) and crossovers between them are
    ranked by the surrogate (the model corrected by the measurements so far) and the best of
    them measured, with one random pick among the next for exploration, generation after
    generation, until the budget (seconds or configurations) is spent, `max_fraction` of the
    space has been measured, or (once SETTLE of a time budget is spent) `patience` generations
    bring no gain of more than 1%.
  * Final: the `final_top` fastest distinct candidates, the default and the incumbent (the
    best of an earlier record) are re-timed in `final_rounds` interleaved rounds (the order
    reversed every other round), which cancels drift; a round's value is the median of a few
    samples. Then a playoff: those within PLAYOFF of the best (at most PLAYOFF_SIZE), the
    default and the incumbent, PLAYOFF_ROUNDS more interleaved rounds. A finalist's figure is
    `robust_seconds` of its rounds (the mean of the faster half: interference only slows
    rounds down, and one lucky round does not decide), its spread (slowest - best) / best
    round. The result is the fastest, except that the default, else the incumbent, wins
    when within TIE of it: a difference below the noise is no reason to change
    configuration, and preferring one fixed choice makes repeated runs pick the same.
  * Candidates compile in worker processes (a crash or timeout fails that candidate only),
    are checked against numpy, then timed in this process while the workers wait.
  * The record is written (atomically) every SAVE_EVERY seconds between batches, at the end
    and on Ctrl-C, so an interruption leaves a consistent, resumable record; resume=True
    skips the configurations it already holds.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
import time
import uuid
from typing import Callable

from ...errors import CpuFeatureError, NanommError
from ...runtime.cpu import CpuInfo, host_cpu, missing_features
from ...runtime.timing import robust_seconds
from ..config import KernelConfig
from . import records
from .measure import Bench, CompilePool, build, cpu_count_for_workers, effective_threads
from .model import Surrogate
from .space import BOOL_VALUES, FIELDS, UNROLL_VALUES, Problem, Space, canonical, config_key, prefetch_values, short

EXHAUSTIVE_MAX = 48
DEFAULT_BUDGET_SECONDS = 60.0
MIN_EVALS = 24
SETTLE = 0.75  # share of a time budget spent before the patience rule may stop the search
FINAL_SAMPLE = 0.005  # seconds of calls per sample in the final re-timing
PLAYOFF = 0.03        # finalists within 3% of the best go on to the playoff
PLAYOFF_SIZE = 3      # at most this many (besides the default and the incumbent)
PLAYOFF_ROUNDS = 8
TIE = 0.01            # the default / incumbent wins within 1% of the fastest
SAVE_EVERY = 2.0  # seconds between writes of the partial record (and at the end, and on Ctrl-C)


@dataclasses.dataclass(frozen=True)
class Budget:
    """How much to search: wall seconds, configurations measured, or both (the first reached)."""

    seconds: float | None = None
    configs: int | None = None

    @classmethod
    def parse(cls, text: str | int | float | None) -> "Budget | None":
        """'60s', '2m', '90.5s' -> seconds; '200' -> configurations; None -> None."""
        if text is None:
            return None
        if isinstance(text, (int, float)) and not isinstance(text, bool):
            return cls(configs=int(text))
        t = str(text).strip().lower()
        try:
            if t.endswith("min"):
                return cls(seconds=float(t[:-3]) * 60)
            if t.endswith("m"):
                return cls(seconds=float(t[:-1]) * 60)
            if t.endswith("s"):
                return cls(seconds=float(t[:-1]))
            value = int(t)
        except ValueError:
            raise NanommError(f"bad budget {text!r}: use seconds ('60s', '2m') or a number of configurations") \
                from None
        if value <= 0:
            raise NanommError(f"bad budget {text!r}: must be positive")
        return cls(configs=value)

    def __str__(self) -> str:
        parts = ([f"{self.seconds:g}s"] if self.seconds is not None else []) + \
                ([f"{self.configs} configs"] if self.configs is not None else [])
        return " or ".join(parts) or "unlimited"


@dataclasses.dataclass
class Candidate:
    config: KernelConfig
    source: str                      # default | model | knobs | evolve | exhaustive | record | incumbent
    status: str = "pending"          # ok | failed | wrong | pending
    seconds: float | None = None     # median sample of the search measurement
    spread: float | None = None
    predicted: float | None = None   # the analytic model's seconds
    error: str | None = None
    compile_seconds: float | None = None
    index: int = -1                  # evaluation order (-1: from a record)
    final_seconds: float | None = None
    final_spread: float | None = None
    final_rounds: list[float] | None = None

    def figure(self) -> float | None:
        return self.final_seconds if self.final_seconds is not None else self.seconds

    def to_json(self, flops: int) -> dict:
        fig = self.figure()
        return {"config": self.config.as_dict(), "source": self.source, "status": self.status,
                "seconds": self.seconds, "spread": self.spread, "predicted": self.predicted, "error": self.error,
                "compile_seconds": self.compile_seconds, "index": self.index, "final_seconds": self.final_seconds,
                "final_spread": self.final_spread, "final_rounds": self.final_rounds,
                "gflops": flops / fig / 1e9 if fig else None}

    @classmethod
    def from_json(cls, d: dict) -> "Candidate":
        return cls(config=records.config_of(d), source="record", status=d.get("status", "ok"),
                   seconds=d.get("seconds"), spread=d.get("spread"), predicted=d.get("predicted"),
                   error=d.get("error"), compile_seconds=d.get("compile_seconds"), index=-1)


@dataclasses.dataclass
class TuneResult:
    problem: Problem
    best: Candidate
    default: Candidate | None
    candidates: list[Candidate]
    finalists: list[Candidate]
    space_size: int
    mode: str
    elapsed: float
    record_path: str | None
    interrupted: bool = False

    @property
    def evaluated(self) -> list[Candidate]:
        return [c for c in self.candidates if c.index >= 0]

    @property
    def failed(self) -> list[Candidate]:
        return [c for c in self.evaluated if c.status in ("failed", "wrong")]

    @property
    def speedup(self) -> float | None:
        """The default's final time over the best's (>= 1: the best is at least as fast)."""
        if self.default is None or not self.default.figure() or not self.best.figure():
            return None
        return self.default.figure() / self.best.figure()

    def gflops(self, cand: Candidate) -> float | None:
        fig = cand.figure()
        return self.problem.flops / fig / 1e9 if fig else None


ProgressFn = Callable[[dict], None]


def pick(finalists: list[Candidate], preferred: list[Candidate | None] = (), tie: float = TIE) -> Candidate:
    """The fastest finalist, or the first of `preferred` (the default, the incumbent) that is
    a finalist within `tie` of it."""
    fastest = min(finalists, key=lambda c: c.final_seconds)
    for c in preferred:
        if c is not None and c in finalists and c.final_seconds <= fastest.final_seconds * (1 + tie):
            return c
    return fastest


def tune(M: int, N: int, K: int, dtype: str = "f32", *, threads: int = 1, budget: Budget | str | int | None = None,
         exhaustive: bool = False, resume: bool = False, cpu: CpuInfo | None = None, workers: int | None = None,
         timeout: float = 60.0, compile_fn: Callable[[dict], dict] | None = None, progress: ProgressFn | None = None,
         write_record: bool = True, seed: int = 0, max_fraction: float = 0.12, patience: int = 10,
         final_top: int = 5, final_rounds: int = 7, record_dir=None) -> TuneResult:
    """Tunes C = A @ B for one shape on this machine; see the module doc. Returns a TuneResult
    whose `best` is verified (checked against numpy) and at least as fast as the default."""
    cpu = cpu or host_cpu()
    missing = missing_features(cpu.features)
    if missing:  # e.g. NANOMM_HOST_CPU names another CPU: its kernels cannot be timed here
        raise CpuFeatureError(f"tuning for {cpu.name} times its kernels, which need {', '.join(missing)}: this "
                              f"CPU lacks them; tune on that CPU (or prepare candidates for it with "
                              f"nanomm.compiler.tune.remote)")
    if not isinstance(budget, Budget):
        budget = Budget.parse(budget)
    if budget is None and not exhaustive:
        budget = Budget(seconds=DEFAULT_BUDGET_SECONDS)
    if budget is None:
        budget = Budget()
    problem = Problem(M, N, K, dtype)  # validates before anything starts
    problem = dataclasses.replace(problem, threads=effective_threads(problem, threads, cpu))
    tuner = _Tuner(problem, cpu, budget, resume, workers or cpu_count_for_workers(), timeout, compile_fn,
                   progress, write_record, seed, max_fraction, patience, final_top, final_rounds, record_dir)
    return tuner.run(exhaustive)


class _Tuner:
    def __init__(self, problem, cpu, budget, resume, workers, timeout, compile_fn, progress, write_record, seed,
                 max_fraction, patience, final_top, final_rounds, record_dir):
        self.problem, self.cpu, self.budget = problem, cpu, budget
        self.resume, self.workers, self.timeout, self.compile_fn = resume, workers, timeout, compile_fn
        self.progress_fn, self.write_record, self.rng = progress, write_record, random.Random(seed)
        self.max_fraction, self.patience = max_fraction, patience
        self.final_top, self.final_rounds = final_top, final_rounds
        self.record_dir = record_dir
        self.seed = seed
        self.run_id = uuid.uuid4().hex
        self.start = time.monotonic()
        self.candidates: dict[tuple, Candidate] = {}
        self.evaluations = 0
        self.phase = "setup"
        self.fields = records.key_fields(problem.M, problem.N, problem.K, problem.dtype, problem.threads, cpu,
                                         accumulate=problem.accumulate, prepacked_b=problem.prepacked_b)
        self.record_path: str | None = None
        self._saved = 0.0
        self.mode = "guided"
        self.incumbent: Candidate | None = None

    # --- helpers -------------------------------------------------------------------------

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def best(self) -> Candidate | None:
        ok = [c for c in self.candidates.values() if c.status == "ok" and c.seconds]
        return min(ok, key=lambda c: c.seconds) if ok else None

    def _emit(self, **extra) -> None:
        if self.progress_fn is None:
            return
        best, default = self.best(), self.candidates.get(config_key(self.default_cfg))
        flops = self.problem.flops
        self.progress_fn({"phase": self.phase, "evaluated": self.evaluations, "elapsed": self.elapsed(),
                          "budget": self.budget, "target": self.target_evals,
                          "best_gflops": flops / best.seconds / 1e9 if best else None,
                          "default_gflops": flops / default.seconds / 1e9 if default and default.seconds else None,
                          "best": short(best.config) if best else None, "unit": self.problem.unit, **extra})

    def room(self, batch: int) -> int:
        """How many configurations the next batch may hold (0: the budget is spent)."""
        b = self.budget
        n = batch
        if b.configs is not None:
            n = min(n, b.configs - self.evaluations)
        if b.seconds is not None:
            per = self.elapsed() / max(1, self.evaluations)
            if self.elapsed() + per * max(1, n) * 0.5 > b.seconds:
                return 0
        return max(0, n)

    # --- the run -------------------------------------------------------------------------

    def run(self, exhaustive: bool) -> TuneResult:
        problem, cpu = self.problem, self.cpu
        self.space = Space(problem, cpu)
        self.default_cfg = self.space.default()
        self.surrogate = Surrogate(problem, cpu)
        self.existing = records.find(self.fields, self.record_dir)
        self.record = records.new_record(self.fields)
        self.record["run"] = self.run_id
        size = len(self.space)
        self.mode = "exhaustive" if (exhaustive or size <= EXHAUSTIVE_MAX) else "guided"
        self.target_evals = size + 1 if self.mode == "exhaustive" else max(
            MIN_EVALS, math.ceil(self.max_fraction * size))
        if self.budget.configs is not None:
            self.target_evals = min(self.target_evals, self.budget.configs)
        if self.resume and self.existing:
            for d in self.existing.get("candidates", []):
                try:
                    cand = Candidate.from_json(d)
                except records.RecordError:
                    continue
                self.candidates.setdefault(config_key(cand.config), cand)
                if cand.status == "ok" and cand.seconds:
                    self.surrogate.observe(cand.config, cand.seconds)
        self.bench = Bench(problem, seed=self.seed)
        interrupted = False
        self.pool = CompilePool(self.workers, self.timeout, self.compile_fn)
        try:
            self.phase = "default"
            self._evaluate([(self.default_cfg, "default")], force=True)
            self._warm_up()
            if self.mode == "exhaustive":
                self.phase = "exhaustive"
                self._exhaustive()
            else:
                self.phase = "model"
                self._guided()
            self.phase = "final"
            self._emit()
            finalists = self._final()
        except KeyboardInterrupt:
            interrupted = True
            self.pool.close(kill=True)
            self._save(final=False)
            raise
        finally:
            self.pool.close(kill=interrupted)
        best = pick(finalists, self._preferred())
        self._save(final=True, best=best)
        self.phase = "done"
        self._emit()
        default = self.candidates.get(config_key(self.default_cfg))
        return TuneResult(problem, best, default, list(self.candidates.values()), finalists, size, self.mode,
                          self.elapsed(), self.record_path, interrupted)

    def _warm_up(self, seconds: float = 0.2) -> None:
        """Runs the default kernel for a while, so the first timings meet a warm core."""
        default = self.candidates.get(config_key(self.default_cfg))
        if default is None or default.status != "ok":
            return
        try:
            call = self.bench.caller(build(self.problem, self.cpu, self.default_cfg))
        except Exception:  # noqa: BLE001
            return
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            call()
        default.seconds = self.bench.time(call).seconds  # measured again, warm

    def _exhaustive(self) -> None:
        todo = [c for c in self.space.configs() if config_key(c) not in self.candidates]
        todo.sort(key=self.surrogate.model)
        batch = 2 * self.workers
        self._evaluate_in_batches(todo, "exhaustive", lambda: self.room(batch))

    def _structural_ranking(self) -> list[KernelConfig]:
        """One representative per structural choice (tile, blocks, K block, packing, order), the
        minor knobs as in the default where the space allows, best model time first."""
        groups: dict[tuple, tuple] = {}
        d = self.default_cfg
        minor = ("unroll_k", "prefetch", "outline", "late_c")
        idx = [FIELDS.index(f) for f in minor]
        want = tuple(getattr(d, f) for f in minor)
        for key in self.space.keys():
            g = tuple(v for i, v in enumerate(key) if i not in idx)
            score = sum(key[i] != w for i, w in zip(idx, want))
            old = groups.get(g)
            if old is None or score < old[0]:
                groups[g] = (score, key)
        reps = [KernelConfig(**dict(zip(FIELDS, key))) for _, key in groups.values()]
        reps.sort(key=self.surrogate.model)
        return reps

    def _guided(self) -> None:
        ranked = self._structural_ranking()
        batch = 2 * self.workers
        # Seeds: the model's best, at most one per (tile, packing) at first, for diversity.
        n_seeds = max(batch, min(3 * batch, self.target_evals // 3))
        # (packed and unpacked B alternate, so that a model wrong about packing costs little)
        seeds, tiles = [], set()
        by_pack = [[c for c in ranked if c.pack_b == flag] for flag in (False, True)]
        by_pack.sort(key=lambda lst: self.surrogate.model(lst[0]) if lst else math.inf)
        for pair in itertools.zip_longest(*by_pack):
            for cfg in pair:
                if cfg is None or len(seeds) >= n_seeds:
                    continue
                t = (cfg.mr, cfg.nr, cfg.pack_b)
                if t not in tiles and config_key(cfg) not in self.candidates:
                    seeds.append(cfg)
                    tiles.add(t)
            if len(seeds) >= n_seeds:
                break
        for cfg in ranked:
            if len(seeds) >= n_seeds:
                break
            if cfg not in seeds and config_key(cfg) not in self.candidates:
                seeds.append(cfg)
        i = 0
        while i < len(seeds):
            n = self._room(batch)
            if n == 0:
                return
            self._evaluate([(c, "model") for c in seeds[i:i + n]])
            i += n
        self._sweep_knobs(batch)
        self.phase = "evolve"
        history: list[float] = []
        next_ranked = iter(ranked)
        while True:
            n = self._room(batch)
            if n == 0:
                break
            best = self.best()
            history.append(best.seconds if best else math.inf)
            settled = self.budget.seconds is None or self.elapsed() > SETTLE * self.budget.seconds
            if settled and len(history) > self.patience and self.evaluations >= MIN_EVALS and \
                    history[-1] > history[-1 - self.patience] * 0.99:
                break  # no gain of more than 1% in `patience` generations (after half the time)
            children = self._children()
            chosen = children[:batch - 1] if len(children) >= batch else children
            # exploration: one more from the rest of the children, or the model's next untried
            rest = children[len(chosen):]
            if rest:
                chosen.append(self.rng.choice(rest[: 4 * batch]))
            while len(chosen) < batch:
                cfg = next(next_ranked, None)
                if cfg is None:
                    break
                if config_key(cfg) not in self.candidates and cfg not in chosen:
                    chosen.append(cfg)
            if not chosen:
                break
            self._evaluate([(c, "evolve") for c in chosen[:n]])

    def _sweep_knobs(self, batch: int) -> None:
        """Every combination of the minor knobs (K unroll, prefetch, outlining, late C) on the
        best configuration so far: together they are worth 10-15% on skinny shapes, and a
        systematic sweep finds them in every run, where random steps find them in some."""
        self.phase = "knobs"
        best = self.best()
        if best is None:
            return
        todo: dict[tuple, KernelConfig] = {}
        for u, pf, outline, late in itertools.product(UNROLL_VALUES, prefetch_values(best.config.isa), BOOL_VALUES,
                                                      BOOL_VALUES):
            try:
                c = canonical(self.problem, dataclasses.replace(best.config, unroll_k=u, prefetch=pf, outline=outline,
                                                                late_c=late))
            except Exception:  # noqa: BLE001 - an invalid combination
                continue
            if c in self.space and config_key(c) not in self.candidates:
                todo.setdefault(config_key(c), c)
        items = sorted(todo.values(), key=self.surrogate.predict)
        self._evaluate_in_batches(items, "knobs", lambda: self._room(batch))

    def _evaluate_in_batches(self, configs: list[KernelConfig], source: str, room) -> None:
        """Evaluates `configs` in order, as many at a time as room() allows, until it allows none."""
        i = 0
        while i < len(configs):
            n = room()
            if n == 0:
                return
            self._evaluate([(c, source) for c in configs[i:i + n]])
            i += n

    def _room(self, batch: int) -> int:
        return max(0, min(self.room(batch), self.target_evals - self.evaluations))

    def _children(self) -> list[KernelConfig]:
        ok = sorted((c for c in self.candidates.values() if c.status == "ok" and c.seconds),
                    key=lambda c: c.seconds)
        parents = ok[:4]
        kids: dict[tuple, KernelConfig] = {}
        for parent in parents:
            for n in self.space.neighbours(parent.config):
                k = config_key(n)
                if k not in self.candidates:
                    kids[k] = n
        # crossover: the best parent's tile with another parent's blocks and knobs
        if len(parents) >= 2:
            a = parents[0].config
            for p in parents[1:]:
                b = p.config
                for fields in ({**b.as_dict(), "mr": a.mr, "nr": a.nr}, {**a.as_dict(), "kc": b.kc},
                               {**a.as_dict(), "unroll_k": b.unroll_k, "outline": b.outline, "late_c": b.late_c}):
                    try:
                        c = canonical(self.problem, KernelConfig(**fields))
                    except Exception:  # noqa: BLE001
                        continue
                    if c in self.space and config_key(c) not in self.candidates:
                        kids[config_key(c)] = c
        return sorted(kids.values(), key=self.surrogate.predict)

    # --- evaluating ----------------------------------------------------------------------

    def _evaluate(self, items: list[tuple[KernelConfig, str]], force: bool = False) -> None:
        """Compile (workers), then check and time (here) each new configuration of `items`."""
        todo = []
        for cfg, source in items:
            k = config_key(cfg)
            if k in self.candidates and not force:
                continue
            cand = Candidate(cfg, source, predicted=self.surrogate.model(cfg))
            self.candidates[k] = cand
            todo.append(cand)
        if not todo:
            return
        jobs = [(i, {"problem": dataclasses.asdict(self.problem), "config": c.config.as_dict(), "cpu": self.cpu})
                for i, c in enumerate(todo)]
        results = self.pool.run(jobs)
        for i, cand in enumerate(todo):
            res = results.get(i, {"ok": False, "error": "no result"})
            cand.compile_seconds = res.get("compile_seconds")
            cand.index = self.evaluations
            self.evaluations += 1
            if not res.get("ok"):
                cand.status, cand.error = "failed", res.get("error", "failed")
            else:
                self._measure(cand)
            if cand.status == "ok":
                self.surrogate.observe(cand.config, cand.seconds)
            self._emit(last=short(cand.config), last_status=cand.status)
        if time.monotonic() - self._saved > SAVE_EVERY:
            self._save(final=False)

    def _measure(self, cand: Candidate) -> None:
        try:
            kernel = build(self.problem, self.cpu, cand.config)
            wrong = self.bench.check(kernel)
            if wrong:
                cand.status, cand.error = "wrong", wrong
                return
            best = self.best()
            timing = self.bench.time(self.bench.caller(kernel), best=best.seconds if best else None)
        except Exception as exc:  # noqa: BLE001 - this candidate's failure
            cand.status, cand.error = "failed", f"{type(exc).__name__}: {exc}"[:2000]
            return
        cand.status, cand.seconds, cand.spread = "ok", timing.seconds, timing.spread

    def _final(self) -> list[Candidate]:
        ok = sorted((c for c in self.candidates.values() if c.status == "ok" and c.seconds),
                    key=lambda c: c.seconds)
        finalists = ok[: self.final_top]
        default = self.candidates.get(config_key(self.default_cfg))
        if default is not None and default.status == "ok" and default not in finalists:
            finalists.append(default)
        # the incumbent: the best of an earlier record (compiled and checked again here)
        if self.existing and self.existing.get("best"):
            try:
                inc_cfg = records.config_of(self.existing["best"])
                k = config_key(inc_cfg)
                inc = self.candidates.get(k)
                if inc is None or inc.index < 0:
                    inc = Candidate(inc_cfg, "incumbent", predicted=self.surrogate.model(inc_cfg))
                    self.candidates[k] = inc
                    self._evaluate_one_more(inc)
                if inc.status == "ok":
                    self.incumbent = inc
                    if inc not in finalists:
                        finalists.append(inc)
            except records.RecordError:
                pass
        if not finalists:
            raise NanommError("no configuration compiled and passed the check (the default neither)")
        # every finalist is checked again here (those from a record were checked in their run)
        calls, checked = [], []
        for cand in finalists:
            try:
                kernel = build(self.problem, self.cpu, cand.config)
                wrong = self.bench.check(kernel)
            except Exception as exc:  # noqa: BLE001
                wrong = f"{type(exc).__name__}: {exc}"
            if wrong:
                cand.status, cand.error = ("wrong" if ("tolerance" in wrong or "differ" in wrong)
                                           else "failed"), wrong
                continue
            calls.append(self.bench.caller(kernel))
            checked.append(cand)
        finalists = checked
        if not finalists:
            raise NanommError("no configuration passed the final check")
        rounds: list[list[float]] = [[] for _ in finalists]
        self._rounds(calls, rounds, range(len(finalists)), self.final_rounds)
        # the playoff: the close ones (and the default, the incumbent) again, more rounds
        first = [robust_seconds(rs) for rs in rounds]
        top = min(first)
        close = sorted((i for i, f in enumerate(first) if f <= top * (1 + PLAYOFF)), key=first.__getitem__)
        playoff = set(close[:PLAYOFF_SIZE]) | {i for i, c in enumerate(finalists) if c in self._preferred()}
        if len(playoff) > 1:
            self._rounds(calls, rounds, sorted(playoff), PLAYOFF_ROUNDS)
        for cand, rs in zip(finalists, rounds):
            best = min(rs)
            cand.final_seconds, cand.final_rounds = robust_seconds(rs), rs
            cand.final_spread = (max(rs) - best) / best if best > 0 else 0.0
        return finalists

    def _preferred(self) -> list[Candidate | None]:
        """The default, then the incumbent: kept when within TIE of the fastest."""
        return [self.candidates.get(config_key(self.default_cfg)), self.incumbent]

    def _rounds(self, calls, rounds: list[list[float]], which, n: int) -> None:
        """`n` interleaved rounds over the finalists `which` (order reversed every other round)."""
        order = list(which)
        for r in range(n):
            for i in (order if r % 2 == 0 else order[::-1]):
                rounds[i].append(self.bench.time(calls[i], runs=3, sample=FINAL_SAMPLE).seconds)
            self._emit(round=len(rounds[order[0]]))

    def _evaluate_one_more(self, cand: Candidate) -> None:
        results = self.pool.run([(0, {"problem": dataclasses.asdict(self.problem), "config": cand.config.as_dict(),
                                      "cpu": self.cpu})])
        res = results.get(0, {"ok": False, "error": "no result"})
        cand.index = self.evaluations
        self.evaluations += 1
        if not res.get("ok"):
            cand.status, cand.error = "failed", res.get("error")
        else:
            self._measure(cand)

    # --- the record ----------------------------------------------------------------------

    def _save(self, final: bool, best: Candidate | None = None) -> None:
        self._saved = time.monotonic()
        if not self.write_record:
            return
        flops = self.problem.flops
        rec = self.record
        rec["candidates"] = [c.to_json(flops) for c in sorted(
            self.candidates.values(), key=lambda c: (c.index < 0, c.index)) if c.status != "pending"]
        default = self.candidates.get(config_key(self.default_cfg))
        rec["default"] = default.to_json(flops) if default else None
        rec["search"] = {"mode": self.mode, "space_size": len(self.space), "evaluated": self.evaluations,
                         "budget": {"seconds": self.budget.seconds, "configs": self.budget.configs},
                         "elapsed": self.elapsed(), "workers": self.workers, "seed": self.seed}
        if final and best is not None:
            entry = best.to_json(flops)
            if default is not None and default.final_seconds and best.final_seconds:
                entry["speedup_vs_default"] = default.final_seconds / best.final_seconds
            entry["verified"] = True
            rec["best"], rec["status"] = entry, "complete"
        try:
            self.record_path = str(records.write(rec, self.record_dir))
        except OSError as exc:
            import warnings

            warnings.warn(f"nanomm tune: cannot write the tuning record ({exc})", RuntimeWarning, stacklevel=2)
