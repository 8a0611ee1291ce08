"""A knowledge-graph embedding trainer in the style of PyTorch-BigGraph and PASSLEAF, compiled whole: the scorer's
phase scale is None until `reset_parameters` makes it a frozen Parameter, the loss comes from a name-keyed registry,
the batch step logs the loss as a float before differentiating it, and the optimizer arrives declared by class and
is kept on the trainer. A naive linter knows none of these values is a tensor or an optimizer; quiet twins: a float
of the margin (a number) and the `step` of a project object declared by its own class."""
import torch
from torch import nn
from torch.optim import Optimizer

LOSSES = {}


def loss(name):
    def register(cls):
        LOSSES[name] = cls
        return cls
    return register


@loss("logistic")
class LogisticLoss(nn.Module):
    def forward(self, pos, neg):
        return nn.functional.softplus(-pos).mean() + nn.functional.softplus(neg).mean()


class RotateScorer(nn.Module):
    def __init__(self, num_entities, dim, margin):
        super().__init__()
        self.entities = nn.Embedding(num_entities, 2 * dim)
        self.relations = nn.Embedding(4, dim)
        self.margin = margin
        self.phase_scale = None
        self.reset_parameters()

    def reset_parameters(self):
        self.phase_scale = nn.Parameter(torch.tensor([(self.margin + 2.0) / 8]), requires_grad=False)

    def forward(self, triples):
        head, tail = self.entities(triples[:, 0]).chunk(2, -1), self.entities(triples[:, 2]).chunk(2, -1)
        phase = self.relations(triples[:, 1]) / (self.phase_scale.item() / 3.14159)  # expect: CL111
        re = head[0] * torch.cos(phase) - head[1] * torch.sin(phase) - tail[0]
        im = head[0] * torch.sin(phase) + head[1] * torch.cos(phase) - tail[1]
        return float(self.margin) - torch.stack((re, im)).norm(dim=0).sum(-1)


class Progress:
    def __init__(self):
        self.seen = torch.zeros(())

    def step(self, count):
        return self.seen + count


class Trainer:
    def __init__(self, optimizer: Optimizer, progress: Progress, loss_name="logistic"):
        self.optimizer = optimizer
        self.progress = progress
        self.loss_fn = LOSSES[loss_name]()

    def train_batch(self, scorer, positives, negatives):
        value = self.loss_fn(scorer(positives), scorer(negatives))
        stats = {"loss": float(value)}  # expect: CL111
        value.backward()  # expect: CL147
        self.optimizer.step()  # expect: CL159
        return stats, self.progress.step(positives.shape[0])


class Step(nn.Module):
    def __init__(self):
        super().__init__()
        self.scorer = RotateScorer(10, 4, 6.0)
        self.trainer = Trainer(torch.optim.SGD(self.scorer.parameters(), lr=0.1), Progress())

    def forward(self, positives, negatives):
        return self.trainer.train_batch(self.scorer, positives, negatives)


def example():
    positives = torch.stack((torch.randint(0, 10, (6,)), torch.randint(0, 4, (6,)), torch.randint(0, 10, (6,))), 1)
    negatives = positives.clone()
    negatives[:, 2] = torch.randint(0, 10, (6,))
    return Step(), (positives, negatives)
