"""Run code under dynamo and record what really happens: graph breaks (file, line, GB id), recompiles
with their failing guards, the lines dynamo traced, and the graph count.

This is the only module of compilelint that imports torch. It runs in a child process:
    python -m compilelint.verify.harness REQUEST.json RESULT.json
(a file, not stdout: user code may print)
Requests:
  {"mode": "examples", "files": [...], "project_root": "..."}: each file's example() under dynamo;
  {"mode": "fix_parity", "pairs": [[original, fixed], ...], "project_root": "...", "seeds": [0, 1, 2]}: breaks
  of both files and their eager outputs on the same fresh random inputs (one set per seed);
  {"mode": "target", ...}: one `--verify` target end to end (see `run_target`).
Breaks are read from the `graph_breaks` logging artifact (explain() alone undercounts, behavior.md §9).
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import re
import sys
import traceback
from typing import Any, Dict, List, Optional, Sequence, Tuple

import torch
import torch._dynamo

GB_URL = re.compile(r"compile-graph-break-site/gb/gb(\d{4})\.html")
FRAME = re.compile(r'^\s*File "(.*)", line (\d+), in (\S+)', re.M)
# recompile records indent their user stack as `    -   File "...", line N, in f`
GUARD_FRAME = re.compile(r'^\s*-\s+File "(.*)", line (\d+), in (\S+)', re.M)
LOCATION = re.compile(r"in user code at (.*):(\d+)")
TRACE = re.compile(r"TRACE starts_line (.*):(\d+) in (\S+)")
RESUME = re.compile(r"torch_dynamo_resume_in_(.+)_at_(\d+)$")


def _place_lines_in_resume_functions() -> None:
    """dynamo's line table writer for Python 3.11+ repeats an instruction's line delta on every 8-unit chunk of an
    instruction longer than 8 code units (LOAD_METHOD and its 10 caches on 3.11), so in the resume functions it builds
    after a break, every line past a method chain that starts a line is shifted: torchtune's `.item()` at
    _generation.py:343 was reported at 354, a blank line. Writing the chunks one by one gives the delta to the first."""
    from torch._dynamo import bytecode_transformation

    writer = getattr(bytecode_transformation, "linetable_311_writer", None)
    if writer is None or getattr(writer, "chunked", False):
        return

    def chunked_writer(first_lineno):
        linetable, update = writer(first_lineno)

        def update_by_chunks(positions, inst_size):
            while inst_size > 8:
                update(positions, 8)  # the first chunk moves the line; the next ones see no change
                inst_size -= 8
            update(positions, inst_size)

        return linetable, update_by_chunks

    chunked_writer.chunked = True
    bytecode_transformation.linetable_311_writer = chunked_writer


_place_lines_in_resume_functions()


class _Grab(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.items: List[tuple] = []

    def emit(self, record: logging.LogRecord) -> None:
        # format now: trace_source logs lazy strings that read the tracer's *current* line later
        try:
            message = record.getMessage()
        except Exception:  # a log message that fails to format must not kill the capture
            return
        self.items.append((record.name, message, record.exc_info[1] if record.exc_info else None))


def _gb_type_names() -> Dict[str, str]:
    path = os.path.join(os.path.dirname(torch._dynamo.__file__), "graph_break_registry.json")
    if not os.path.exists(path):
        return {}
    with open(path) as fh:
        return {k: v[0]["Gb_type"] for k, v in json.load(fh).items()}


def _inside(path: str, root: str) -> bool:
    path = os.path.abspath(path)
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _parse_break(message: str, exc: Any, root: str, names: Dict[str, str]) -> Optional[dict]:
    if message.startswith("Graph break: from user code at:"):  # torch <= 2.5
        reason, traceback_text = str(exc or ""), message
    elif message.startswith("Graph break"):
        reason = message.split("Graph Break Reason: ", 1)[-1].split("\nUser code traceback:")[0]
        traceback_text = message.split("User code traceback:")[-1]
    else:
        return None
    frames = [(f, int(line)) for f, line, _ in FRAME.findall(traceback_text)]
    user = [frame for frame in frames if _inside(frame[0], root)]
    first = message.splitlines()[0]
    where = LOCATION.search(first)
    ids = list(dict.fromkeys("GB" + i for i in GB_URL.findall(reason)))
    if user:
        filename, row = user[-1]
    elif where:
        filename, row = where.group(1), int(where.group(2))
    else:
        return None
    head = next((line.strip() for line in reason.splitlines()
                 if line.strip() and not line.strip().startswith(("Encountered graph break", "Failed to handle"))), "")
    return {
        "filename": os.path.abspath(filename),
        "row": row,
        "gb_ids": ids,
        "gb_id": ids[0] if ids else None,
        "gb_type": names.get(ids[0], head) if ids else head,
        "frame_skipped": "Skipping the function" in reason or "GB7000" in ids,
        "duplicate": "user stack suppressed" in first,
        # where dynamo stopped: the innermost frame, in torch or a library when the user's line only calls into it
        "innermost": [os.path.abspath(where.group(1)), int(where.group(2))] if where else None,
    }


def _parse_recompile(message: str, root: str) -> dict:
    lines = message.splitlines()
    guards = []
    for line in lines[1:]:
        text = line.strip()
        if text.startswith("- ") and not text[2:3].isspace() and not text.startswith("- User stack trace"):
            guards.append(re.sub(r"\s+#.*$", "", text[2:]).strip())
    # the guard's user stack (2.13): the project lines whose values the failing guards test
    rows = sorted({(os.path.abspath(f), int(line)) for f, line, _ in GUARD_FRAME.findall(message) if _inside(f, root)})
    return {"function": lines[0].replace("Recompiling function ", ""), "failed_guards": guards,
            "locations": [[f, r] for f, r in rows]}


def _silence_torch_console() -> None:
    """set_logs() attaches stderr handlers to torch's loggers; we only want our own capture."""
    for name, logger in list(logging.root.manager.loggerDict.items()):
        if name.startswith("torch") and isinstance(logger, logging.Logger):
            for handler in list(logger.handlers):
                if type(handler) is logging.StreamHandler:
                    logger.removeHandler(handler)


