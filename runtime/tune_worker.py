"""The side of cluster tuning (compiler/tune/cluster.py) that times: it runs on Dask workers of the
target CPU kind and needs no MLIR (numpy, llvmlite, ctypes, and `distributed` for the host lock).

`worker_info` says what a worker is (its CPU kind, whether it can compile for this nanomm);
`time_candidates` checks and times one problem's AOT-compiled candidates as
`python3 -m nanomm.runtime.remote_tune` does, in a child process under a watchdog: a candidate
that hangs (no progress for `timeout` seconds) or kills the process is marked and skipped, and
the rest of the problem is timed again without it. A host times at most `slots` problems at once
(a Dask semaphore named after it): by default one per `threads` cores, so one-thread problems
are timed side by side on a many-core host; `slots=1` times one at a time (quieter timings, for
memory-bound shapes, at the cost of throughput).
"""

from __future__ import annotations

import hashlib
import json
import os
import select
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .remote_tune import TRACE_LINE, TRACE_ROUND

COMPILE_RESOURCE = "nanomm-compile"  # workers that compile for the client's nanomm (same fingerprint)


def cpu_fields(cpu) -> dict:
    """What tuning records key a CPU by (compiler/tune/records.py cpu_fields)."""
    return {"name": cpu.name, "model_name": cpu.model_name, "features": sorted(cpu.features),
            "l1d": cpu.l1d, "l2": cpu.l2, "l3": cpu.l3}


def kind_resource(fields: dict) -> str:
    """The worker resource of one CPU kind: its nanomm name and a hash of the fields records key on."""
    digest = hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()[:12]
    return f"nanomm-cpu-{fields['name']}-{digest}"


def name_resource(name: str) -> str:
    """The worker resource of a named CPU (runtime/cpu.py's name: emeraldrapids, znver4, ...), for
    tuning a named target (`nanomm tune --cluster ... --target NAME`)."""
    return f"nanomm-cpuname-{name}"


def worker_info() -> dict:
    """This worker's host and CPU kind (whether it compiles is compiler/tune/cluster.py's question:
    that needs nanomm's compiler, which a timing-only worker may lack)."""
    from .cpu import host_cpu

    fields = cpu_fields(host_cpu())
    return {"hostname": socket.gethostname(), "pid": os.getpid(), "cpu": fields, "kind": kind_resource(fields),
            "name": name_resource(fields["name"])}


async def add_resources(resources: dict, dask_worker=None) -> dict:
    """client.run target: give this worker `resources` (kept until it restarts)."""
    await dask_worker.set_resources(**{**dask_worker.state.total_resources, **resources})
    return dict(dask_worker.state.total_resources)


def timing_slots(slots: int | None, threads: int) -> int:
    """Problems timed at once on this host: `slots`, or (None) one per `threads` cores."""
    return max(1, slots if slots else (os.cpu_count() or 1) // max(1, threads))


def time_candidates(plan: dict, artifacts: dict, timeout: float = 60.0, rounds: int = 7, finalists: int = 4,
                    sample: float = 0.05, slots: int | None = None) -> dict:
    """Checks and times one problem's candidates on this host; returns remote_tune's timings dict.

    `plan`: the candidates.json of compiler/tune/remote.py (every candidate listed);
    `artifacts`: index -> {"manifest": name, "files": {name: bytes}} for the ones that compiled;
    `slots`: problems timed at once on this host (a Dask semaphore named after it; see timing_slots)."""
    n = timing_slots(slots, plan["problem"]["threads"])
    try:
        from distributed import Semaphore, get_worker

        get_worker()
        slot = Semaphore(max_leases=n, name=f"nanomm-timing-{socket.gethostname()}-{n}")
    except (ImportError, ValueError):  # called outside a Dask worker (tests, one machine)
        slot = None
    if slot is not None:
        slot.acquire()
    try:
        with tempfile.TemporaryDirectory(prefix="nanomm-time-") as tmp:
            return _time_in_child(Path(tmp), plan, artifacts, timeout, rounds, finalists, sample)
    finally:
        if slot is not None:
            slot.release()


def _time_in_child(tmp: Path, plan: dict, artifacts: dict, timeout: float, rounds: int, finalists: int,
                   sample: float) -> dict:
    folder = tmp / "problem"
    listed = []
    for cand in plan["candidates"]:
        art = artifacts.get(cand["index"])
        if art is None:
            continue
        sub = folder / f"c{cand['index']:03d}"
        sub.mkdir(parents=True)
        for name, data in art["files"].items():
            (sub / name).write_bytes(data)
        listed.append({**cand, "manifest": f"{sub.name}/{art['manifest']}"})
    (folder / "candidates.json").write_text(json.dumps({**plan, "candidates": listed}))
    skip: dict[int, str] = {}
    while True:
        argv = [sys.executable, "-u", "-m", "nanomm.runtime.remote_tune", str(tmp), "--rounds", str(rounds),
                "--finalists", str(finalists), "--sample", str(sample), "--trace",
                "--skip", ",".join(f"{i}:{why.replace(',', ';')}" for i, why in skip.items())]
        failed, why = _run_watched(argv, timeout)
        if failed is None:
            break
        if failed in skip or failed < 0:
            raise RuntimeError(f"timing {folder.name} failed outside any candidate: {why}")
        skip[failed] = why
    return json.loads((folder / "timings.json").read_text())


def _run_watched(argv: list[str], timeout: float) -> tuple[int | None, str]:
    """Runs remote_tune; (None, "") when it finished, else (the candidate it was on, why it stopped).
    `timeout` runs from its last trace line: a candidate's check and timing, or one final round."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    current, tail, last = -1, b"", time.monotonic()
    prefix, round_prefix = TRACE_LINE.split("{")[0].encode(), TRACE_ROUND.split("{")[0].encode()
    try:
        while True:
            ready, _, _ = select.select([proc.stderr], [], [], 1.0)
            if ready:
                chunk = os.read(proc.stderr.fileno(), 65536)
                if not chunk:
                    break
                tail = (tail + chunk)[-20000:]
                for line in chunk.splitlines():
                    if line.startswith(prefix):
                        current, last = int(line[len(prefix):]), time.monotonic()
                    elif line.startswith(round_prefix):
                        last = time.monotonic()
            elif time.monotonic() - last > timeout:
                proc.kill()
                proc.wait()
                return current, f"timeout: no result after {timeout:g} s"
        code = proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if code == 0:
        return None, ""
    text = tail.decode(errors="replace").strip().splitlines()
    return current, f"crashed the timing process (exit code {code}): {text[-1][:200] if text else ''}"
