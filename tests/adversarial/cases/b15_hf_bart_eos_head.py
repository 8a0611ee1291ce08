"""A BART-style classification head: every sentence must hold the same number of <eos> tokens (checked with
`unique_consecutive`), then the last <eos> state is read through the boolean mask."""
import torch
from torch import nn

from b15_hf_utils import Config


class EosClassificationHead(nn.Module):
    def __init__(self, config=Config(), num_labels=3):
        super().__init__()
        self.eos_token_id = config.eos_token_id
        self.out_proj = nn.Linear(config.hidden_size, num_labels)

    def forward(self, hidden_states, input_ids):
        eos_mask = input_ids.eq(self.eos_token_id)
        if len(torch.unique_consecutive(eos_mask.sum(1))) > 1:  # expect: CL121
            raise ValueError("All examples must have the same number of <eos> tokens.")
        sentence_representation = hidden_states[eos_mask, :].view(  # expect: CL122
            hidden_states.size(0), -1, hidden_states.size(-1))[:, -1, :]
        return self.out_proj(sentence_representation)


def example():
    ids = torch.tensor([[5, 6, 2, 7, 2], [4, 2, 8, 9, 2]])
    return EosClassificationHead(), (torch.randn(2, 5, 8), ids)
