"""Sequence classification on a decoder: the logits of the last non-pad token per row are picked with an
argmax over `input_ids == pad` and a modulo (so rows without padding wrap to -1), then gathered with advanced
indexing. The config checks are about Python values."""
import torch
from torch import nn


class SeqClsConfig:
    pad_token_id = 0
    problem_type = None
    num_labels = 3


class DecoderForSequenceClassification(nn.Module):
    def __init__(self, vocab=10, dim=4):
        super().__init__()
        self.config = SeqClsConfig()
        self.embed = nn.Embedding(vocab, dim)
        self.score = nn.Linear(dim, self.config.num_labels, bias=False)

    def forward(self, input_ids, labels):
        logits = self.score(self.embed(input_ids))
        batch_size = input_ids.shape[0]
        if self.config.pad_token_id is None and batch_size != 1:
            raise ValueError("Cannot handle batch sizes > 1 if no padding token is defined.")
        non_pad_mask = (input_ids != self.config.pad_token_id).to(torch.int32)
        token_indices = torch.arange(input_ids.shape[-1], dtype=torch.int32)
        last_non_pad_token = (token_indices * non_pad_mask).argmax(-1)
        pooled_logits = logits[torch.arange(batch_size), last_non_pad_token]
        problem_type = self.config.problem_type
        if problem_type is None:
            if self.config.num_labels == 1:
                problem_type = "regression"
            elif self.config.num_labels > 1 and (labels.dtype == torch.long or labels.dtype == torch.int):
                problem_type = "single_label_classification"
            else:
                problem_type = "multi_label_classification"
        if problem_type == "single_label_classification":
            return nn.functional.cross_entropy(pooled_logits, labels)
        return pooled_logits.sum()


def example():
    ids = torch.tensor([[5, 6, 7, 0, 0], [3, 4, 5, 6, 7]])
    return DecoderForSequenceClassification(), (ids, torch.tensor([1, 2]))
