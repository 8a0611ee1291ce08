"""Parsing without libcst's node validation gives the same trees and the same syntax errors."""

from pathlib import Path

import hypothesmith
import libcst as cst
from hypothesis import HealthCheck, given, settings

from compilelint.parsing import parse_module

REPO = Path(__file__).resolve().parent.parent

# valid code near the edges of what validation checks (spacing around keywords, parentheses, literals),
# and invalid code that libcst's parser rejects
EDGE_CASES = [
    "x = 1if y else-1\n", "print(1or 2)\n", "x = [i for i in(y)if(i)]\n", "for(x)in(y):pass\n",
    "raise(X)from(Y)\n", "with(a)as(b):pass\n", "x = not(y)\n", "f = lambda:0\n", "x = 'a'if b else'c'\n",
    "try:pass\nexcept(E)as e:pass\n", "async def f():\n  await(x)\n", "x = f'{a!r:>{w}}'\n",
    "def f(a, /, b, *, c): pass\n", "match x:\n case(1):pass\n", "type X = int\n", "def f[T](x): pass\n",
    "x = (yield)\n", "del(x),y\n", "assert(x),'m'\n", "import a.b as c\nfrom . import(d)\n",
    "x =\n", "def f(:\n", "f(**)\n", "lambda x=: 0\n", "class A(:\n", "x = 1 +\n", "if x\n  y\n",
    "return return\n", "x = [1, 2\n", "@\ndef f(): pass\n", "def f(*): pass\n", "print(a for a in b, c)\n",
]


def _outcome(parse, text):
    try:
        module = parse(text)
    except Exception as exc:  # the exception type is the outcome to compare
        return type(exc).__name__, None
    return "ok", module


def _assert_same(text):
    expected, expected_tree = _outcome(cst.parse_module, text)
    got, tree = _outcome(parse_module, text)
    assert got == expected, text
    if tree is not None:
        assert tree.deep_equals(expected_tree) and tree.code == expected_tree.code, text


def test_edge_cases_parse_alike():
    for text in EDGE_CASES:
        _assert_same(text)


def test_repository_sources_parse_alike():
    files = sorted(REPO.glob("rules/*/*.py")) + sorted(REPO.glob("fixtures/**/*.py"))
    assert files
    for path in files:
        _assert_same(path.read_text(encoding="utf-8"))


def test_validation_is_back_after_parsing():
    parse_module("x = 1\n")
    try:
        cst.Name("not a name")
    except cst.CSTValidationError:
        return
    raise AssertionError("a hand-built node is validated again after parse_module")


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(hypothesmith.from_grammar())
def test_generated_programs_parse_alike(text):
    _assert_same(text)
