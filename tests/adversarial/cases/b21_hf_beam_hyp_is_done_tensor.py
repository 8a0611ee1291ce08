"""Beam search asks its hypotheses container whether it is done; the container compares its worst kept score (a
Python float) with the best attainable score, computed from the running scores the caller passes (a tensor)."""
import torch
from torch import nn


class BeamHypotheses:
    def __init__(self, num_beams, length_penalty=1.0):
        self.num_beams = num_beams
        self.length_penalty = length_penalty
        self.beams = [(-1.5, None), (-2.0, None)]
        self.worst_score = -2.0

    def __len__(self):
        return len(self.beams)

    def is_done(self, best_sum_logprobs, cur_len):
        if len(self) < self.num_beams:
            return False
        highest_attainable_score = best_sum_logprobs / cur_len ** self.length_penalty
        return self.worst_score >= highest_attainable_score


class BeamStep(nn.Module):
    def __init__(self, num_beams=2):
        super().__init__()
        self.hyps = BeamHypotheses(num_beams)

    def forward(self, input_ids, next_scores):
        if self.hyps.is_done(next_scores.max(), input_ids.shape[-1]):  # known-miss: CL101
            return next_scores * 0
        return next_scores.log_softmax(-1)


def example():
    return BeamStep(), (torch.randint(0, 16, (2, 4)), torch.randn(2, 16))