def capture(fn: Any, calls: Sequence[tuple], project_root: str, backend: str = "eager",
            kwargs: Optional[dict] = None, compiles_itself: bool = False) -> dict:
    """Compile `fn` (unless it compiles itself), call it once per argument tuple, and report breaks,
    recompiles and traced lines."""
    root = os.path.abspath(project_root)
    torch._dynamo.reset()
    torch._dynamo.utils.counters.clear()
    # dynamo logs a break whose (GB type, innermost location) it has logged before as a "duplicate", without the
    # user's stack: the same torch helper or library function reached from two user lines (two `Variable(...)` calls,
    # two F.pad calls) would place the second break inside torch. A checker that keeps nothing logs each with its stack.
    checker = getattr(torch._dynamo.utils, "graph_break_dup_warning_checker", None)
    kept = checker.maxsize if checker is not None else None
    if checker is not None:
        checker.reset()
        checker.maxsize = 0
    grab = _Grab()
    torch._logging.set_logs(graph_breaks=True, recompiles=True, trace_source=True)
    _silence_torch_console()
    dynamo_logger = logging.getLogger("torch._dynamo")
    dynamo_logger.addHandler(grab)
    graphs = []

    def counting_backend(gm, example_inputs):
        graphs.append(len(gm.graph.nodes))
        if backend == "eager":
            return gm.forward
        from torch._dynamo.backends.registry import lookup_backend

        return lookup_backend(backend)(gm, example_inputs)

    outputs, graphs_per_call = [], []
    try:
        compiled = fn if compiles_itself else torch.compile(fn, backend=counting_backend)
        for args in calls:
            outputs.append(compiled(*args, **(kwargs or {})))
            graphs_per_call.append(len(graphs) - sum(graphs_per_call))
    finally:
        dynamo_logger.removeHandler(grab)
        torch._logging.set_logs()
        if checker is not None:
            checker.maxsize = kept
    names = _gb_type_names()
    breaks, seen, recompiles, traced = [], set(), [], set()
    for name, message, exc in grab.items:
        if name.endswith("__graph_breaks"):
            parsed = _parse_break(message, exc, root, names)
            if parsed is None:
                continue
            key = (parsed["filename"], parsed["row"], parsed["gb_id"])
            if key not in seen:
                seen.add(key)
                breaks.append(parsed)
        elif name.endswith("__recompiles") and message.startswith("Recompiling function"):
            recompiles.append(_parse_recompile(message, root))
        elif name.endswith("__trace_source"):
            match = TRACE.search(message)
            if match and _inside(match.group(1), root):
                traced.add((os.path.abspath(match.group(1)), int(match.group(2))))
    counters = torch._dynamo.utils.counters
    return {
        # a self-compiling example uses its own backend: count the graphs dynamo produced instead
        "graphs": int(counters["stats"]["unique_graphs"]) if compiles_itself else len(graphs),
        "graphs_per_call": graphs_per_call,
        "breaks": breaks,
        "recompiles": recompiles,
        "traced_lines": sorted([f, r] for f, r in traced),
        "frames_total": int(counters["frames"]["total"]),
        "frames_ok": int(counters["frames"]["ok"]),
        "outputs": outputs,
    }


