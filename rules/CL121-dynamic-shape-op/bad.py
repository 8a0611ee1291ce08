import torch
from torch import nn


class Select(nn.Module):
    def forward(self, x, labels):
        idx = torch.nonzero(x.sum(1) > 0).squeeze(1)  # expect: CL121
        rows, cols = torch.where(x > 1)  # expect: CL121
        kinds = labels.unique()  # expect: CL121
        counts = torch.bincount(labels, minlength=4)  # expect: CL121
        picked = torch.masked_select(x, x > 0.5)  # expect: CL121
        wide = x.repeat_interleave(labels.clamp(min=1), dim=0)  # expect: CL121
        pairs = torch.combinations(labels)  # expect: CL121
        return x[idx].sum() + x[rows, cols].sum() + kinds.numel() + counts.sum() + picked.sum() + wide.sum() \
            + pairs.sum()


def repeats_of(labels):
    return labels.clamp(min=1)


def drop_diagonal(t, keep):
    return t.masked_select(keep)  # expect: CL121


class Neighbours(nn.Module):
    """Repeats a helper returns (a project-wide fact about its return), and a tensor-only method on a helper's
    parameter (masked_select: only tensors have it)."""

    def forward(self, x, labels):
        keep = ~torch.eye(4, 8, dtype=torch.bool)
        upper = torch.repeat_interleave(labels, repeats_of(labels))  # expect: CL121
        return upper.sum() + drop_diagonal(x, keep).sum()


class Alignment(nn.Module):
    """The CTC loss, as the module (called in a loss method, as ESPnet's CTC does) and as the function: it sizes its
    alignment table by the longest target."""

    def __init__(self):
        super().__init__()
        self.ctc = nn.CTCLoss(zero_infinity=True)

    def loss_fn(self, log_probs, targets, lengths):
        return self.ctc(log_probs, targets, *lengths)  # expect: CL121

    def forward(self, x, labels):
        log_probs = x.unsqueeze(1).log_softmax(-1)  # (time 4, batch 1, classes 8)
        targets, lengths = labels[:2].clamp(min=1).unsqueeze(0), (torch.tensor([4]), torch.tensor([2]))
        loss = self.loss_fn(log_probs, targets, lengths)
        return loss + nn.functional.ctc_loss(log_probs, targets, *lengths)  # expect: CL121


class CtcHead(nn.Module):
    """A module wrapping the CTC loss module in its forward: the break is inside torch's CTCLoss, and dynamo reports it
    at the line that called this module (Both.forward), not here."""

    def __init__(self):
        super().__init__()
        self.ctc_loss = nn.CTCLoss(zero_infinity=True)

    def forward(self, log_probs, targets, input_lengths, target_lengths):
        return self.ctc_loss(log_probs, targets, input_lengths, target_lengths)


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.select, self.neighbours, self.alignment = Select(), Neighbours(), Alignment()
        self.head = CtcHead()

    def forward(self, x, labels):
        log_probs = x.unsqueeze(1).log_softmax(-1)
        targets = labels[:2].clamp(min=1).unsqueeze(0)
        ctc = self.head(log_probs, targets, torch.tensor([4]), torch.tensor([2]))  # expect: CL121
        return self.select(x, labels) + self.neighbours(x, labels) + self.alignment(x, labels) + ctc


def example():
    return Both(), (torch.randn(4, 8), torch.tensor([0, 2, 1, 2]))
