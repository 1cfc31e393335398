"""Tuning for a CPU this machine does not have: compile here, time there, keep the record here.

AMX kernels run only on an AMX CPU, and that machine may have no MLIR (an Emerald Rapids host
with only numpy and llvmlite, say). So the tuner's loop is cut in three:

    python -m nanomm.compiler.tune.remote prepare 1024 1024 1024 --dtype bf16 \\
        --target emeraldrapids --threads 1 --configs 24 --out DIR      # here: compile candidates
    python3 -m nanomm.runtime.remote_tune DIR                           # there: check and time them
    python -m nanomm.compiler.tune.remote collect DIR                   # here: store the records

`prepare` picks the candidates without timings: the heuristic default, its one-field
variations (compiler/tune/space.py Space.variations), then the model's best other
configurations, up to `--configs`; with `--refine`, a second round: the default, the best of
the record a first round stored and that best's variations not tried yet (collect merges the
rounds' candidates into one record; the pick is always from one run's rounds); each is
compiled ahead of time for the target (compiler/aot.py, with the plan compile_matmul makes at
`--threads`) into DIR/<problem>/cNNN/, and DIR/<problem>/candidates.json lists them with the
key fields of the record they will make (the target CPU as compiler.build.target_cpu names
it, the fingerprint of the compiler here, the problem).
`runtime/remote_tune.py` checks every candidate against numpy there and times them (the
finalists and the default in interleaved rounds) into timings.json. `collect` verifies that the
key fields still hold here (the same compiler: otherwise the record would describe other machine
code), that the timing host had the target's features, and stores one complete record per
problem (compiler/tune/records.py: atomic, merged, content-keyed); the pick is the fastest
finalist, or the default within 1 % of it (as `nanomm tune`). From then on
`python -m nanomm.compiler.aot ... --target emeraldrapids` (and compile_matmul for that target)
builds the recorded configuration. Candidates the host found wrong or failing never become the
pick (their status is kept in the record).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import shutil
import sys
from pathlib import Path

from ...errors import NanommError
from ...runtime.remote_tune import CANDIDATES_FORMAT, TIMINGS_FORMAT, probe_drift
from ..build import target_cpu
from ..config import KernelConfig
from . import records
from .measure import effective_threads
from .model import predict_seconds
from .search import Candidate, pick
from .space import Problem, Space, config_key, short

DRIFT_WARNING = 0.2  # collect warns when the host's probe moved more than this during a problem
NEIGHBOUR_SHARE = 2 / 3  # of the candidates, at most this many are variations of the default


def choose(space: Space, configs: int, record: dict | None = None) -> list[tuple[KernelConfig, str]]:
    """The default, its one-field variations (Space.variations: most telling first), then the
    model's best other members of the space. With a `record` of an earlier run (--refine): the
    default, the record's best (both timed again in the same rounds as the rest), then the
    variations of that best and the model's picks, leaving out what the record has tried."""
    problem, cpu = space.problem, space.cpu
    default = space.default()
    chosen = {config_key(default): (default, "default")}
    tried = set()
    centre = default
    if record is not None and record.get("best"):
        centre = records.config_of(record["best"])
        chosen.setdefault(config_key(centre), (centre, "incumbent"))
        tried = {config_key(records.config_of(c)) for c in record.get("candidates", [])}

    def add(cfgs, source, limit):
        for cfg in cfgs:
            if len(chosen) >= limit:
                return
            if config_key(cfg) not in tried:
                chosen.setdefault(config_key(cfg), (cfg, source))

    add(space.variations(centre), "variation", max(len(chosen) + 1, round(configs * NEIGHBOUR_SHARE)))
    add(sorted(space.configs(), key=lambda c: predict_seconds(problem, cpu, c)), "model", configs)
    return list(chosen.values())


