"""Deciding whether the causal mask can be dropped for SDPA: the all-ones test is skipped when tracing or
compiling (short-circuit on is_torchdynamo_compiling()), but a second helper only asks torch.jit.is_tracing(),
which is False under dynamo, so its `torch.all(attention_mask == 1)` is a tensor condition."""
import torch
from torch import nn


def is_torchdynamo_compiling():
    try:
        import torch

        return torch.compiler.is_compiling()
    except Exception:
        try:
            import torch._dynamo as dynamo

            return dynamo.is_compiling()
        except Exception:
            return False


def ignore_causal_mask_sdpa(attention_mask, inputs_embeds, past_key_values_length):
    _, query_length = inputs_embeds.shape[0], inputs_embeds.shape[1]
    key_value_length = query_length + past_key_values_length
    is_tracing = torch.jit.is_tracing() or isinstance(inputs_embeds, torch.fx.Proxy) or is_torchdynamo_compiling()
    ignore_causal_mask = False
    if attention_mask is None:
        if not is_tracing and (query_length == 1 or key_value_length == query_length):
            ignore_causal_mask = True
    elif not is_tracing and (query_length == 1 or key_value_length == query_length):
        if torch.all(attention_mask == 1):
            ignore_causal_mask = True
    return ignore_causal_mask


def legacy_ignore_causal_mask(attention_mask, query_length, key_value_length):
    if torch.jit.is_tracing():
        return False
    if query_length == 1 or key_value_length == query_length:
        return bool(torch.all(attention_mask == 1))  # expect: CL111
    return False


class Attention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, inputs_embeds, attention_mask):
        q = self.proj(inputs_embeds)
        if ignore_causal_mask_sdpa(attention_mask, inputs_embeds, 0):
            mask = None
        else:
            mask = attention_mask[:, None, None, :].bool()
        skip_legacy = legacy_ignore_causal_mask(attention_mask, q.shape[1], q.shape[1])
        out = torch.nn.functional.scaled_dot_product_attention(q[:, None], q[:, None], q[:, None], attn_mask=mask)
        return out, skip_legacy


def example():
    return Attention(), (torch.randn(2, 4, 8), torch.ones(2, 4, dtype=torch.long))
