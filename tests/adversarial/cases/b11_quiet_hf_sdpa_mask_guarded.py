"""The SDPA fast path as a model-hub library writes it: `is_tracing` combines TorchScript tracing, an FX
proxy check and the project's own dynamo guard, and the all-ones test sits behind `not is_tracing and`."""
import torch
from torch import nn

from b11_quiet_hf_utils import BaseModelOutput, is_torch_fx_proxy, is_torchdynamo_compiling


class AttentionMaskConverter:
    @staticmethod
    def _ignore_causal_mask_sdpa(attention_mask, inputs_embeds, past_key_values_length, sliding_window=None,
                                 is_training=False):
        _, query_length = inputs_embeds.shape[0], inputs_embeds.shape[1]
        key_value_length = query_length + past_key_values_length
        is_tracing = torch.jit.is_tracing() or is_torch_fx_proxy(inputs_embeds) or is_torchdynamo_compiling()
        ignore_causal_mask = False
        if attention_mask is None:
            if (is_training or not is_tracing) and (query_length == 1 or key_value_length == query_length):
                ignore_causal_mask = True
        elif sliding_window is None or key_value_length < sliding_window:
            if len(attention_mask.shape) == 4:
                return False
            elif not is_tracing and torch.all(attention_mask == 1):
                if query_length == 1 or key_value_length == query_length:
                    ignore_causal_mask = True
        return ignore_causal_mask


class Decoder(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.embed = nn.Embedding(16, dim)
        self.layer = nn.Linear(dim, dim)

    def _update_causal_mask(self, attention_mask, inputs_embeds):
        if AttentionMaskConverter._ignore_causal_mask_sdpa(attention_mask, inputs_embeds, 0, is_training=self.training):
            return None
        seq = inputs_embeds.shape[1]
        causal = torch.full((seq, seq), torch.finfo(inputs_embeds.dtype).min).triu(1)
        return causal[None, None] + (1.0 - attention_mask[:, None, None, :]) * -1e4

    def forward(self, input_ids, attention_mask=None):
        inputs_embeds = self.embed(input_ids)
        causal_mask = self._update_causal_mask(attention_mask, inputs_embeds)
        hidden = self.layer(inputs_embeds)
        if causal_mask is not None:
            hidden = hidden + causal_mask.mean()
        return BaseModelOutput(last_hidden_state=hidden)


def example():
    return Decoder().eval(), (torch.randint(0, 16, (2, 5)), torch.ones(2, 5, dtype=torch.long))
