"""position_ids from the attention mask's cumsum, and the past-length checks of prepare_inputs_for_generation."""
import torch
from torch import nn


class Prepare(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(32, 8)

    def forward(self, input_ids, attention_mask, past_key_values=None, cache_position=None):
        position_ids = attention_mask.long().cumsum(-1) - 1
        position_ids.masked_fill_(attention_mask == 0, 1)
        if past_key_values:
            position_ids = position_ids[:, -input_ids.shape[1]:]
        if cache_position is not None and cache_position[0] != 0:  # known-miss: CL101
            input_ids = input_ids[:, -cache_position.shape[0]:]
        return self.embed(input_ids) + self.embed(position_ids.clamp(min=0))


def example():
    mask = torch.ones(2, 4, dtype=torch.long)
    mask[1, 0] = 0
    return Prepare(), (torch.randint(0, 32, (2, 4)), mask, ((torch.zeros(1),),), torch.arange(2, 6))
