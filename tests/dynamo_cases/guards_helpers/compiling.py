"""torch_geometric's idiom: the guard by torch version, False as the last fallback."""
import torch

WITH_PT23 = True
WITH_PT21 = True
# kornia's idiom: whichever spelling this torch has, called through bool() when there is one
_torch_is_compiling = getattr(torch.compiler, "is_compiling", None) or getattr(torch._dynamo, "is_compiling", None)


def is_compiling():
    if WITH_PT23:
        return torch.compiler.is_compiling()
    if WITH_PT21:
        return torch._dynamo.is_compiling()
    return False


def capturing():
    return bool(_torch_is_compiling()) if _torch_is_compiling is not None else False


def debug_enabled():
    return False  # no guard: only a constant
