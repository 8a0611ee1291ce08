"""A text encoder's pooled output gathers the hidden state at each row's end-of-text token: `argmax` of the
ids (legacy eos id 2) or of `ids == eos_token_id`, indexed with `torch.arange` rows (a gather; compiles)."""
import torch
from torch import nn


class TextTransformer(nn.Module):
    def __init__(self, vocab=10, dim=4, eos_token_id=9):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.final_layer_norm = nn.LayerNorm(dim)
        self.eos_token_id = eos_token_id

    def forward(self, input_ids):
        last_hidden_state = self.final_layer_norm(self.embed(input_ids))
        if self.eos_token_id == 2:
            pooled_output = last_hidden_state[
                torch.arange(last_hidden_state.shape[0], device=last_hidden_state.device),
                input_ids.to(dtype=torch.int, device=last_hidden_state.device).argmax(dim=-1),
            ]
        else:
            pooled_output = last_hidden_state[
                torch.arange(last_hidden_state.shape[0], device=last_hidden_state.device),
                (input_ids.to(dtype=torch.int, device=last_hidden_state.device) == self.eos_token_id)
                .int()
                .argmax(dim=-1),
            ]
        return last_hidden_state, pooled_output


def example():
    return TextTransformer(), (torch.tensor([[1, 4, 9, 0], [3, 9, 0, 0]]),)
