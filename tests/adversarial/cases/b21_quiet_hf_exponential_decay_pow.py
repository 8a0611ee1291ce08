"""An exponential-decay length penalty: past a start length (the sequence length is a shape), the EOS score is
raised by `abs(score) * (pow(factor, steps) - 1)`, builtin pow of Python numbers."""
import torch
from torch import nn


class ExponentialDecayLengthPenalty(nn.Module):
    def __init__(self, start_index=2, regulation_factor=1.5, eos_token_id=2, input_ids_seq_length=1):
        super().__init__()
        self.regulation_start = start_index + input_ids_seq_length
        self.regulation_factor = regulation_factor
        self.eos_token_id = eos_token_id

    def forward(self, input_ids, scores):
        cur_len = input_ids.shape[-1]
        penalties = torch.zeros_like(scores)
        if cur_len > self.regulation_start:
            penalty_idx = cur_len - self.regulation_start
            penalty = torch.abs(scores[:, self.eos_token_id]) * (pow(self.regulation_factor, penalty_idx) - 1)
            penalties[:, self.eos_token_id] = penalty
        return scores + penalties


def example():
    return ExponentialDecayLengthPenalty(), (torch.randint(0, 16, (2, 5)), torch.randn(2, 16))
