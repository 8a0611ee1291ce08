"""Plain per-file facts the project-wide analyses need: classes, functions, calls, compile sites.

They are JSON-friendly so a file's facts can be cached with its findings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Set, Tuple


@dataclass
class FunctionFacts:
    qualname: str  # "func", "Class.method"
    line: int
    class_name: Optional[str] = None
    decorators: List[str] = field(default_factory=list)
    # ("self", "name") self.name(...); ("name", "pkg.mod.func") a plain call; ("super", "name")
    calls: List[Tuple[str, str]] = field(default_factory=list)


@dataclass
class ClassInfo:
    name: str
    bases: List[str] = field(default_factory=list)  # qualified names
    methods: List[str] = field(default_factory=list)
    submodules: Dict[str, str] = field(default_factory=dict)  # attr -> qualified class name
    tensor_attrs: Set[str] = field(default_factory=set)  # buffers, parameters, tensors set in __init__
    non_tensor_attrs: Set[str] = field(default_factory=set)  # ints, floats, flags set in __init__


@dataclass
class FileFacts:
    path: str
    module: str
    classes: Dict[str, ClassInfo] = field(default_factory=dict)
    functions: Dict[str, FunctionFacts] = field(default_factory=dict)
    # (qualified or local name of what is passed to torch.compile, line)
    compile_sites: List[Tuple[str, int]] = field(default_factory=list)
    # process-wide dynamo settings this file applies: (setting, value) in source order (dynamo_config.py)
    dynamo_settings: List[Tuple[str, Any]] = field(default_factory=list)
