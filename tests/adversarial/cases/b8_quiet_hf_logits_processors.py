"""Logits processors in the hub style, called from a compiled sampling step: a repetition penalty by
gather / where / scatter, a min-length processor that masks EOS while `input_ids.shape[-1]` is short, and
a temperature warper that checks a Python float."""
import torch
from torch import nn


class RepetitionPenaltyLogitsProcessor:
    def __init__(self, penalty):
        if not isinstance(penalty, float) or not (penalty > 0):
            raise ValueError(f"`penalty` has to be a strictly positive float, but is {penalty}")
        self.penalty = penalty

    def __call__(self, input_ids, scores):
        score = torch.gather(scores, 1, input_ids)
        score = torch.where(score < 0, score * self.penalty, score / self.penalty)
        return scores.scatter(1, input_ids, score)


class MinLengthLogitsProcessor:
    def __init__(self, min_length, eos_token_id):
        self.min_length = min_length
        self.eos_token_id = torch.tensor([eos_token_id])

    def __call__(self, input_ids, scores):
        vocab_tensor = torch.arange(scores.shape[-1])
        eos_token_mask = torch.isin(vocab_tensor, self.eos_token_id)
        if input_ids.shape[-1] < self.min_length:
            scores = torch.where(eos_token_mask, -float("inf"), scores)
        return scores


class TemperatureLogitsWarper:
    def __init__(self, temperature):
        if temperature == 0.0:
            raise ValueError("temperature must be positive")
        self.temperature = temperature

    def __call__(self, input_ids, scores):
        return scores / self.temperature


class SamplingStep(nn.Module):
    def __init__(self, vocab=6, dim=4):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)
        self.processors = [RepetitionPenaltyLogitsProcessor(1.2), MinLengthLogitsProcessor(5, 0),
                           TemperatureLogitsWarper(0.7)]

    def forward(self, input_ids, hidden_states):
        scores = self.lm_head(hidden_states)
        for processor in self.processors:
            scores = processor(input_ids, scores)
        return scores.softmax(-1)


def example():
    return SamplingStep(), (torch.randint(0, 6, (2, 3)), torch.randn(2, 4))