def prepare(M: int, N: int, K: int, dtype: str, target: str, threads: int, configs: int, out: Path,
            refine: bool = False, log=lambda msg: print(msg, file=sys.stderr, flush=True),
            prepacked: bool = False) -> Path:
    """Compiles the candidates of one problem for `target` into out/<problem>/; returns that folder.
    `refine`: around the best of the record an earlier run stored (see choose); `prepacked`: B
    packed once (the kernels of compile_matmul(M, N, K, b=W); one thread)."""
    from ..aot import export

    if configs < 1:
        raise NanommError(f"--configs must be at least 1, got {configs}")
    cpu = target_cpu(target)
    problem = prepacked_problem(M, N, K, dtype, threads, cpu, prepacked)
    folder = Path(out) / f"{M}x{N}x{K}_{dtype}_t{problem.threads}{'_packed' if prepacked else ''}"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    fields = records.key_fields(M, N, K, dtype, problem.threads, cpu, prepacked_b=prepacked)
    plan = plan_candidates(problem, cpu, target, threads, configs, fields, records.find(fields) if refine else None)
    for entry in plan["candidates"]:
        i, cfg = entry["index"], records.config_of(entry)
        log(f"  [{i + 1}/{len(plan['candidates'])}] {problem.name}: {entry['short']} ({entry['source']})")
        manifest = export(problem.spec, folder / f"c{i:03d}", cpu, threads, config=cfg)
        plan["required_features"] = plan["required_features"] or json.loads(manifest.read_text())["required_features"]
        entry["manifest"] = str(manifest.relative_to(folder))
    (folder / "candidates.json").write_text(json.dumps(plan, indent=1))
    return folder


def plan_candidates(problem: Problem, cpu, target: str, threads: int, configs: int, fields: dict,
                    record: dict | None = None) -> dict:
    """A problem's candidates.json before compiling: `configs` candidates (choose; `record`: around
    its best), their manifests and the features they need filled in by whoever compiles them."""
    space = Space(problem, cpu)
    chosen = choose(space, configs, record)
    return {"format": CANDIDATES_FORMAT, "problem": dataclasses.asdict(problem), "target": target, "cpu": cpu.name,
            "requested_threads": threads, "required_features": None, "fields": fields, "default": 0,
            "space_size": len(space),
            "candidates": [{"index": i, "config": cfg.as_dict(), "source": source, "short": f"{cfg.isa} {short(cfg)}",
                            "manifest": None} for i, (cfg, source) in enumerate(chosen)]}


def prepacked_problem(M: int, N: int, K: int, dtype: str, threads: int, cpu, prepacked: bool) -> Problem:
    """The Problem tuned for a call on `threads` threads (the effective count); pre-packed B on one."""
    if prepacked and threads != 1:
        raise NanommError("pre-packed B is tuned on one thread (compile_matmul(..., b=W) kernels of one thread): "
                          f"got threads={threads}")
    problem = Problem(M, N, K, dtype, prepacked_b=prepacked)
    return dataclasses.replace(problem, threads=effective_threads(problem, threads, cpu))


def collect(folder: Path, record_dir: Path | None = None) -> dict:
    """Stores the record of one timed problem folder; returns a summary (see the module doc)."""
    plan = json.loads((folder / "candidates.json").read_text())
    timings_path = folder / "timings.json"
    if not timings_path.exists():
        raise NanommError(f"{folder.name}: no timings.json (run python3 -m nanomm.runtime.remote_tune there first)")
    return store(plan, json.loads(timings_path.read_text()), record_dir, name=folder.name)


