"""No-repeat-ngram blocking: n-grams collected from token ids as Python lists."""
import torch
from torch import nn


def _get_ngrams(ngram_size, prev_input_ids, num_hypos):
    generated_ngrams = [{} for _ in range(num_hypos)]
    for idx in range(num_hypos):
        gen_tokens = prev_input_ids[idx].tolist()  # expect: CL112
        generated_ngram = generated_ngrams[idx]
        for ngram in zip(*[gen_tokens[i:] for i in range(ngram_size)]):
            prev_ngram_tuple = tuple(ngram[:-1])
            generated_ngram[prev_ngram_tuple] = generated_ngram.get(prev_ngram_tuple, []) + [ngram[-1]]
    return generated_ngrams


class NoRepeatNGramLogitsProcessor(nn.Module):
    def __init__(self, ngram_size=2):
        super().__init__()
        self.ngram_size = ngram_size

    def forward(self, input_ids, scores):
        num_batch_hypotheses = scores.shape[0]
        cur_len = input_ids.shape[-1]
        if cur_len + 1 < self.ngram_size:
            return scores
        generated_ngrams = _get_ngrams(self.ngram_size, input_ids, num_batch_hypotheses)
        scores = scores.clone()
        for i, ngrams in enumerate(generated_ngrams):
            banned = [t for toks in ngrams.values() for t in toks]
            scores[i, banned] = -float("inf")
        return scores


def example():
    return NoRepeatNGramLogitsProcessor(), (torch.randint(0, 8, (2, 5)), torch.randn(2, 8))
