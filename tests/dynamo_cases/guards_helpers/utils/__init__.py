from .import_utils import is_torchdynamo_compiling  # noqa: F401  (re-exported, as transformers.utils does)