def store(plan: dict, timings: dict, record_dir: Path | None = None, mode: str = "remote",
          name: str | None = None) -> dict:
    """Checks a problem's plan (candidates.json) and timings (timings.json) against this compiler
    and stores their record; returns a summary. `mode`: the record's search mode (remote, cluster).
    The record's provenance names the timing host, where its speeds were measured."""
    name = name or Problem(**plan["problem"]).name
    if plan.get("format") != CANDIDATES_FORMAT or timings.get("format") != TIMINGS_FORMAT:
        raise NanommError(f"{name}: unknown file formats")
    p = plan["problem"]
    cpu = target_cpu(plan["target"])
    fields = records.key_fields(p["M"], p["N"], p["K"], p["dtype"], p["threads"], cpu,
                                accumulate=p.get("accumulate", False), prepacked_b=p.get("prepacked_b", False))
    if fields != plan["fields"]:
        raise NanommError(f"{name}: prepared by another compiler (nanomm source or toolchain) or for another "
                          f"target description than this one: prepare it again")
    lacking = sorted(set(plan["required_features"]) - set(timings["host"]["features"]))
    if lacking:
        raise NanommError(f"{name}: timed on a CPU without {', '.join(lacking)}: not the target")
    problem = Problem(**p)
    by_index = {t["index"]: t for t in timings["candidates"]}
    cands = []
    for entry in plan["candidates"]:
        t = by_index.get(entry["index"], {"status": "failed", "error": "not timed"})
        rounds = t.get("final_rounds")
        spread = (max(rounds) - min(rounds)) / min(rounds) if rounds else None
        cfg = records.config_of(entry)
        cands.append(Candidate(cfg, entry["source"], status=t["status"], seconds=t.get("seconds"),
                               spread=t.get("spread"), error=t.get("error"), index=entry["index"],
                               compile_seconds=t.get("compile_seconds"),
                               final_seconds=t.get("final_seconds"), final_spread=spread, final_rounds=rounds,
                               predicted=predict_seconds(problem, cpu, cfg)))
    default = cands[plan["default"]]
    finalists = [c for c in cands if c.status == "ok" and c.final_seconds]
    if not finalists:
        raise NanommError(f"{name}: no candidate passed the check there")
    best = pick(finalists, [default])
    flops = problem.flops
    host = timings.get("host") or {}
    rec = records.new_record(fields, records.provenance(machine=host.get("hostname") or host.get("model_name")))
    rec["candidates"] = [c.to_json(flops) for c in cands]
    rec["default"] = default.to_json(flops)
    rec["search"] = {"mode": mode, "space_size": plan["space_size"], "evaluated": len(cands),
                     "host": timings["host"]["model_name"], "timed": timings.get("finished")}
    entry = best.to_json(flops)
    speedup = default.final_seconds / best.final_seconds if default.final_seconds else None
    entry.update({"speedup_vs_default": speedup, "verified": True})
    rec["best"], rec["status"] = entry, "complete"
    path = records.write(rec, record_dir)
    records.forget()
    return {"problem": problem.name, "target": plan["cpu"], "host": timings["host"]["model_name"],
            "drift": probe_drift(timings),
            "best": f"{best.config.isa} {short(best.config)}", "best_gflops": flops / best.final_seconds / 1e9,
            "default_gflops": flops / default.final_seconds / 1e9 if default.final_seconds else None,
            "speedup": speedup, "checked": sum(c.status == "ok" for c in cands), "candidates": len(cands),
            "wrong": sum(c.status == "wrong" for c in cands), "record": str(path), "key": rec["key"],
            "unit": problem.unit}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m nanomm.compiler.tune.remote", description=__doc__.split("\n\n")[0],
                                 epilog=__doc__.split("\n\n")[2], formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    pp = sub.add_parser("prepare", help="compile the candidates of one or more shapes for a target")
    pp.add_argument("shapes", nargs="+", help="MxNxK, or one number for a cube")
    pp.add_argument("--dtype", default="f32", choices=("f32", "bf16", "u8s8", "s8s8"))
    pp.add_argument("--target", required=True, help="a named CPU (emeraldrapids, sapphirerapids, znver4, ...) or host")
    pp.add_argument("--threads", type=int, default=1)
    pp.add_argument("--configs", type=int, default=24, help="candidates per shape, the default included")
    pp.add_argument("--refine", action="store_true",
                    help="candidates around the best of the stored record (a second round), not the default")
    pp.add_argument("--prepacked", action="store_true", help="B packed once (compile_matmul(..., b=W)); one thread")
    pp.add_argument("--out", type=Path, required=True)
    pc = sub.add_parser("collect", help="store the records of timed problem folders")
    pc.add_argument("dir", type=Path)
    pc.add_argument("--export", type=Path, metavar="JSON",
                    help="also write the stored records to a JSON file (`nanomm tune --import` reads it)")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "prepare":
            for text in args.shapes:
                dims = [int(x) for x in text.lower().split("x")]
                M, N, K = dims * 3 if len(dims) == 1 else dims
                print(prepare(M, N, K, args.dtype, args.target, args.threads, args.configs, args.out, args.refine,
                              prepacked=args.prepacked))
            return 0
        folders = sorted(f.parent for f in args.dir.glob("*/candidates.json"))
        if not folders:
            raise NanommError(f"no */candidates.json under {args.dir}")
        stored = []
        for folder in folders:
            s = collect(folder)
            stored.append(s["key"])
            print(f"{s['problem']} on {s['host']}: {s['best_gflops']:.1f} {s['unit']} "
                  f"({s['speedup']:.3f}x the default's {s['default_gflops']:.1f}) with {s['best']}; "
                  f"{s['checked']} of {s['candidates']} checked, {s['wrong']} wrong; record {s['record']}")
            if s["drift"] is not None and s["drift"] > DRIFT_WARNING:
                print(f"warning: {s['problem']}: the host's speed moved by {s['drift']:.0%} while it was timed "
                      f"(its probe before and after): time it again (`--refine` keeps this record's candidates)",
                      file=sys.stderr)
        if args.export:
            n = records.export_records(args.export, [records.read(key) for key in stored])
            print(f"exported {n} record(s) to {args.export}")
        return 0
    except (NanommError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
