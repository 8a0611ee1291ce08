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
