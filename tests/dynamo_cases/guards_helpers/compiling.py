"""torch_geometric's idiom: the guard by torch version, False as the last fallback."""
import torch

WITH_PT23 = True
WITH_PT21 = True


def is_compiling():
    if WITH_PT23:
        return torch.compiler.is_compiling()
    if WITH_PT21:
        return torch._dynamo.is_compiling()
    return False


def debug_enabled():
    return False  # no guard: only a constant
