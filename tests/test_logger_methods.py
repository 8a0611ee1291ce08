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


def test_a_name_a_project_function_declared_to_return_a_logger_made_is_a_logger(tmp_path):
    """distinanet's `logger = setup_logger("losses", "INFO")`, the helper in another module (re-exported by its
    package) annotated `-> logging.Logger`: its methods break (GB0291, tests/adversarial/cases/
    names_logger_from_project_factory.py). A factory declared to return the project's own class is no logger
    (names_recorder_from_project_factory.py), nor one whose return is not declared (nothing says what it makes)."""
    (tmp_path / "utils").mkdir()
    (tmp_path / "utils" / "__init__.py").write_text("from .logging_utils import setup_logger\n", encoding="utf-8")
    (tmp_path / "utils" / "logging_utils.py").write_text(textwrap.dedent("""\
        import logging


        class Recorder:
            def debug(self, message):
                pass


        def setup_logger(name: str, level: str = "INFO") -> logging.Logger:
            logger = logging.getLogger(name)
            logger.setLevel(getattr(logging, level))
            return logger


        def make_recorder(name: str) -> Recorder:
            return Recorder()


        def undeclared(name):
            return logging.getLogger(name)
    """), encoding="utf-8")
    text = """\
        import torch

        from utils import setup_logger
        from utils.logging_utils import make_recorder, undeclared

        logger = setup_logger("losses", "INFO")
        recorder = make_recorder("losses")
        other = undeclared("losses")


        @torch.compile
        def f(x):
            logger.debug("inside loss")
            recorder.debug("inside loss")
            other.debug("inside loss")
            return x
    """
    found = sorted((f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text)))
    assert found == [(13, "CL131")]
