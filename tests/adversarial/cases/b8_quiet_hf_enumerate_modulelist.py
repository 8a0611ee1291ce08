"""The hub's layer loop: `enumerate(self.layers)` over an nn.ModuleList, Python flags defaulted from the
config (`use_cache`, `output_hidden_states`, `output_attentions`), tuples of tensors grown per layer and a
final norm chosen by the layer index."""
import torch
from torch import nn


class Config:
    hidden_size = 4
    num_hidden_layers = 3
    use_cache = False
    output_hidden_states = False
    output_attentions = True


class Layer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, hidden_states, output_attentions=False):
        attn = hidden_states.softmax(-1) if output_attentions else None
        return self.proj(hidden_states), attn


class Decoder(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.layers = nn.ModuleList([Layer(config.hidden_size) for _ in range(config.num_hidden_layers)])
        self.norm = nn.LayerNorm(config.hidden_size)

    def forward(self, hidden_states, output_hidden_states=None, output_attentions=None, use_cache=None):
        output_hidden_states = (output_hidden_states if output_hidden_states is not None
                                else self.config.output_hidden_states)
        output_attentions = output_attentions if output_attentions is not None else self.config.output_attentions
        use_cache = use_cache if use_cache is not None else self.config.use_cache
        all_hidden_states = () if output_hidden_states else None
        all_attentions = () if output_attentions else None
        next_cache = [] if use_cache else None
        for idx, decoder_layer in enumerate(self.layers):
            if output_hidden_states:
                all_hidden_states += (hidden_states,)
            hidden_states, attn = decoder_layer(hidden_states, output_attentions=output_attentions)
            if output_attentions:
                all_attentions += (attn,)
            if use_cache:
                next_cache.append(hidden_states)
            if idx == len(self.layers) - 1:
                hidden_states = self.norm(hidden_states)
        return tuple(v for v in (hidden_states, all_hidden_states, all_attentions, next_cache) if v is not None)


def example():
    return Decoder(), (torch.randn(2, 4),)
