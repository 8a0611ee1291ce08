"""A compiled training step in the Trainer's style: with `logging_nan_inf_filter` on, a step whose loss is NaN or
inf is replaced by the running average instead of being logged (`torch.isnan(loss) or torch.isinf(loss)`)."""
import torch
import torch.nn.functional as F
from torch import nn


class TrainingArgumentsStub:
    logging_nan_inf_filter = True


class TrainerStep(nn.Module):
    def __init__(self, args=TrainingArgumentsStub()):
        super().__init__()
        self.args = args
        self.model = nn.Linear(8, 4)

    def forward(self, inputs, labels, tr_loss, global_step):
        tr_loss_step = F.cross_entropy(self.model(inputs), labels)
        if self.args.logging_nan_inf_filter and (torch.isnan(tr_loss_step) or torch.isinf(tr_loss_step)):  # expect: CL101
            tr_loss = tr_loss + tr_loss / (1 + global_step)
        else:
            tr_loss = tr_loss + tr_loss_step
        return tr_loss


def example():
    return TrainerStep(), (torch.randn(4, 8), torch.randint(0, 4, (4,)), torch.tensor(0.0), 3)
