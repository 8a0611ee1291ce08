"""The SDPA causal-mask fast path without any tracing guard: a static method of a mask converter returns
True when the 2D padding mask is all ones, read from inside the model's `_update_causal_mask`."""
import torch
from torch import nn

from b11_quiet_hf_utils import BaseModelOutput


class AttentionMaskConverter:
    @staticmethod
    def _ignore_causal_mask_sdpa(attention_mask, inputs_embeds, past_key_values_length, is_training=False):
        _, query_length = inputs_embeds.shape[0], inputs_embeds.shape[1]
        key_value_length = query_length + past_key_values_length
        if attention_mask is None:
            return is_training or query_length == 1 or key_value_length == query_length
        if len(attention_mask.shape) == 4:
            return False
        if torch.all(attention_mask == 1):  # expect: CL101
            return query_length == 1 or key_value_length == query_length
        return False


class Decoder(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.embed = nn.Embedding(16, dim)
        self.layer = nn.Linear(dim, dim)
        self.attn_implementation = "sdpa"

    def _update_causal_mask(self, attention_mask, inputs_embeds, past_seen_tokens):
        if self.attn_implementation == "sdpa":
            if AttentionMaskConverter._ignore_causal_mask_sdpa(attention_mask, inputs_embeds, past_seen_tokens,
                                                               is_training=self.training):
                return None
        seq = inputs_embeds.shape[1]
        causal = torch.full((seq, seq), torch.finfo(inputs_embeds.dtype).min).triu(1)
        return causal[None, None] + (1.0 - attention_mask[:, None, None, :]) * -1e4

    def forward(self, input_ids, attention_mask=None):
        inputs_embeds = self.embed(input_ids)
        causal_mask = self._update_causal_mask(attention_mask, inputs_embeds, 0)
        hidden = self.layer(inputs_embeds)
        if causal_mask is not None:
            hidden = hidden + causal_mask.mean()
        return BaseModelOutput(last_hidden_state=hidden)


def example():
    return Decoder().eval(), (torch.randint(0, 16, (2, 5)), torch.ones(2, 5, dtype=torch.long))
