"""Scaling benchmark: does compilelint's cost grow linearly with lines? Against the libcst parse floor, on
nested samples of the installed torch/ package.

    python benchmarks/speed/scaling.py [--fractions 1/8,1/4,1/2,1] [--rounds 1] [--seed 20261123]

Takes every .py file of the installed torch/ (torch is never imported) in a fixed pseudo-random order (seeded), and
builds nested prefixes of that order: the first 1/8 of the files, the first 1/4 (which holds the 1/8), and so on.
Each prefix is copied into its own temporary tree under torch/, with an empty `__init__.py` in every package folder
whose own was not drawn, so that module names (torch.nn.modules.linear ...) and the project root are those of the
real package. For each size, interleaved in one run (`--rounds N` repeats the sizes in turn; medians are reported),
it measures as fresh processes: the libcst parse floor of exactly those files (`libcst.parse_module` of each, one
child process, as run.py's floor), and `compilelint --isolated --no-cache -j1 --exit-zero` on the tree, with CPU
seconds and peak RSS from the child's resource usage. Linear growth means compilelint's CPU per 1k lines, and
above all its ratio to the floor, stay flat across sizes: the floor absorbs differences in the mix of code a
sample happens to draw. CPU seconds are the measure (the box is shared); wall is shown but is not robust.
Writes benchmarks/results/speed-<date>-scaling.md. The whole default run takes ~10 minutes on 2 loaded cores.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Dict, List, Sequence

if __package__:  # imported as benchmarks.speed.scaling (the tests)
    from .run import FLOOR, REPO, lines, measure, torch_dir, version_of
else:  # run as a script, like run.py
    from run import FLOOR, REPO, lines, measure, torch_dir, version_of

DEFAULT_FRACTIONS = "1/8,1/4,1/2,1"
DEFAULT_SEED = 20261123


def package_files(package: Path) -> List[Path]:
    """Every .py file of a package, relative to the folder that holds it (torch/...), sorted."""
    return sorted(path.relative_to(package.parent) for path in package.rglob("*.py") if "__pycache__" not in path.parts)


def sample_order(files: Sequence[Path], seed: int) -> List[Path]:
    """The files in a pseudo-random order that depends on the seed alone (not on the order they were listed in)."""
    order = sorted(files)
    random.Random(seed).shuffle(order)
    return order


def nested_prefixes(order: Sequence[Path], fractions: Sequence[Fraction]) -> List[List[Path]]:
    """The first ceil(f * n) files of the order for each fraction, smallest first: each sample holds the smaller ones."""
    return [list(order[:-(-fraction.numerator * len(order) // fraction.denominator)]) for fraction in sorted(fractions)]


def build_tree(source_root: Path, files: Sequence[Path], target: Path) -> List[Path]:
    """Copies the files (relative to source_root) under target, adds an empty __init__.py to each package folder
    on their way up that has none, and returns every .py file of the tree: what the floor parses."""
    for relative in files:
        out = target / relative
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source_root / relative, out)
    for relative in files:
        for folder in relative.parents:
            if folder == Path("."):
                break
            marker = target / folder / "__init__.py"
            if not marker.exists():
                marker.write_text("")
    return sorted(target.rglob("*.py"))


def parse_fractions(text: str) -> List[Fraction]:
    fractions = sorted({Fraction(part.strip()) for part in text.split(",") if part.strip()})
    if not fractions or fractions[0] <= 0 or fractions[-1] > 1:
        raise argparse.ArgumentTypeError(f"fractions in (0, 1], comma-separated: {text!r}")
    return fractions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fractions", type=parse_fractions, default=parse_fractions(DEFAULT_FRACTIONS),
                        help=f"sample sizes as fractions of torch/'s files (default {DEFAULT_FRACTIONS})")
    parser.add_argument("--rounds", type=int, default=1, help="rounds over all sizes, interleaved; medians reported")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the seed of the file order")
    parser.add_argument("--out", type=Path, default=REPO / "benchmarks" / "results")
    args = parser.parse_args()

    torch = torch_dir()
    order = sample_order(package_files(torch), args.seed)
    samples = nested_prefixes(order, args.fractions)
    py = sys.executable
    runs: Dict[Fraction, Dict[str, List[Dict[str, float]]]] = {f: {"floor": [], "lint": []} for f in args.fractions}
    sizes: Dict[Fraction, Dict[str, int]] = {}
    with tempfile.TemporaryDirectory(prefix="compilelint-scaling-") as tmp:
        trees = {}
        for fraction, sample in zip(args.fractions, samples):
            root = Path(tmp) / f"sample-{fraction.numerator}-{fraction.denominator}"
            tree_files = build_tree(torch.parent, sample, root)
            trees[fraction] = (root, tree_files)
            sizes[fraction] = {"files": len(sample), "lines": lines(tree_files)}
        lint = [py, "-m", "compilelint", "--isolated", "--no-cache", "-j", "1", "--exit-zero"]
        measure([*lint, str(trees[args.fractions[0]][0])], REPO)  # writes compilelint's bytecode before any timing
        for round_ in range(args.rounds):
            for fraction, (root, tree_files) in trees.items():
                runs[fraction]["floor"].append(measure([py, "-c", FLOOR, *map(str, tree_files)], REPO))
                runs[fraction]["lint"].append(measure([*lint, str(root)], REPO))
                print(f"round {round_ + 1}, {fraction}: floor {runs[fraction]['floor'][-1]['cpu']:.1f} s, compilelint "
                      f"{runs[fraction]['lint'][-1]['cpu']:.1f} s CPU", file=sys.stderr)
    report = render(runs, sizes, args)
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / f"speed-{datetime.date.today().isoformat()}-scaling.md"
    target.write_text(report, encoding="utf-8")
    print(report)
    print(f"written to {target}", file=sys.stderr)


def render(runs, sizes, args) -> str:
    def median(fraction, tool, key):
        return statistics.median(r[key] for r in runs[fraction][tool])

    metadata = "import importlib.metadata as m; print(m.version({!r}))"
    out = [
        f"# Scaling: compilelint on nested samples of torch/ ({datetime.date.today().isoformat()})", "",
        f"Every .py file of the installed torch {version_of([sys.executable, '-c', metadata.format('torch')])} in a "
        f"seeded order (seed {args.seed}), prefixes of {', '.join(map(str, args.fractions))} of the files, each in "
        f"its own tree. {args.rounds} round{'s' if args.rounds != 1 else ''} over the sizes, interleaved"
        f"{' (medians)' if args.rounds != 1 else ''}; each measurement a fresh process. compilelint: "
        "`--isolated --no-cache -j 1 --exit-zero`.", "",
        f"Machine: {platform.machine()}, {len(os.sched_getaffinity(0))} cores usable, Python "
        f"{platform.python_version()}, load average at the end {os.getloadavg()[0]:.1f}. Versions: compilelint "
        f"{version_of([sys.executable, '-m', 'compilelint', '--version'])} "
        f"({version_of(['git', '-C', str(REPO), 'rev-parse', '--short', 'HEAD'])}), libcst "
        f"{version_of([sys.executable, '-c', metadata.format('libcst')])}.", "",
        "| fraction | files | lines | floor CPU s | compilelint CPU s | compilelint wall s | compilelint / floor "
        "| floor CPU ms per 1k lines | compilelint CPU ms per 1k lines | compilelint peak RSS MB |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for fraction in args.fractions:
        n_lines = sizes[fraction]["lines"]
        floor, lint = median(fraction, "floor", "cpu"), median(fraction, "lint", "cpu")
        out.append(f"| {fraction} | {sizes[fraction]['files']:,} | {n_lines:,} | {floor:.1f} | {lint:.1f} "
                   f"| {median(fraction, 'lint', 'wall'):.1f} | {lint / floor:.2f}x | {1000 * floor / (n_lines / 1000):.0f} "
                   f"| {1000 * lint / (n_lines / 1000):.0f} | {median(fraction, 'lint', 'rss'):.0f} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
