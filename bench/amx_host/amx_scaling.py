"""Thread scaling of AOT-built bf16 kernels on the AMX host: 1..16 threads, native pool vs the Python pool, one part alone.

Build here:  for t in 1 2 4 8 16; do python -m nanomm.compiler.aot 1024 2048 --dtype bf16 --target emeraldrapids --threads $t --out .aot_build/scale/t$t; done
Run there:   PYTHONPATH=<dir holding a nanomm link to the repo> python3 bench/amx_host/amx_scaling.py
"""
import glob
import time

import ml_dtypes
import numpy as np
from nanomm.runtime import aot
def med(fn, n=20):
    fn(); ts=[]
    for _ in range(n):
        t=time.perf_counter(); fn(); ts.append(time.perf_counter()-t)
    return float(np.median(ts))
rng = np.random.default_rng(0)
for shape in ("1024x1024x1024", "2048x2048x2048"):
    M,N,K = map(int, shape.split("x"))
    a = rng.standard_normal((M,K)).astype(ml_dtypes.bfloat16); b = rng.standard_normal((K,N)).astype(ml_dtypes.bfloat16)
    c = np.empty((M,N), np.float32)
    for t in (1,2,4,8,16):
        path = glob.glob(f".aot_build/scale/t{t}/*{shape}*.json")[0]
        f = aot.load(path)
        tn = med(lambda: f(a,b,c))
        line = f"{shape} t={t:2d} native {2*M*N*K/tn/1e9:7.1f} GF/s ({tn*1e3:.3f} ms)"
        if hasattr(f, "parts"):
            nat = f._native; f._native = None
            tp = med(lambda: f(a,b,c)); f._native = nat
            line += f"  python-pool {2*M*N*K/tp/1e9:7.1f} GF/s"
            # per-part times, each alone on this thread
            parts = f.parts
            pa, pb, pc = a.ctypes.data, b.ctypes.data, c.ctypes.data
            pt = [med(lambda p=p: p.cfunc(pa+p.a_offset, pb+p.b_offset, pc+p.c_offset), 5) for p in parts[:2]]
            line += f"  one part alone {pt[0]*1e3:.3f} ms"
        print(line, flush=True)