def _import_file(path: str):
    name = "compilelint_example_" + re.sub(r"\W", "_", os.path.abspath(path))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    folder = os.path.dirname(os.path.abspath(path))
    sys.path.insert(0, folder)  # an example imports its sibling modules, as a script would
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(folder)
    return module


def _unpack(made):
    if isinstance(made, tuple):
        fn, args = made
        return fn, [tuple(args)], None
    return made.fn, [tuple(made.args)] + [tuple(v) for v in (made.variants or [])], made.kwargs


def load_example(path: str):
    """Import a file by path and call its `example()`: (callable, args) or a compilelint.Example."""
    return _unpack(_import_file(path).example())


def _seed_everything(seed: int) -> None:
    import random

    import numpy

    random.seed(seed)
    numpy.random.seed(seed)
    torch.manual_seed(seed)


def run_examples(files: Sequence[str], project_root: str, compare_eager: Sequence[str] = ()) -> List[dict]:
    """`compare_eager`: files whose compiled outputs are also compared with eager ones under the same seeds
    (rules about silent changes of results rather than breaks)."""
    compare = {os.path.abspath(f) for f in compare_eager}
    results = []
    for path in files:
        torch.manual_seed(0)
        # an example may set torch._dynamo.config (as projects do): it must not leak into the next one
        saved_config = torch._dynamo.config.get_config_copy()
        try:
            made = _import_file(path).example()
            fn, calls, kwargs = _unpack(made)
            eager = None
            if os.path.abspath(path) in compare:
                _seed_everything(0)
                eager = [fn(*args, **(kwargs or {})) for args in calls]
                _seed_everything(0)
            result = capture(fn, calls, project_root, kwargs=kwargs,
                             compiles_itself=getattr(made, "compiles_itself", False))
            outputs = result.pop("outputs")
            if eager is not None:
                result["matches_eager"] = compare_outputs(eager, outputs)["ok"]
            results.append({"file": os.path.abspath(path), "ok": True, **result})
        except Exception as exc:  # one broken example must not hide the others' results
            results.append({"file": os.path.abspath(path), "ok": False,
                            "error": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()})
        finally:
            torch._dynamo.config.load_config(saved_config)
    return results


def _tolerances(made) -> dict:
    """Example.rtol/atol when given, else torch.testing's defaults, which depend on the dtype."""
    rtol, atol = getattr(made, "rtol", None), getattr(made, "atol", None)
    return {"rtol": rtol, "atol": atol} if rtol is not None and atol is not None else {}


def _eager_outputs(module, seed: int):
    """example() under `seed` (fresh model and inputs), then each call's eager output under one more seed."""
    torch.manual_seed(seed)
    made = module.example()
    fn, calls, kwargs = _unpack(made)
    outputs = []
    for index, args in enumerate(calls):
        torch.manual_seed(10_000 + 100 * seed + index)  # the same randomness inside both versions' calls
        with torch.no_grad():
            outputs.append(fn(*args, **(kwargs or {})))
    return calls, outputs, _tolerances(made)


