"""The scaling benchmark's samples (benchmarks/speed/scaling.py): nested, deterministic, real package layout."""

from fractions import Fraction
from pathlib import Path

from benchmarks.speed.scaling import build_tree, nested_prefixes, package_files, sample_order

FRACTIONS = [Fraction(1, 8), Fraction(1, 4), Fraction(1, 2), Fraction(1)]


def _package(root: Path) -> Path:
    package = root / "torch"
    for index in range(20):
        path = package / f"sub{index % 3}" / "deep" / f"mod{index}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"x = {index}\n")
    (package / "__init__.py").write_text("")
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "stale.py").write_text("")
    return package


def test_prefixes_are_nested_deterministic_and_end_with_every_file(tmp_path):
    files = package_files(_package(tmp_path))
    assert len(files) == 21 and all(path.parts[0] == "torch" and "__pycache__" not in path.parts for path in files)
    order = sample_order(files, seed=7)
    assert order == sample_order(list(reversed(files)), seed=7)  # the seed alone decides the order
    assert order != files  # shuffled, not the listing order
    samples = nested_prefixes(order, FRACTIONS)
    assert [len(sample) for sample in samples] == [3, 6, 11, 21]  # ceil(f * 21)
    for smaller, larger in zip(samples, samples[1:]):
        assert larger[:len(smaller)] == smaller
    assert sorted(samples[-1]) == files


def test_a_sample_tree_gets_package_markers_where_its_own_were_not_drawn(tmp_path):
    package = _package(tmp_path / "source")
    (package / "sub0" / "__init__.py").write_text("from .deep import mod0\n")
    drawn = [Path("torch/sub0/deep/mod0.py"), Path("torch/sub0/__init__.py")]
    tree = build_tree(package.parent, drawn, tmp_path / "sample")
    relative = sorted(path.relative_to(tmp_path / "sample").as_posix() for path in tree)
    assert relative == ["torch/__init__.py", "torch/sub0/__init__.py", "torch/sub0/deep/__init__.py",
                        "torch/sub0/deep/mod0.py"]
    assert (tmp_path / "sample/torch/sub0/__init__.py").read_text() == "from .deep import mod0\n"  # the drawn one
    assert (tmp_path / "sample/torch/sub0/deep/__init__.py").read_text() == ""  # a marker
