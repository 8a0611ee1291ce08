"""A generation mixin (a second base next to the project's PreTrainedModel) computes the cache position from
the attention mask; the past length comes back as a Python int."""
import torch
from torch import nn

from b12_quiet_hf_base import Config, PreTrainedModel


class GenerationMixin:
    def _get_initial_cache_position(self, input_ids, attention_mask):
        past_length = 0
        if attention_mask is not None:
            past_length = attention_mask.shape[-1] - input_ids.shape[-1]
            past_length = past_length - int((attention_mask == 0).sum(-1).min())  # expect: CL111
        return torch.arange(past_length, past_length + input_ids.shape[-1], device=input_ids.device)


class CausalLM(PreTrainedModel, GenerationMixin):
    def __init__(self, config):
        super().__init__(config)
        self.embed = nn.Embedding(10, config.hidden_size)
        self.head = nn.Linear(config.hidden_size, 10)

    def forward(self, input_ids, attention_mask=None):
        cache_position = self._get_initial_cache_position(input_ids, attention_mask)
        hidden = self.embed(input_ids) + cache_position[None, :, None]
        return self.head(hidden)


def example():
    return CausalLM(Config()), (torch.tensor([[3, 4]]), torch.ones(1, 4, dtype=torch.long))
