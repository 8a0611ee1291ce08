"""LayerDrop in a speech/seq2seq encoder: each layer draws `torch.rand([])` and is skipped while training
when the draw is under the drop probability. The draw is a tensor, so the `if` inside the loop over layers is
data-dependent; the hidden-state tuple built alongside compiles."""
import torch
from torch import nn


class EncoderLayer(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.ff = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return self.norm(x + torch.relu(self.ff(x)))


class Encoder(nn.Module):
    def __init__(self, layers=3, layerdrop=0.3):
        super().__init__()
        self.layers = nn.ModuleList(EncoderLayer() for _ in range(layers))
        self.layerdrop = layerdrop

    def forward(self, hidden_states, output_hidden_states: bool = True):
        all_hidden = () if output_hidden_states else None
        for layer in self.layers:
            if output_hidden_states:
                all_hidden = all_hidden + (hidden_states,)
            dropout_probability = torch.rand([])
            skip_the_layer = self.training and dropout_probability < self.layerdrop
            if not skip_the_layer:  # expect: CL101
                hidden_states = layer(hidden_states)
        return hidden_states, all_hidden


def example():
    model = Encoder()
    model.train()
    return model, (torch.randn(2, 3, 8),)
