"""Beam search bookkeeping: topk over flattened scores, floor division of the token ids by the vocabulary
size and gathering the beams compile; sorting the finished hypotheses by their tensor scores with
`sorted(..., key=...)` breaks."""
import torch
from torch import nn


class BeamStep(nn.Module):
    def __init__(self, num_beams=2, vocab_size=7, length_penalty=1.0):
        super().__init__()
        self.num_beams, self.vocab_size, self.length_penalty = num_beams, vocab_size, length_penalty
        self.lm = nn.Linear(4, vocab_size)

    def forward(self, hidden, beam_scores, input_ids):
        batch_beams = hidden.shape[0]
        batch_size = batch_beams // self.num_beams
        next_token_scores = nn.functional.log_softmax(self.lm(hidden), dim=-1)
        next_token_scores = next_token_scores + beam_scores[:, None].expand_as(next_token_scores)
        next_token_scores = next_token_scores.view(batch_size, self.num_beams * self.vocab_size)
        next_token_scores, next_tokens = torch.topk(next_token_scores, 2 * self.num_beams, dim=1, largest=True)
        next_indices = torch.div(next_tokens, self.vocab_size, rounding_mode="floor")
        next_tokens = next_tokens % self.vocab_size
        beam_idx = (next_indices + torch.arange(batch_size)[:, None] * self.num_beams).view(-1)
        hyps = []
        for i in range(input_ids.shape[0]):
            score = next_token_scores.view(-1)[i] / (input_ids.shape[-1] ** self.length_penalty)
            hyps.append((score, input_ids[i]))
        best = sorted(hyps, key=lambda x: x[0])  # expect: CL148
        return best[-1][1], beam_idx, next_tokens


def example():
    return BeamStep(), (torch.randn(4, 4), torch.zeros(4), torch.randint(0, 7, (4, 3)))
