"""The fast path guarded only against TorchScript and FX tracing: `torch.jit.is_tracing()` and an FX-proxy
check are both False under dynamo, so the all-ones test on the mask still runs while compiling."""
import torch
from torch import nn

from b11_quiet_hf_utils import is_torch_fx_proxy


def _is_tracing(inputs_embeds):
    return torch.jit.is_tracing() or is_torch_fx_proxy(inputs_embeds)


def _can_skip_mask(attention_mask, inputs_embeds):
    is_tracing = _is_tracing(inputs_embeds)
    return not is_tracing and bool((attention_mask == 1).all())  # expect: CL111


class Encoder(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.embed = nn.Embedding(16, dim)
        self.proj = nn.Linear(dim, dim)

    def get_extended_attention_mask(self, attention_mask, inputs_embeds):
        if attention_mask is None or _can_skip_mask(attention_mask, inputs_embeds):
            return None
        extended = attention_mask[:, None, None, :].to(dtype=inputs_embeds.dtype)
        return (1.0 - extended) * torch.finfo(inputs_embeds.dtype).min

    def forward(self, input_ids, attention_mask=None):
        inputs_embeds = self.embed(input_ids)
        mask = self.get_extended_attention_mask(attention_mask, inputs_embeds)
        hidden = self.proj(inputs_embeds)
        return hidden if mask is None else hidden + mask.squeeze(1).squeeze(1)[..., None]


def example():
    return Encoder(), (torch.randint(0, 16, (2, 5)), torch.ones(2, 5, dtype=torch.long))
