"""A causal-LM head picks its loss reduction from a module-level dispatch table of lambdas keyed by a config string;
the "token_avg" entry divides by the token count as a Python number (`n.item()`)."""
import torch
import torch.nn.functional as F
from torch import nn

LOSS_REDUCERS = {
    "mean": lambda losses, n: losses.mean(),
    "token_avg": lambda losses, n: losses.sum() / n.item(),  # known-miss: CL111
}


class CausalLMHead(nn.Module):
    def __init__(self, dim=4, vocab=6, reduction="token_avg"):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)
        self.reduce = LOSS_REDUCERS[reduction]

    def forward(self, hidden, labels):
        logits = self.lm_head(hidden)
        losses = F.cross_entropy(logits.flatten(0, 1), labels.flatten(), reduction="none", ignore_index=-100)
        n = (labels != -100).sum()
        return self.reduce(losses, n)


def example():
    return CausalLMHead(), (torch.randn(2, 3, 4), torch.tensor([[1, 2, -100], [3, 4, 5]]))
