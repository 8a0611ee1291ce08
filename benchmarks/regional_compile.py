"""Compile time of a model compiled whole vs its repeated block compiled (CL306's advice), on CPU.

    python3 benchmarks/regional_compile.py [--layers 4 8 16 32] [--width 64] [--repeats 3] [--backend inductor]

The model is CL306's bad.py (`Net`: a stem, N identical `Block`s in an nn.ModuleList, a head). Each
measurement runs in a fresh process with inductor's caches off: the time of the first call (trace,
lower, codegen, compile), then the output is checked against eager. Prints one JSON line per layer count:
the median seconds of `--repeats` processes for each way.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "rules" / "CL306-regional-compilation" / "bad.py"

CHILD = r"""
import importlib.util, json, sys, time
import torch
spec = importlib.util.spec_from_file_location("cl306_bad", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
way, layers, width, backend = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
torch.manual_seed(0)
model = module.Net(width=width, layers=layers)
x = torch.randn(8, width)
expected = model(x)
if way == "whole":
    model.compile(backend=backend)
else:
    for block in model.blocks:
        block.compile(backend=backend)
start = time.perf_counter()
out = model(x)
seconds = time.perf_counter() - start
torch.testing.assert_close(out, expected, rtol=1e-4, atol=1e-5)
counters = torch._dynamo.utils.counters
print(json.dumps({"seconds": seconds, "graphs": int(counters["stats"]["unique_graphs"])}))
"""


def measure(way: str, layers: int, width: int, backend: str) -> dict:
    env = dict(os.environ, TORCHINDUCTOR_FORCE_DISABLE_CACHES="1")
    proc = subprocess.run([sys.executable, "-c", CHILD, str(EXAMPLE), way, str(layers), str(width), backend],
                          capture_output=True, text=True, env=env, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", type=int, nargs="+", default=[4, 8, 16, 32])
    parser.add_argument("--width", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--backend", default="inductor")
    args = parser.parse_args()
    for layers in args.layers:
        row = {"layers": layers, "width": args.width, "backend": args.backend}
        for way in ("whole", "regional"):
            runs = [measure(way, layers, args.width, args.backend) for _ in range(args.repeats)]
            row[f"{way}_s"] = round(statistics.median(r["seconds"] for r in runs), 2)
            row[f"{way}_graphs"] = runs[0]["graphs"]
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
