"""Tuning on a Dask cluster: `nanomm tune --shapes FILE --cluster local[:N] | tcp://HOST:PORT`.

A problem is tuned as the remote path does it (compiler/tune/remote.py), spread over workers:

- here: the record's key fields, for the target CPU;
- on any worker whose nanomm compiles the same code as this one (the same compiler fingerprint):
  the candidates (remote.choose: the default, its one-field variations, the model's picks,
  `configs` in all; choosing walks the whole space, seconds for a large problem), then each
  candidate compiled ahead of time (compiler/aot.py) in a compile process of the worker's own
  (measure.CompilePool: a candidate that hangs past `timeout` or crashes the compiler is that
  candidate's failure, not the worker's), the object files sent back;
- on a worker of the target CPU kind (runtime/tune_worker.py, no MLIR needed): the problem's
  candidates checked against numpy and timed as remote_tune times them, under a watchdog, as
  many problems at once per host as it has cores for them (or `slots`);
- here again: the record, made and verified as `remote collect` makes it, written atomically
  into the local store (records.write), once per problem.

Workers get Dask resources that say what they can do: `nanomm-compile` (same fingerprint),
`nanomm-cpu-<name>-<hash>` (the CPU kind records key on: timings for target "host") and
`nanomm-cpuname-<name>` (timings for a named target); a LocalCluster's workers have them all,
a real cluster's workers are asked (client.run) and given the resources they qualify for,
so `dask worker tcp://...` needs no flags. A worker that dies mid-task loses nothing: Dask runs
the task again elsewhere (after `distributed.scheduler.allowed-failures` deaths the task is the
candidate's failure). `resume=True` skips problems whose record is complete already.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from ...errors import NanommError
from ...runtime import tune_worker
from ..build import target_cpu
from . import records
from .measure import CompilePool
from .remote import plan_candidates, prepacked_problem, store
from .space import Problem

DEFAULT_CONFIGS = 16     # candidates per problem, the default included
CONNECT_SECONDS = 10.0   # how long a client waits for a scheduler that does not answer
REFRESH_SECONDS = 10.0   # how often workers that joined are given their resources


class ClusterError(NanommError):
    """The cluster cannot do the work (no scheduler at the address, no worker that can compile or time)."""


def connect(address: str, workers: int | None = None):
    """(client, close) for "local", "local:N" (a LocalCluster of N one-thread worker processes,
    default: the cores) or "tcp://HOST:PORT" (an existing scheduler)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError("--cluster needs Dask's distributed package: pip install 'nanomm[cluster]'") from None
    if address == "local" or address.startswith("local:"):
        n = workers
        if address.startswith("local:"):
            try:
                n = int(address[6:])
            except ValueError:
                n = 0
            if n < 1:
                raise ClusterError(f"--cluster {address!r}: local:N takes a positive number of workers")
        cpu = target_cpu("host")
        fields = tune_worker.cpu_fields(cpu)
        resources = {tune_worker.COMPILE_RESOURCE: 1, tune_worker.kind_resource(fields): 1,
                     tune_worker.name_resource(cpu.name): 1}
        cluster = LocalCluster(n_workers=n or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                               resources=resources, dashboard_address=":0",
                               silence_logs=40)
        client = Client(cluster)

        def close():
            client.close()
            cluster.close()
        return client, close
    if not address.startswith(("tcp://", "tls://", "ucx://", "ws://", "wss://", "inproc://")):
        raise ClusterError(f"--cluster {address!r}: give local, local:N or a scheduler address (tcp://HOST:PORT)")
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    return client, client.close


def _has_bokeh() -> bool:
    try:
        import bokeh  # noqa: F401 - the dashboard's dependency
    except ImportError:
        return False
    return True


def export_candidate(task: dict) -> dict:
    """Compile-process side: one candidate compiled ahead of time; its files as bytes."""
    from ..aot import export
    from ..config import KernelConfig

    start = time.perf_counter()
    try:
        problem = Problem(**task["problem"])
        with tempfile.TemporaryDirectory(prefix="nanomm-aot-") as tmp:
            manifest = export(problem.spec, Path(tmp), task["cpu"], task["threads"],
                              config=KernelConfig(**task["config"]))
            files = {p.name: p.read_bytes() for p in Path(tmp).iterdir()}
        return {"ok": True, "manifest": manifest.name, "files": files,
                "required": json.loads(files[manifest.name])["required_features"],
                "compile_seconds": time.perf_counter() - start}
    except Exception as exc:  # noqa: BLE001 - the candidate's failure
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}".strip()[:2000],
                "compile_seconds": time.perf_counter() - start}