def fix_parity(original: str, fixed: str, project_root: str, seeds: Sequence[int]) -> dict:
    """Does the fixed file break (and recompile) less than the original, and compute the same eager outputs?"""
    result = {"original": os.path.abspath(original), "fixed": os.path.abspath(fixed), "ok": True}
    for key, path in (("before", original), ("after", fixed)):
        torch.manual_seed(0)
        saved_config = torch._dynamo.config.get_config_copy()
        try:
            made = _import_file(path).example()
            fn, calls, kwargs = _unpack(made)
            captured = capture(fn, calls, project_root, kwargs=kwargs,
                               compiles_itself=getattr(made, "compiles_itself", False))
        finally:
            torch._dynamo.config.load_config(saved_config)
        result[f"breaks_{key}"] = [[b["row"], b["gb_id"]] for b in captured["breaks"]
                                   if b["filename"] == os.path.abspath(path)]
        result[f"graphs_{key}"] = captured["graphs"]
        result[f"recompiles_{key}"] = len(captured["recompiles"])
    modules = _import_file(original), _import_file(fixed)
    result["equal"], result["mismatch"] = True, None
    for seed in seeds:
        (args_a, out_a, tol), (args_b, out_b, _) = (_eager_outputs(m, seed) for m in modules)
        try:
            torch.testing.assert_close(args_b, args_a, rtol=0, atol=0)
            torch.testing.assert_close(out_b, out_a, **tol)
        except AssertionError as exc:
            result["equal"], result["mismatch"] = False, f"seed {seed}: {exc}"
            break
    return result


def run_fix_parity(pairs: Sequence[Sequence[str]], project_root: str, seeds: Sequence[int]) -> List[dict]:
    results = []
    for original, fixed in pairs:
        try:
            results.append(fix_parity(original, fixed, project_root, seeds))
        except Exception as exc:  # one broken pair must not hide the others' results
            results.append({"original": os.path.abspath(original), "fixed": os.path.abspath(fixed), "ok": False,
                            "error": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()})
    return results


# ---------------------------------------------------------------------------------------------------
# `--verify` targets: one target per child process, end to end (the parent matches and reports)
# ---------------------------------------------------------------------------------------------------
# allclose tolerances by dtype: compiled kernels reorder reductions, so they are looser than bitwise
TOLERANCES = {
    "torch.float64": (1e-7, 1e-7),
    "torch.float32": (1e-4, 1e-5),
    "torch.float16": (1e-2, 1e-2),
    "torch.bfloat16": (5e-2, 5e-2),
}


class TargetError(Exception):
    """A target that cannot be loaded or run: reported as the target's failure, the others continue."""


def _write_json(path: str, data: dict) -> None:
    """Atomic: the parent may read the file at any moment (after a timeout, a partial result is all there is)."""
    tmp = path + ".tmp"
    with open(tmp, "w") as fh:
        json.dump(data, fh, default=str)
    os.replace(tmp, path)


def _import_roots(root: str) -> List[str]:
    roots = [root]
    if os.path.isdir(os.path.join(root, "src")):
        roots.append(os.path.join(root, "src"))
    return roots


def _purge_project_modules(roots: Sequence[str]) -> None:
    """Forget modules imported from `roots`, so the same names import again from another tree."""
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if path and any(_inside(path, r) for r in roots) and not name.startswith("compilelint"):
            del sys.modules[name]
    for root in roots:
        while root in sys.path:
            sys.path.remove(root)


def load_target(spec: str, root: str) -> Tuple[Any, List[tuple], dict, Optional[float], Optional[float]]:
    """`pkg.module:function` imported from the project root (and `src/`) -> fn, calls, kwargs, rtol, atol."""
    module_name, _, function = spec.partition(":")
    if not module_name or not function:
        raise TargetError(f"target {spec!r} must be MODULE:FUNCTION")
    for path in reversed(_import_roots(root)):
        sys.path.insert(0, path)
    importlib.invalidate_caches()
    module = importlib.import_module(module_name)
    factory = getattr(module, function, None)
    if factory is None:
        raise TargetError(f"module {module_name} has no function {function!r}")
    made = factory()
    if isinstance(made, tuple) and len(made) == 2:
        fn, args = made
        return fn, [tuple(args)], {}, None, None
    if hasattr(made, "fn") and hasattr(made, "args"):
        calls = [tuple(made.args)] + [tuple(v) for v in (made.variants or [])]
        return made.fn, calls, dict(made.kwargs or {}), made.rtol, made.atol
    raise TargetError(f"{spec} returned {type(made).__name__}: expected (model_or_fn, args) or compilelint.Example")


def _to_device(obj: Any, device: str) -> Any:
    from torch.utils._pytree import tree_map

    return tree_map(lambda v: v.to(device) if isinstance(v, torch.Tensor) else v, obj)


