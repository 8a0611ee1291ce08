"""Run code under dynamo and record what really happens: graph breaks (file, line, GB id), recompiles
with their failing guards, the lines dynamo traced, and the graph count.

This is the only module of compilelint that imports torch. It runs in a child process:
    python -m compilelint.verify.harness REQUEST.json RESULT.json
(a file, not stdout: user code may print)
Request: {"mode": "examples", "files": [...], "project_root": "..."}, or
{"mode": "fix_parity", "pairs": [[original, fixed], ...], "project_root": "...", "seeds": [0, 1, 2]}: breaks
of both files and their eager outputs on the same fresh random inputs (one set per seed).
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
from typing import Any, Dict, List, Optional, Sequence

import torch
import torch._dynamo

GB_URL = re.compile(r"compile-graph-break-site/gb/gb(\d{4})\.html")
FRAME = re.compile(r'^\s*File "(.*)", line (\d+), in (\S+)', re.M)
LOCATION = re.compile(r"in user code at (.*):(\d+)")
TRACE = re.compile(r"TRACE starts_line (.*):(\d+) in (\S+)")
RESUME = re.compile(r"torch_dynamo_resume_in_(.+)_at_(\d+)$")


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
    }


def _parse_recompile(message: str) -> dict:
    lines = message.splitlines()
    guards = []
    for line in lines[1:]:
        text = line.strip()
        if text.startswith("- ") and not text[2:3].isspace() and not text.startswith("- User stack trace"):
            guards.append(re.sub(r"\s+#.*$", "", text[2:]).strip())
    return {"function": lines[0].replace("Recompiling function ", ""), "failed_guards": guards}


def _silence_torch_console() -> None:
    """set_logs() attaches stderr handlers to torch's loggers; we only want our own capture."""
    for name, logger in list(logging.root.manager.loggerDict.items()):
        if name.startswith("torch") and isinstance(logger, logging.Logger):
            for handler in list(logger.handlers):
                if type(handler) is logging.StreamHandler:
                    logger.removeHandler(handler)


def capture(fn: Any, calls: Sequence[tuple], project_root: str, backend: str = "eager",
            kwargs: Optional[dict] = None) -> dict:
    """Compile `fn`, call it once per argument tuple, and report breaks, recompiles and traced lines."""
    root = os.path.abspath(project_root)
    torch._dynamo.reset()
    torch._dynamo.utils.counters.clear()
    checker = getattr(torch._dynamo.utils, "graph_break_dup_warning_checker", None)
    if checker is not None:  # not cleared by reset(): without this a repeated break is logged as a duplicate
        checker.reset()
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

    outputs = []
    try:
        compiled = torch.compile(fn, backend=counting_backend)
        for args in calls:
            outputs.append(compiled(*args, **(kwargs or {})))
    finally:
        dynamo_logger.removeHandler(grab)
        torch._logging.set_logs()
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
            recompiles.append(_parse_recompile(message))
        elif name.endswith("__trace_source"):
            match = TRACE.search(message)
            if match and _inside(match.group(1), root):
                traced.add((os.path.abspath(match.group(1)), int(match.group(2))))
    counters = torch._dynamo.utils.counters
    return {
        "graphs": len(graphs),
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
    spec.loader.exec_module(module)
    return module


def _unpack(made):
    if isinstance(made, tuple):
        fn, args = made
        return fn, [tuple(args)], None
    return made.fn, [tuple(made.args)] + [tuple(v) for v in (made.variants or [])], made.kwargs


def load_example(path: str):
    """Import a file by path and call its `example()`: (callable, args) or a compilelint.Example."""
    return _unpack(_import_file(path).example())


def run_examples(files: Sequence[str], project_root: str) -> List[dict]:
    results = []
    for path in files:
        torch.manual_seed(0)
        try:
            fn, calls, kwargs = load_example(path)
            result = capture(fn, calls, project_root, kwargs=kwargs)
            result.pop("outputs")
            results.append({"file": os.path.abspath(path), "ok": True, **result})
        except Exception as exc:  # one broken example must not hide the others' results
            results.append({"file": os.path.abspath(path), "ok": False,
                            "error": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()})
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
    """Does the fixed file break less than the original, and compute the same eager outputs?"""
    result = {"original": os.path.abspath(original), "fixed": os.path.abspath(fixed), "ok": True}
    for key, path in (("before", original), ("after", fixed)):
        torch.manual_seed(0)
        fn, calls, kwargs = load_example(path)
        captured = capture(fn, calls, project_root, kwargs=kwargs)
        result[f"breaks_{key}"] = [[b["row"], b["gb_id"]] for b in captured["breaks"]
                                   if b["filename"] == os.path.abspath(path)]
        result[f"graphs_{key}"] = captured["graphs"]
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


def main(argv: Sequence[str]) -> int:
    request_path, result_path = argv
    with open(request_path) as fh:
        request = json.load(fh)
    if request["mode"] == "examples":
        result = {"torch": torch.__version__, "examples": run_examples(request["files"], request["project_root"])}
    elif request["mode"] == "fix_parity":
        result = {"torch": torch.__version__,
                  "pairs": run_fix_parity(request["pairs"], request["project_root"], request.get("seeds", [0, 1, 2]))}
    else:
        raise SystemExit(f"unknown mode {request['mode']!r}")
    with open(result_path, "w") as fh:
        json.dump(result, fh)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
