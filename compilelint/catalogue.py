"""The rule catalogue: `rules/<code>-<name>/rule.md` front matter and docs, read as RuleSpec values."""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple

SECTIONS = (
    "What it does",
    "Why is this bad?",
    "Fix safety",
    "How --verify confirms it",
    "Known false positives",
    "References",
)
# The oldest torch whose graph-break messages carry GB ids; older ones have free text only.
FIRST_VERSION_WITH_IDS = (2, 8)
# keys of a `[predicts.<pattern>]` table that are not torch versions
PATTERN_KEYS = frozenset({"removed_by"})
DOCS_URL = "https://github.com/compilelint/compilelint/blob/main/rules/{folder}/rule.md"


def rules_dir() -> Path:
    """The catalogue: inside the installed wheel, or the repository's `rules/` in a source checkout."""
    packaged = Path(__file__).parent / "rules"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "rules"


@dataclass(frozen=True)
class RuleSpec:
    code: str
    name: str
    summary: str
    status: str
    since: str
    fix: str
    default: bool
    severity: str
    tags: Tuple[str, ...]
    # pattern -> {"default" | "2.11" | ...: [GB ids]}
    predicts: Dict[str, Dict[str, List[str]]]
    doc: str
    folder: Path
    # dynamo settings the rule needs to be true at all (dynamo_config.holds), e.g. ["trace_numpy=false"]
    only_when: Tuple[str, ...] = ()

    @property
    def url(self) -> str:
        return DOCS_URL.format(folder=self.folder.name)

    def gb_ids(self, pattern: str = "default", torch_version: Optional[Tuple[int, int]] = None) -> Tuple[str, ...]:
        """GB ids this rule predicts for `pattern` under the target torch version."""
        if torch_version is not None and torch_version < FIRST_VERSION_WITH_IDS:
            return ()
        table = self.predicts.get(pattern) or self.predicts.get("default") or {}
        if torch_version is not None:
            key = f"{torch_version[0]}.{torch_version[1]}"
            if key in table:
                return tuple(table[key])
        return tuple(table.get("default", ()))

    def all_gb_ids(self) -> Tuple[str, ...]:
        ids = {i for table in self.predicts.values() for key, ids in table.items() if key not in PATTERN_KEYS
               for i in ids}
        return tuple(sorted(ids))

    def removed_by(self, pattern: str = "default") -> Tuple[str, ...]:
        """Dynamo settings under which this pattern no longer breaks or recompiles (dynamo_config.holds)."""
        table = self.predicts.get(pattern) or self.predicts.get("default") or {}
        return tuple(table.get("removed_by", ()))


class CatalogueError(Exception):
    pass


def _toml():
    """tomllib, loaded when a catalogue is read: the helper process imports this module and never reads one."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    return tomllib


def parse_rule_md(path: Path) -> RuleSpec:
    tomllib = _toml()
    text = path.read_text(encoding="utf-8")
    if not text.startswith("+++\n"):
        raise CatalogueError(f"{path}: rule.md must start with TOML front matter between +++ lines")
    front, _, body = text[4:].partition("\n+++\n")
    try:
        meta = tomllib.loads(front)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogueError(f"{path}: bad front matter: {exc}") from exc
    return RuleSpec(
        code=meta["code"],
        name=meta["name"],
        summary=meta["summary"],
        status=meta.get("status", "stable"),
        since=meta.get("since", "0.1.0"),
        fix=meta.get("fix", "never"),
        default=meta.get("default", True),
        severity=meta.get("severity", "error"),
        tags=tuple(meta.get("tags", ())),
        predicts=meta.get("predicts", {}),
        doc=body.strip() + "\n",
        folder=path.parent,
        only_when=tuple(meta.get("only_when", ())),
    )


@functools.lru_cache(maxsize=None)
def load_catalogue(directory: Optional[Path] = None) -> Dict[str, RuleSpec]:
    directory = directory or rules_dir()
    specs: Dict[str, RuleSpec] = {}
    for rule_md in sorted(directory.glob("*/rule.md")):
        spec = parse_rule_md(rule_md)
        if spec.code in specs:
            raise CatalogueError(f"duplicate rule code {spec.code} in {rule_md.parent} and {specs[spec.code].folder}")
        specs[spec.code] = spec
    return specs


@functools.lru_cache(maxsize=None)
def gb_type_names() -> Dict[str, str]:
    """GB id -> the registry's `Gb_type` text (torch 2.13's registry; 2.11's ids are a subset)."""
    import json

    path = Path(__file__).parent / "data" / "gb_types.json"
    return json.loads(path.read_text(encoding="utf-8"))