def _clone(obj: Any) -> Any:
    from torch.utils._pytree import tree_map

    return tree_map(lambda v: v.clone() if isinstance(v, torch.Tensor) else v, obj)


def _leaves(obj: Any) -> list:
    from torch.utils._pytree import tree_flatten

    return tree_flatten(obj)[0]


def compare_outputs(expected: Any, actual: Any, rtol: Optional[float] = None, atol: Optional[float] = None) -> dict:
    """allclose leaf by leaf with dtype-aware tolerances (an explicit rtol/atol wins)."""
    left, right = _leaves(expected), _leaves(actual)
    if len(left) != len(right):
        return {"ok": False, "max_abs_diff": None, "reason": f"{len(left)} outputs vs {len(right)}"}
    ok, worst = True, 0.0
    for a, b in zip(left, right):
        if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
            if a.shape != b.shape:
                return {"ok": False, "max_abs_diff": None, "reason": f"shape {tuple(a.shape)} vs {tuple(b.shape)}"}
            default_rtol, default_atol = TOLERANCES.get(str(a.dtype), (0.0, 0.0))
            r = default_rtol if rtol is None else rtol
            t = default_atol if atol is None else atol
            if a.is_floating_point() or a.is_complex():
                a64, b64 = a.detach().to("cpu", torch.float64), b.detach().to("cpu", torch.float64)
                diff = (a64 - b64).abs()
                finite = torch.isfinite(diff)
                worst = max(worst, float(diff[finite].max()) if bool(finite.any()) else 0.0)
                ok = ok and bool(torch.allclose(a64, b64, rtol=r, atol=t, equal_nan=True))
            else:
                same = bool(torch.equal(a.detach().cpu(), b.detach().cpu()))
                ok = ok and same
                worst = max(worst, 0.0 if same else float("inf"))
        elif a != b:
            return {"ok": False, "max_abs_diff": None, "reason": f"{a!r} != {b!r}"}
    return {"ok": ok, "max_abs_diff": worst}


class _Clock:
    """Per-call timings: CUDA events on a GPU, perf_counter around synchronized calls elsewhere."""

    def __init__(self, device: str) -> None:
        self.cuda = device.startswith("cuda")

    def sync(self) -> None:
        if self.cuda:
            torch.cuda.synchronize()

    def times_ms(self, call: Any, n: int) -> List[float]:
        import time

        if self.cuda:
            pairs = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(n)]
            for start, end in pairs:
                start.record()
                call()
                end.record()
            torch.cuda.synchronize()
            return [start.elapsed_time(end) for start, end in pairs]
        out = []
        for _ in range(n):
            t0 = time.perf_counter()
            call()
            out.append((time.perf_counter() - t0) * 1000.0)
        return out


def _stats(samples: List[float]) -> dict:
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]

    return {"median_ms": pick(0.5), "p25_ms": pick(0.25), "p75_ms": pick(0.75), "min_ms": ordered[0],
            "max_ms": ordered[-1], "repeats": len(ordered)}


def _reset_peak(device: str) -> None:
    if device.startswith("cuda"):
        torch.cuda.reset_peak_memory_stats()


def _peak_mb(device: str) -> Optional[float]:
    return torch.cuda.max_memory_allocated() / 2**20 if device.startswith("cuda") else None


def measure(call: Any, device: str, warmup: int, repeats: int) -> dict:
    clock = _Clock(device)
    _reset_peak(device)
    for _ in range(warmup):
        call()
    clock.sync()
    result = _stats(clock.times_ms(call, max(1, repeats)))
    result["peak_mem_mb"] = _peak_mb(device)
    return result


