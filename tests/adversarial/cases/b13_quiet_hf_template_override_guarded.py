"""A template layer's `_attend` override checks the mask for fully masked rows only behind
`torch.compiler.is_compiling()` and `torch.jit.is_tracing()` guards, so the check never runs compiled."""
import torch

from b13_quiet_hf_modeling import Config, TemplateLayer


class CheckedLayer(TemplateLayer):
    def _attend(self, hidden, mask):
        if mask is not None and not torch.compiler.is_compiling() and not torch.jit.is_tracing():
            if (mask.sum(-1) == 0).any():
                print("fully masked row")
        return hidden if mask is None else hidden * mask[..., None]


def example():
    return CheckedLayer(Config()), (torch.randn(1, 3, 8), torch.ones(1, 3))
