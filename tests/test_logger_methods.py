"""Every method of a known logger breaks (GB0291), the ones libraries patch onto logging.Logger too
(dynamo-proven in tests/adversarial/cases/idioms_warning_once.py); attributes and other objects' methods do not."""

from __future__ import annotations

import textwrap

from tests.helpers import lint_text


def test_any_method_of_a_logger_is_flagged_attributes_and_the_logging_modules_own_functions_are_not(tmp_path):
    text = """\
        import logging

        import torch

        logger = logging.getLogger(__name__)
        table = {}

        @torch.compile
        def f(x):
            logger.warning_once("patched onto logging.Logger")
            logger.setLevel(logging.INFO)
            name = logger.name
            child = logging.getLogger("child")
            table.get("k")
            return x + len(name)
    """
    found = sorted((f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text)))
    assert found == [(10, "CL131"), (11, "CL131")]


def test_a_child_logger_is_a_logger_whatever_made_its_parent(tmp_path):
    """torchdistill's `logger = def_logger.getChild(__name__)`, `def_logger = logging.getLogger()` in another module:
    `getChild` is a method only logging.Logger defines (dynamo: GB0291 on each call, tests/adversarial/cases/
    idioms_child_logger.py)."""
    (tmp_path / "constant.py").write_text("import logging\n\ndef_logger = logging.getLogger()\n", encoding="utf-8")
    text = """\
        import logging

        import torch

        from constant import def_logger

        logger = def_logger.getChild(__name__)
        root_child = logging.getLogger().getChild(__name__)


        class Memory:
            def __init__(self):
                self.log = logging.getLogger("memory").getChild("bank")

            @torch.compile
            def update(self, x):
                self.log.debug("updated")
                return x


        @torch.compile
        def f(x):
            logger.info("normalization constant set")
            root_child.info("b")
            logging.getLogger().getChild("c").info("c")
            return x
    """
    found = sorted((f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text)))
    assert found == [(17, "CL131"), (23, "CL131"), (24, "CL131"), (25, "CL131")]