_pools: dict = {}


def compile_on_worker(task: dict, timeout: float, fn=export_candidate) -> dict:
    """Dask task: `fn(task)` in this worker's compile process (kept between tasks; replaced after
    a hang or a crash, which are the candidate's failure)."""
    pool = _pools.get((fn, timeout))
    if pool is None:
        pool = _pools[(fn, timeout)] = CompilePool(1, timeout, fn)
    return pool.run([(0, task)])[0]


@dataclasses.dataclass
class _State:
    problem: Problem
    order: int                                                # its place in the list: the tasks' priority
    plan: dict | None = None                                  # candidates.json, once planned
    results: dict = dataclasses.field(default_factory=dict)   # candidate index -> compile result
    timing_started: float | None = None


def plan_problem(problem: Problem, cpu, threads: int, configs: int, fields: dict, target: str = "host") -> dict:
    """Dask task: the candidates.json of `problem` for `target` (remote.plan_candidates)."""
    return plan_candidates(problem, cpu, target, threads, configs, fields)


def compiler_info() -> str:
    """Run on a worker: its compiler fingerprint (raises where nanomm's compiler or MLIR is missing)."""
    return records.compiler_fingerprint()


def _prepare_workers(client, timing_resource: str, fingerprint: str, known: set) -> tuple[int, int]:
    """Gives workers not seen before the resources they qualify for; returns (compile, timing)
    worker counts. Raises ClusterError when no worker can compile or none can time."""
    infos = client.run(tune_worker.worker_info)
    compilers = client.run(compiler_info, on_error="return")  # an exception where it cannot compile
    have = {addr: w.get("resources", {}) for addr, w in client.scheduler_info()["workers"].items()}
    n_compile = n_time = 0
    for addr, info in infos.items():
        got = compilers.get(addr)
        info["compiler"] = got if isinstance(got, str) else None
        if isinstance(got, BaseException):
            info["compiler_error"] = f"{type(got).__name__}: {got}"[:300]
        wanted = {info["kind"]: 1, info["name"]: 1}
        if info["compiler"] == fingerprint:
            wanted[tune_worker.COMPILE_RESOURCE] = 1
        if addr not in known and any(have.get(addr, {}).get(r) != q for r, q in wanted.items()):
            client.run(tune_worker.add_resources, wanted, workers=[addr])
        known.add(addr)
        n_compile += tune_worker.COMPILE_RESOURCE in wanted
        n_time += timing_resource in wanted
    if not n_compile:
        why = sorted({i.get("compiler_error") or "another nanomm source or toolchain" for i in infos.values()})
        raise ClusterError(f"no worker of the cluster ({len(infos)}) can compile for this nanomm: {'; '.join(why)}")
    if not n_time:
        kinds = sorted({f"{i['cpu']['name']} ({i['hostname']})" for i in infos.values()})
        raise ClusterError(f"no worker has the target CPU ({timing_resource}); the workers have: {', '.join(kinds)}")
    return n_compile, n_time