def compile_and_measure(fn: Any, args: tuple, kwargs: dict, backend: str, mode: Optional[str], device: str,
                        warmup: int, repeats: int) -> Tuple[dict, Any]:
    """Compile from a cold dynamo cache; the first call's time is the compile time, then steady state."""
    import tempfile
    import time

    torch._dynamo.reset()
    # cold on-disk caches for every compile, so that `compile_fixed_s` does not reuse `compile_s`'s kernels
    cache = tempfile.mkdtemp(prefix="inductor-", dir=os.environ.get("TORCHINDUCTOR_CACHE_DIR"))
    os.environ["TORCHINDUCTOR_CACHE_DIR"], os.environ["TRITON_CACHE_DIR"] = cache, os.path.join(cache, "triton")
    options: Dict[str, Any] = {"backend": backend}
    if backend == "inductor" and mode not in (None, "default"):
        options["mode"] = mode
    compiled = torch.compile(fn, **options)
    cudagraphs = "reduce-overhead" in str(mode) or "cudagraphs" in str(mode)

    def call():
        if cudagraphs:  # each call is a new step: the previous outputs may be overwritten
            torch.compiler.cudagraph_mark_step_begin()
        return compiled(*args, **kwargs)

    clock = _Clock(device)
    _reset_peak(device)
    clock.sync()
    t0 = time.perf_counter()
    output = call()
    clock.sync()
    compile_s = time.perf_counter() - t0
    output = _clone(output)  # CUDA graphs reuse output memory on the next call
    timing = measure(call, device, warmup, repeats)
    timing["compile_s"] = compile_s
    return timing, output


def _start_compiler(backend: str, device: str) -> None:
    """The process's one-time compiler start-up (imports, worker pool, CUDA context), so that it is not
    charged to the first target compiled."""
    compiled = torch.compile(lambda t: torch.nn.functional.gelu(t * 2.0) + 1.0, backend=backend)
    compiled(torch.ones(64, device=device))
    torch._dynamo.reset()


def _explain(fn: Any, args: tuple, kwargs: dict) -> Optional[dict]:
    try:
        out = torch._dynamo.explain(fn)(*args, **kwargs)
    except Exception as exc:  # explain is a second opinion; its failure must not fail the target
        return {"error": f"{type(exc).__name__}: {exc}"}
    return {"graph_count": out.graph_count, "graph_break_count": out.graph_break_count,
            "break_reasons": len(out.break_reasons)}


def _relative(items: list, root: str) -> list:
    return [[os.path.relpath(f, root).replace(os.sep, "/"), r] for f, r in items]


def analyse(fn: Any, calls: List[tuple], kwargs: dict, root: str) -> dict:
    """Step 1: breaks, recompiles over the variants and traced lines (paths relative to `root`), graph counts."""
    result = capture(fn, calls, root, backend="eager", kwargs=kwargs)
    result.pop("outputs")
    for item in result["breaks"]:
        item["filename"] = os.path.relpath(item["filename"], root).replace(os.sep, "/")
    for item in result["recompiles"]:
        item["locations"] = _relative(item["locations"], root)
        item["function"] = item["function"].replace(root.rstrip(os.sep) + os.sep, "")
    result["traced_lines"] = _relative(result["traced_lines"], root)
    result["graph_breaks"] = len(result["breaks"])
    result["graphs"] = result["graphs_per_call"][0]  # later calls add the recompiled graphs
    result["explain"] = _explain(fn, calls[0], kwargs)
    torch._dynamo.reset()
    return result


def environment(device: str) -> dict:
    import platform
    import subprocess

    import compilelint

    env = {"torch": torch.__version__, "cuda": torch.version.cuda, "python": platform.python_version(),
           "compilelint": compilelint.__version__, "platform": platform.platform(), "device": device,
           "gpu": None, "driver": None, "cudnn": None}
    if device.startswith("cuda"):
        env["gpu"] = torch.cuda.get_device_name()
        env["gpu_count"] = torch.cuda.device_count()
        env["cudnn"] = torch.backends.cudnn.version()
        try:
            env["driver"] = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                                           capture_output=True, text=True, timeout=30).stdout.split("\n")[0].strip() or None
        except (OSError, subprocess.SubprocessError):
            pass
    else:
        env["cpu"] = platform.processor() or platform.machine()
        env["threads"] = torch.get_num_threads()
    return env


def run_target(request: dict, result_path: str) -> int:
    """One target: analyse, time, re-run on the fixed shadow copy, parity. Writes the result after each step."""
    result: Dict[str, Any] = {"target": request["target"], "status": "running", "phase": "loading"}
    _write_json(result_path, result)
    try:
        device = request.get("device", "auto")
        if device == "auto":
            device = "cuda" if torch.cuda.is_available() else "cpu"
        elif device.startswith("cuda") and not torch.cuda.is_available():
            result.update(status="fatal", error=f"--device cuda, but torch {torch.__version__} sees no CUDA device")
            _write_json(result_path, result)
            return 0
        result["environment"] = environment(device)
        _run_phases(request, result, result_path, device)
        result["status"] = "ok"
    except BaseException as exc:  # user code: any exception (OOM included) fails this target only
        result["status"] = "failed"
        result["error"] = f"{type(exc).__name__}: {exc}".strip()
        result["traceback"] = traceback.format_exc()[-6000:]
    if result["status"] == "ok":
        result.pop("phase")
    _write_json(result_path, result)
    return 0


