"""Modules of a namespace package (PEP 420, no __init__.py anywhere) a folder or more down are named from the package,
as its code and the compiled-roots spell them, where the package's code imports the subfolder on the way down by the
package's name (dynamo-proven in tests/dynamo_cases/namespace_packages.py)."""

from __future__ import annotations

from compilelint import linter
from compilelint.config import Config
from tests.helpers import REPO, found_lines, lint_paths, marked_lines

CASES = REPO / "tests" / "dynamo_cases"
CASE = CASES / "namespace_packages.py"
PACKAGE = CASES / "namespace_helpers"
FILES = sorted(PACKAGE.rglob("*.py"))


def test_compiled_roots_name_modules_of_folders_down_a_namespace_package():
    config = Config(root=REPO, compiled_roots=("namespace_helpers.graph.radius:radius_graph",))
    assert sorted(set(found_lines(lint_paths(FILES, config=config)))) == marked_lines(FILES)
    assert linter.module_name(PACKAGE / "search" / "naive.py") == ("namespace_helpers.search.naive", False)


def test_a_folder_above_whose_code_imports_only_other_subfolders_by_name_names_no_module_here():
    # tests/*.py import `tests.helpers`: tests/ is a namespace package, but nothing imports tests.dynamo_cases
    assert linter.module_name(REPO / "tests" / "test_regions.py") == ("tests.test_regions", False)
    assert linter.module_name(CASE) == ("namespace_packages", False)


def test_dynamo_breaks_on_exactly_the_marked_lines(examples_under_dynamo):
    result = examples_under_dynamo[CASE.resolve()]
    assert result["ok"], result.get("traceback")
    broken = sorted({(b["filename"], b["row"]) for b in result["breaks"]})
    assert broken == sorted({(path, row) for path, row, _ in marked_lines(FILES)})
