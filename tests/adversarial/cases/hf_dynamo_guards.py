"""Checks skipped while dynamo traces: a project `is_torchdynamo_compiling()` wrapper around the compiler flag."""
import torch
from torch import nn


def is_torchdynamo_compiling():
    try:
        import torch._dynamo as dynamo  # noqa: F401

        return torch.compiler.is_compiling()
    except Exception:
        return False


class Generate(nn.Module):
    def __init__(self):
        super().__init__()
        self.lm_head = nn.Linear(8, 16)

    def forward(self, hidden, input_ids, cache_position):
        if not is_torchdynamo_compiling() and input_ids.shape[1] != cache_position.shape[0]:
            input_ids = input_ids[:, cache_position]
        if is_torchdynamo_compiling():
            max_len = input_ids.shape[1]
        else:
            max_len = int(cache_position.max()) + 1
        logits = self.lm_head(hidden)
        if not is_torchdynamo_compiling():
            if (logits.isnan()).any():
                raise ValueError("nan logits")
        return logits[:, :max_len], input_ids


def example():
    return Generate(), (torch.randn(2, 3, 8), torch.randint(0, 16, (2, 3)), torch.arange(3))
