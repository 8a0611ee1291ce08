"""Child process of run_eval.py: run one package's targets under dynamo and write what happened.

    python benchmarks/eval/dynamo_child.py REQUEST.json RESULT.json
Request: {"site": DIR, "package": FOLDER, "targets": [NAME, ...], "targets_file": PATH}. Imports torch; the parent never does.
Each target is one capture() of compilelint/verify/harness.py with project_root = the package's folder, so
a break is placed on the innermost frame inside the package (where a linter of that package must see it).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import time
import traceback


def _load(path: str):
    spec = importlib.util.spec_from_file_location("compilelint_eval_targets", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def run(site: str, folder: str, names, targets_file: str) -> dict:
    sys.path.insert(0, site)
    import torch

    from compilelint.verify.harness import capture

    targets = _load(targets_file)

    root = os.path.join(site, folder)
    results = {}
    for name in names:
        started = time.perf_counter()
        try:
            fn, calls, kwargs = targets.build(folder, name)
            result = capture(fn, calls, root, kwargs=kwargs)
            result.pop("outputs")
            results[name] = {"ok": True, **result}
        except Exception as exc:  # one target that fails must not hide the others' results
            results[name] = {"ok": False, "error": f"{type(exc).__name__}: {exc}",
                             "traceback": traceback.format_exc()[-3000:]}
        results[name]["seconds"] = round(time.perf_counter() - started, 2)
    return {"torch": torch.__version__, "targets": results}


def main(argv) -> int:
    request_path, result_path = argv
    with open(request_path) as fh:
        request = json.load(fh)
    result = run(request["site"], request["package"], request["targets"], request["targets_file"])
    with open(result_path, "w") as fh:
        json.dump(result, fh)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