def _run_phases(request: dict, result: dict, result_path: str, device: str) -> None:
    root, shadow = request["project_root"], request.get("shadow_root")
    backend, modes = request.get("backend", "inductor"), request.get("modes") or ["default"]
    warmup, repeats = int(request.get("warmup", 3)), int(request.get("repeats", 20))

    def step(name: str) -> None:
        result["phase"] = name
        _write_json(result_path, result)

    os.chdir(root)
    torch.manual_seed(0)
    fn, calls, kwargs, rtol, atol = load_target(request["target"], root)
    if isinstance(fn, torch.nn.Module):
        fn = fn.to(device)
    calls, kwargs = _to_device(calls, device), _to_device(kwargs, device)
    result["inputs"] = _describe(calls[0])
    with torch.no_grad():
        step("eager")
        torch.manual_seed(0)
        reference = fn(*calls[0], **kwargs)
        step("analyse")
        result["before"] = analyse(fn, calls, kwargs, root)
        step("benchmark")
        timing: Dict[str, Any] = {"eager": measure(lambda: fn(*calls[0], **kwargs), device, warmup, repeats)}
        _start_compiler(backend, device)
        parity: Dict[str, Any] = {"rtol": rtol, "atol": atol}
        for mode in modes:
            step(f"compile:{mode}")
            timing[f"compiled:{mode}"], out = compile_and_measure(fn, calls[0], kwargs, backend, mode, device, warmup, repeats)
            if "compiled" not in parity:  # the first mode's output stands for all
                parity["compiled"] = compare_outputs(reference, out, rtol, atol)
        result["timing_runs"], result["parity"] = timing, parity
        if not shadow:
            return
        step("load fixed")
        _purge_project_modules(_import_roots(root))
        os.chdir(shadow)
        torch.manual_seed(0)
        fixed, _calls, _kwargs, _r, _a = load_target(request["target"], shadow)
        if isinstance(fixed, torch.nn.Module):
            fixed = fixed.to(device)
            if isinstance(fn, torch.nn.Module):  # same weights: the fix must not be judged on a new init
                fixed.load_state_dict(fn.state_dict())
                fixed.train(fn.training)
        step("eager fixed")
        torch.manual_seed(0)
        parity["fixed_eager"] = compare_outputs(reference, fixed(*calls[0], **kwargs), rtol, atol)
        step("analyse fixed")
        result["after"] = analyse(fixed, calls, kwargs, shadow)
        for mode in modes:
            step(f"compile fixed:{mode}")
            timing[f"compiled_fixed:{mode}"], out = compile_and_measure(fixed, calls[0], kwargs, backend, mode, device,
                                                                        warmup, repeats)
            if "fixed_compiled" not in parity:
                parity["fixed_compiled"] = compare_outputs(reference, out, rtol, atol)


def _describe(args: tuple) -> list:
    out = []
    for value in _leaves(args):
        if isinstance(value, torch.Tensor):
            out.append({"shape": list(value.shape), "dtype": str(value.dtype).replace("torch.", ""),
                        "device": str(value.device)})
        else:
            out.append({"value": repr(value)[:40]})
    return out


def main(argv: Sequence[str]) -> int:
    request_path, result_path = argv
    with open(request_path) as fh:
        request = json.load(fh)
    if request["mode"] == "examples":
        result = {"torch": torch.__version__,
                  "examples": run_examples(request["files"], request["project_root"], request.get("compare_eager", ()))}
    elif request["mode"] == "fix_parity":
        result = {"torch": torch.__version__,
                  "pairs": run_fix_parity(request["pairs"], request["project_root"], request.get("seeds", [0, 1, 2]))}
    elif request["mode"] == "target":
        return run_target(request, result_path)
    else:
        raise SystemExit(f"unknown mode {request['mode']!r}")
    with open(result_path, "w") as fh:
        json.dump(result, fh)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
