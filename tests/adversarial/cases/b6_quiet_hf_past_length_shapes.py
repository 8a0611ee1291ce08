"""GPT-2-style legacy cache handling: the past length is read from the cached key's `size(-2)` when a cache
is given, else 0; position ids are an arange over Python ints; the new cache is a tuple of tuples grown per
layer; `len(past_key_values)` and `[None] * n` fill the missing layers."""
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.kv = nn.Linear(dim, 2 * dim)

    def forward(self, x, layer_past=None):
        k, v = self.kv(x).chunk(2, dim=-1)
        if layer_past is not None:
            past_key, past_value = layer_past
            k = torch.cat((past_key, k), dim=-2)
            v = torch.cat((past_value, v), dim=-2)
        scores = (x @ k.transpose(-1, -2)).softmax(-1)
        return scores @ v, (k, v)


class GPTLike(nn.Module):
    def __init__(self, layers=2, dim=4, positions=16):
        super().__init__()
        self.h = nn.ModuleList(Block(dim) for _ in range(layers))
        self.wpe = nn.Embedding(positions, dim)

    def forward(self, inputs_embeds, past_key_values=None, position_ids=None):
        input_shape = inputs_embeds.size()[:-1]
        if past_key_values is None:
            past_length = 0
            past_key_values = tuple([None] * len(self.h))
        else:
            past_length = past_key_values[0][0].size(-2)
        if position_ids is None:
            position_ids = torch.arange(past_length, input_shape[-1] + past_length, dtype=torch.long,
                                        device=inputs_embeds.device).unsqueeze(0)
        hidden = inputs_embeds + self.wpe(position_ids)
        presents = ()
        for block, layer_past in zip(self.h, past_key_values):
            hidden, present = block(hidden, layer_past)
            presents = presents + (present,)
        return hidden, presents


def example():
    past = tuple((torch.randn(1, 2, 4), torch.randn(1, 2, 4)) for _ in range(2))
    return GPTLike(), (torch.randn(1, 3, 4), past)
