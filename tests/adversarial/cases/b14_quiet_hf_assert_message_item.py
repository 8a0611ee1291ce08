"""Asserts whose messages read tensor values (`.item()` inside an f-string): the message is evaluated only when
the assert fails; the conditions are a shape test and a tensor test (a runtime assert)."""
import torch
from torch import nn

from b14_hf_utils import Config


class EmbeddingsWithChecks(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.embed = nn.Embedding(config.vocab_size, config.hidden_size)

    def forward(self, input_ids, attention_mask):
        assert input_ids.dim() == 2, f"expected 2-d ids, got max id {input_ids.max().item()}"
        assert (attention_mask >= 0).all(), "attention mask must be non-negative"
        return self.embed(input_ids) * attention_mask[..., None]


def example():
    return EmbeddingsWithChecks(), (torch.tensor([[3, 4, 5]]), torch.tensor([[1, 1, 0]]))
