"""The project context's text search (context.identifiers) finds what its regular expression finds."""

from __future__ import annotations

import os
import subprocess
import sys

from hypothesis import given, settings, strategies as st

from compilelint.context import IDENTIFIER, identifiers
from tests.helpers import REPO


def expected(text: str) -> set:
    return {word.encode("utf-8", "surrogatepass") for word in IDENTIFIER.findall(text)}


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aZ_09 .(\n\t#'\"") + ["\u00e9", "\u0661", "\u2192", "\u00b2"]),
               max_size=60))
def test_identifiers_are_the_words_the_pattern_finds(text):
    assert identifiers(text) == expected(text)


def test_identifiers_of_real_source_are_the_words_the_pattern_finds():
    texts = [p.read_text(encoding="utf-8") for p in sorted((REPO / "compilelint").rglob("*.py"))]
    texts += ["x1 = 2abc + 0x1F * _9 - 123", "é2abc ab²c 9_a"]
    assert [identifiers(t) for t in texts] == [expected(t) for t in texts]


IMPORTED_ORDER = """
import sys
from pathlib import Path
from compilelint.facts import FileFacts
from compilelint.project import imported_project_files

root = Path(sys.argv[1])
names = [f"mod{i}" for i in range(12)]
facts = FileFacts(str(root / "main.py"), "main", imports={n: n for n in names})
print(",".join(p.stem for p in imported_project_files(facts, root / "main.py", False, root)))
"""


def test_the_files_a_file_imports_come_in_the_order_it_imports_them_whatever_the_hash_seed(tmp_path):
    # the project context stops reading at MAX_CONTEXT_FILES: an order that changed with PYTHONHASHSEED made
    # which files it read, and so the findings, change from one run to the next
    for i in range(12):
        (tmp_path / f"mod{i}.py").write_text("")
    orders = set()
    for seed in ("1", "2", "3"):
        run = subprocess.run([sys.executable, "-c", IMPORTED_ORDER, str(tmp_path)], capture_output=True, text=True,
                             cwd=REPO, env={**os.environ, "PYTHONHASHSEED": seed}, check=True)
        orders.add(run.stdout.strip())
    assert orders == {",".join(f"mod{i}" for i in range(12))}
