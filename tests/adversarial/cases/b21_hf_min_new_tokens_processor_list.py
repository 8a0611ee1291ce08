"""Generation calls a list subclass of logits processors; one of them, a min-new-tokens processor, counts the
generated tokens that are not EOS and masks EOS until enough were produced (the count is a tensor)."""
import torch
from torch import nn


class MinNewTokensProcessor:
    def __init__(self, prompt_length, min_new_tokens, eos_token_id):
        self.prompt_length = prompt_length
        self.min_new_tokens = min_new_tokens
        self.eos_token_id = eos_token_id

    def __call__(self, input_ids, scores):
        new_tokens = (input_ids[:, self.prompt_length:] != self.eos_token_id).sum(-1).min()
        if new_tokens < self.min_new_tokens:  # known-miss: CL101
            scores = scores.clone()
            scores[:, self.eos_token_id] = float("-inf")
        return scores


class TemperatureProcessor:
    def __init__(self, temperature):
        self.temperature = temperature

    def __call__(self, input_ids, scores):
        return scores / self.temperature


class LogitsProcessorList(list):
    def __call__(self, input_ids, scores):
        for processor in self:
            scores = processor(input_ids, scores)
        return scores


class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.processors = LogitsProcessorList([TemperatureProcessor(0.7), MinNewTokensProcessor(2, 3, 2)])

    def forward(self, input_ids, scores):
        return self.processors(input_ids, scores).softmax(-1)


def example():
    return Sampler(), (torch.tensor([[5, 6, 7, 2], [5, 6, 8, 9]]), torch.randn(2, 16))
