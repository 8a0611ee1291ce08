"""A CLIP-style text pooler: with the legacy eos id it takes the argmax of the ids, otherwise the first position equal
to the configured eos (`(ids == eos).int().argmax(-1)`), gathered with an arange; both are index tensors."""
import torch
from torch import nn


class ClipTextConfig:
    vocab_size = 16
    hidden_size = 8
    eos_token_id = 3


class ClipTextPooler(nn.Module):
    def __init__(self, config=ClipTextConfig()):
        super().__init__()
        self.embed = nn.Embedding(config.vocab_size, config.hidden_size)
        self.eos_token_id = config.eos_token_id

    def forward(self, input_ids):
        last_hidden_state = self.embed(input_ids)
        rows = torch.arange(last_hidden_state.shape[0], device=last_hidden_state.device)
        if self.eos_token_id == 2:
            pooled = last_hidden_state[rows, input_ids.to(torch.int).argmax(dim=-1)]
        else:
            pooled = last_hidden_state[rows, (input_ids.to(torch.int) == self.eos_token_id).int().argmax(dim=-1)]
        return pooled


def example():
    return ClipTextPooler(), (torch.tensor([[5, 6, 3, 0], [7, 3, 0, 0]]),)
