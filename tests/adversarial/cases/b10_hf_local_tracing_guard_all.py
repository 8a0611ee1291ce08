"""The mask preparer skips the mask when every token is attended, unless tracing: the guard is a local
helper around `torch.jit.is_tracing()` and fx proxies, both False under dynamo, so `torch.all(mask == 1)`
still has to become a Python bool."""
import torch
from torch import nn


def _is_tracing(tensor):
    return torch.jit.is_tracing() or isinstance(tensor, torch.fx.Proxy)


def _ignore_causal_mask(attention_mask, query_length, key_length):
    if attention_mask is None:
        return True
    if not _is_tracing(attention_mask) and query_length == key_length and torch.all(attention_mask == 1):  # expect: CL101
        return True
    return False


class Decoder(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, hidden_states, attention_mask):
        seq = hidden_states.shape[1]
        if _ignore_causal_mask(attention_mask, seq, attention_mask.shape[-1]):
            return self.proj(hidden_states)
        keep = attention_mask[:, :, None].to(hidden_states.dtype)
        return self.proj(hidden_states * keep)


def example():
    return Decoder(), (torch.randn(2, 3, 8), torch.ones(2, 3, dtype=torch.long))