def tune_cluster(todo: list[tuple[int, int, int, str]], address: str, *, threads: int = 1,
                 configs: int = DEFAULT_CONFIGS, rounds: int = 7, finalists: int = 4, sample: float = 0.05,
                 timeout: float = 60.0, resume: bool = False, workers: int | None = None, slots: int | None = None,
                 prepacked: bool = False, target: str = "host",
                 record_dir: Path | None = None, compile_fn=export_candidate,
                 log=lambda msg: print(msg, file=sys.stderr, flush=True)) -> list[dict]:
    """Tunes every (M, N, K, dtype) of `todo` for the `target` CPU on the cluster at `address`;
    returns one summary per problem (see the module doc). `slots`: problems a host times at once
    (runtime/tune_worker.py timing_slots; None: one per `threads` cores). `prepacked`: B packed
    once, the kernels compile_matmul(M, N, K, b=W) builds (records with prepacked_b; one thread).
    `target`: "host" (this machine's CPU: timed on workers of exactly its kind) or a named CPU
    (compiled for its description, timed on workers that nanomm names so; the records are that
    target's, as `remote collect` stores them: compile_matmul(..., target=NAME) and AOT builds use them)."""
    from distributed import wait

    if configs < 1:
        raise NanommError(f"configurations per problem must be at least 1, got {configs}")
    cpu = target_cpu(target)
    timing_resource = (tune_worker.kind_resource(tune_worker.cpu_fields(cpu)) if target == "host"
                       else tune_worker.name_resource(cpu.name))
    fingerprint = records.compiler_fingerprint()
    client, close = connect(address, workers)
    summaries: list[dict] = []
    try:
        known: set = set()
        n_compile, n_time = _prepare_workers(client, timing_resource, fingerprint, known)
        link = f"; dashboard {client.dashboard_link}" if _has_bokeh() else ""
        log(f"cluster {address}: {n_compile} compile worker(s), {n_time} timing worker(s) of {cpu.name}{link}")
        states: dict[str, _State] = {}
        meta: dict = {}      # future key -> (problem name, candidate index or None for the timing)
        pending = []
        for order, (M, N, K, dtype) in enumerate(todo):
            problem = prepacked_problem(M, N, K, dtype, threads, cpu, prepacked)
            fields = records.key_fields(M, N, K, dtype, problem.threads, cpu, prepacked_b=prepacked)
            old = records.find(fields, record_dir)
            if resume and old is not None and old.get("best") is not None:
                summaries.append({"problem": problem.name, "status": "recorded already",
                                  "record": str(records.path_for(old["key"], record_dir))})
                continue
            states[problem.name] = _State(problem, order)
            # choosing walks the whole space (seconds for a large problem): a task, so problems are
            # planned side by side while earlier ones compile
            f = client.submit(plan_problem, problem, cpu, threads, configs, fields, target, pure=False,
                              priority=-order,
                              resources={tune_worker.COMPILE_RESOURCE: 1},
                              key=f"nanomm-plan-{problem.name}-{os.urandom(4).hex()}")
            meta[f.key] = (problem.name, "plan")
            pending.append(f)
        progress = _Progress(log, len(states), len(states) * configs, n_compile)
        refreshed = time.monotonic()
        while pending:
            try:
                done, _ = wait(pending, timeout=2.0, return_when="FIRST_COMPLETED")
            except TimeoutError:  # nothing finished in the last 2 s
                done = ()
            for f in done:
                pending.remove(f)
                name, index = meta.pop(f.key)
                state = states[name]
                if index == "plan":
                    plan = _result(f)
                    if "candidates" not in plan:
                        summaries.append(progress.finished(state, None, f"planning failed: {plan['error']}"))
                        continue
                    progress.candidates += len(plan["candidates"]) - configs
                    state.plan = plan
                    for index, c in _submit_compiles(client, state, cpu, threads, timeout, compile_fn):
                        meta[c.key] = (name, index)
                        pending.append(c)
                    continue
                if index is not None:
                    state.results[index] = _result(f)
                    progress.compiled(state.results[index])
                    if len(state.results) == len(state.plan["candidates"]):
                        t = _submit_timing(client, state, timing_resource, timeout, rounds, finalists, sample,
                                           slots)
                        if t is None:
                            summaries.append(progress.finished(state, None, "no candidate compiled"))
                        else:
                            meta[t.key] = (name, None)
                            pending.append(t)
                    continue
                out = _result(f)
                if "error" in out and "candidates" not in out:
                    summaries.append(progress.finished(state, None, f"timing failed: {out['error']}"))
                    continue
                try:
                    summary = _record(state, out, record_dir)
                except NanommError as exc:  # e.g. every candidate wrong there: nothing is recorded
                    summaries.append(progress.finished(state, None, str(exc)))
                    continue
                summaries.append(progress.finished(state, summary, None))
            progress.tick()
            if time.monotonic() - refreshed > REFRESH_SECONDS:  # workers restarted or joined since
                refreshed = time.monotonic()
                _prepare_workers(client, timing_resource, fingerprint, known)
    finally:
        close()
    return summaries


def _result(future) -> dict:
    """A task's dict, or {"ok": False, "error": ...} for a task that raised or lost its workers."""
    try:
        return future.result()
    except Exception as exc:  # noqa: BLE001 - e.g. KilledWorker after repeated worker deaths
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:2000]}


