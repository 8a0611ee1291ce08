"""A language-model head whose loss is a callable object held by the module (flexit's LossCompute, a model hub's
`self.loss_function`): not an nn.Module, so it runs through its `__call__`, and no call spells that name. The model
hands it the number of target tokens it counts itself, `(labels != -100).sum()`, a tensor: `if num_items > 0` in
`__call__` reads its value (GB0170). A second callable is handed the batch size from `labels.size(0)`, a Python int,
and compiles."""
import torch
import torch.nn.functional as F
from torch import nn


class TokenNormalisedLoss:
    def __init__(self, ignore_index: int = -100):
        self.ignore_index = ignore_index

    def __call__(self, logits, labels, num_items):
        loss = F.cross_entropy(logits.flatten(0, 1), labels.flatten(), ignore_index=self.ignore_index,
                               reduction="sum")
        if num_items > 0:  # expect: CL101
            loss = loss / num_items
        return loss


class BatchMeanLoss:
    def __call__(self, scores, targets, batch_size):
        loss = F.mse_loss(scores, targets, reduction="sum")
        return loss / batch_size if batch_size > 0 else loss


class LMHeadWithLoss(nn.Module):
    def __init__(self, hidden: int = 8, vocab: int = 11):
        super().__init__()
        self.head = nn.Linear(hidden, vocab)
        self.loss_function = TokenNormalisedLoss()

    def forward(self, hidden, labels):
        logits = self.head(hidden)
        num_items = (labels != -100).sum()
        return self.loss_function(logits, labels, num_items)


class ScoreHead(nn.Module):
    def __init__(self, hidden: int = 8):
        super().__init__()
        self.score = nn.Linear(hidden, 1)
        self.criterion = BatchMeanLoss()

    def forward(self, hidden, targets):
        scores = self.score(hidden).squeeze(-1)
        return self.criterion(scores, targets, targets.size(0))


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.lm = LMHeadWithLoss()
        self.scorer = ScoreHead()

    def forward(self, hidden, labels, targets):
        return self.lm(hidden, labels) + self.scorer(hidden[:, 0], targets)


def example():
    labels = torch.randint(0, 11, (2, 5))
    labels[0, :2] = -100
    return Both(), (torch.randn(2, 5, 8), labels, torch.randn(2))
