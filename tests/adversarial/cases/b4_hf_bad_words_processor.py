"""Logits processors: repetition penalty with gather/where/scatter and a top-p filter over sorted
probabilities compile; the bad-words processor compares the last tokens with a banned prefix through
`.tolist()` (a host read in a loop)."""
import torch
from torch import nn


class RepetitionPenalty:
    def __init__(self, penalty):
        if not isinstance(penalty, float) or not (penalty > 0):
            raise ValueError(f"`penalty` has to be a strictly positive float, but is {penalty}")
        self.penalty = penalty

    def __call__(self, input_ids, scores):
        score = torch.gather(scores, 1, input_ids)
        score = torch.where(score < 0, score * self.penalty, score / self.penalty)
        return scores.scatter(1, input_ids, score)


class TopP:
    def __init__(self, top_p, filter_value=-float("Inf"), min_tokens_to_keep=1):
        top_p = float(top_p)
        if top_p < 0 or top_p > 1.0:
            raise ValueError(f"`top_p` has to be a float > 0 and < 1, but is {top_p}")
        self.top_p, self.filter_value, self.min_tokens_to_keep = top_p, filter_value, min_tokens_to_keep

    def __call__(self, input_ids, scores):
        sorted_logits, sorted_indices = torch.sort(scores, descending=False)
        cumulative_probs = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
        sorted_indices_to_remove = cumulative_probs <= (1 - self.top_p)
        sorted_indices_to_remove[..., -self.min_tokens_to_keep:] = 0
        indices_to_remove = sorted_indices_to_remove.scatter(1, sorted_indices, sorted_indices_to_remove)
        return scores.masked_fill(indices_to_remove, self.filter_value)


class NoBadWords:
    def __init__(self, bad_words_ids):
        self.bad_words_ids = bad_words_ids

    def __call__(self, input_ids, scores):
        banned = []
        for prefix_and_token in self.bad_words_ids:
            prefix, token = prefix_and_token[:-1], prefix_and_token[-1]
            if len(prefix) == 0 or input_ids[0, -len(prefix):].tolist() == prefix:  # expect: CL112
                banned.append(token)
        if banned:
            scores[:, banned] = -float("inf")
        return scores


class Processors(nn.Module):
    def __init__(self):
        super().__init__()
        self.processors = [RepetitionPenalty(1.2), TopP(0.9), NoBadWords([[2, 3], [4]])]

    def forward(self, input_ids, scores):
        for processor in self.processors:
            scores = processor(input_ids, scores)
        return scores


def example():
    return Processors(), (torch.randint(0, 8, (1, 4)), torch.randn(1, 8))
