"""Logits processors of a sampling loop: temperature, top-k, top-p and repetition penalty, chained."""
import torch
from torch import nn


class TemperatureLogitsWarper:
    def __init__(self, temperature: float):
        if not isinstance(temperature, float) or not (temperature > 0):
            raise ValueError(f"`temperature` has to be a strictly positive float, but is {temperature}")
        self.temperature = temperature

    def __call__(self, input_ids, scores):
        if self.temperature != 1.0:
            scores = scores / self.temperature
        return scores


class TopKLogitsWarper:
    def __init__(self, top_k: int, filter_value: float = -float("inf"), min_tokens_to_keep: int = 1):
        self.top_k = max(top_k, min_tokens_to_keep)
        self.filter_value = filter_value

    def __call__(self, input_ids, scores):
        top_k = min(self.top_k, scores.size(-1))
        indices_to_remove = scores < torch.topk(scores, top_k)[0][..., -1, None]
        return scores.masked_fill(indices_to_remove, self.filter_value)


class TopPLogitsWarper:
    def __init__(self, top_p: float, filter_value: float = -float("inf"), min_tokens_to_keep: int = 1):
        self.top_p = top_p
        self.filter_value = filter_value
        self.min_tokens_to_keep = min_tokens_to_keep

    def __call__(self, input_ids, scores):
        sorted_logits, sorted_indices = torch.sort(scores, descending=False)
        cumulative_probs = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
        sorted_indices_to_remove = cumulative_probs <= (1 - self.top_p)
        sorted_indices_to_remove[..., -self.min_tokens_to_keep:] = 0
        indices_to_remove = sorted_indices_to_remove.scatter(1, sorted_indices, sorted_indices_to_remove)
        return scores.masked_fill(indices_to_remove, self.filter_value)


class RepetitionPenaltyLogitsProcessor:
    def __init__(self, penalty: float):
        self.penalty = penalty

    def __call__(self, input_ids, scores):
        score = torch.gather(scores, 1, input_ids)
        score = torch.where(score < 0, score * self.penalty, score / self.penalty)
        return scores.scatter(1, input_ids, score)


class LogitsProcessorList(list):
    def __call__(self, input_ids, scores, **kwargs):
        for processor in self:
            scores = processor(input_ids, scores)
        return scores


class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.processors = LogitsProcessorList([
            RepetitionPenaltyLogitsProcessor(1.2), TemperatureLogitsWarper(0.7),
            TopKLogitsWarper(5), TopPLogitsWarper(0.9)])

    def forward(self, input_ids, logits):
        scores = self.processors(input_ids, logits[:, -1, :].float())
        probs = nn.functional.softmax(scores, dim=-1)
        return torch.multinomial(probs, num_samples=1).squeeze(1)


def example():
    return Sampler(), (torch.randint(0, 16, (2, 4)), torch.randn(2, 4, 16))