def _submit_compiles(client, state: _State, cpu, threads: int, timeout: float, compile_fn):
    """[(candidate index, future)] of the compiles of a planned problem."""
    out = []
    for entry in state.plan["candidates"]:
        task = {"problem": state.plan["problem"], "cpu": cpu, "threads": threads, "config": entry["config"],
                "index": entry["index"]}
        out.append((entry["index"], client.submit(
            compile_on_worker, task, timeout, compile_fn, pure=False, priority=-state.order,
            resources={tune_worker.COMPILE_RESOURCE: 1},
            key=f"nanomm-compile-{state.problem.name}-{entry['index']}-{os.urandom(4).hex()}")))
    return out


def _submit_timing(client, state: _State, resource: str, timeout, rounds, finalists, sample, slots):
    artifacts = {i: {"manifest": r["manifest"], "files": r["files"]}
                 for i, r in state.results.items() if r.get("ok")}
    if not artifacts:
        return None
    state.plan["required_features"] = next(r["required"] for r in state.results.values() if r.get("ok"))
    state.timing_started = time.monotonic()
    name = state.problem.name
    return client.submit(tune_worker.time_candidates, state.plan, artifacts, timeout, rounds, finalists, sample,
                         slots, pure=False, priority=100, resources={resource: 1},
                         key=f"nanomm-time-{name}-{os.urandom(4).hex()}")


def _record(state: _State, timings: dict, record_dir: Path | None) -> dict:
    """The record of a timed problem, with the candidates that did not compile marked so."""
    timed = {t["index"]: t for t in timings["candidates"]}
    for i, r in sorted(state.results.items()):
        if i in timed:
            timed[i]["compile_seconds"] = r.get("compile_seconds")
        else:
            timings["candidates"].append({"index": i, "status": "failed", "seconds": None, "spread": None,
                                          "error": f"compile: {r.get('error')}"})
    return {**store(state.plan, timings, record_dir, mode="cluster"),
            "hostname": timings["host"].get("hostname") or timings["host"]["model_name"]}


class _Progress:
    """One line per problem finished, and a line of counts with an ETA every few seconds."""

    def __init__(self, log, problems: int, candidates: int, compile_workers: int):
        self.log, self.problems, self.candidates, self.workers = log, problems, candidates, compile_workers
        self.start = self.last = time.monotonic()
        self.n_compiled = self.n_done = 0
        self.compile_seconds: list[float] = []
        self.timing_seconds: list[float] = []
        self.every = 2.0 if sys.stderr.isatty() else 30.0

    def compiled(self, result: dict) -> None:
        self.n_compiled += 1
        if result.get("compile_seconds"):
            self.compile_seconds.append(result["compile_seconds"])

    def eta(self) -> float | None:
        """Seconds left: the compiles left shared by the compile workers, then the timings left
        (a timing overlaps the compiles of later problems, so the larger of the two, plus one)."""
        if not self.compile_seconds:
            return None
        mean_c = sum(self.compile_seconds) / len(self.compile_seconds)
        mean_t = sum(self.timing_seconds) / len(self.timing_seconds) if self.timing_seconds else mean_c
        compiles = (self.candidates - self.n_compiled) * mean_c / self.workers
        timings = (self.problems - self.n_done) * mean_t
        return max(compiles, timings) + (mean_t if self.n_done < self.problems else 0.0)

    def _clock(self) -> str:
        eta = self.eta()
        return f"{time.monotonic() - self.start:.0f} s elapsed, ETA {_duration(eta) if eta is not None else '?'}"

    def finished(self, state: _State, summary: dict | None, error: str | None) -> dict:
        self.n_done += 1
        if state.timing_started is not None:
            self.timing_seconds.append(time.monotonic() - state.timing_started)
        head = f"[{self.n_done}/{self.problems}] {state.problem.name}"
        if summary is None:
            self.log(f"{head}: FAILED, {error}; {self._clock()}")
            return {"problem": state.problem.name, "status": "failed", "error": error}
        sp = f", {summary['speedup']:.3f}x the default" if summary.get("speedup") else ""
        self.log(f"{head}: {summary['best_gflops']:.1f} {summary['unit']}{sp} ({summary['best']}; "
                 f"{summary['checked']} of {summary['candidates']} checked, {summary['wrong']} wrong) "
                 f"on {summary['hostname']}; {self._clock()}")
        return {**summary, "status": "recorded"}

    def tick(self) -> None:
        now = time.monotonic()
        if now - self.last >= self.every:
            self.last = now
            self.log(f"  compiled {self.n_compiled}/{self.candidates} candidates, {self.n_done}/{self.problems} "
                     f"problems recorded; {self._clock()}")


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"
