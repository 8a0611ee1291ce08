"""The project context's text search (context.identifiers) finds what its regular expression finds."""

from __future__ import annotations

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
