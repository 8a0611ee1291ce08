"""A Lightning-style module whose compiled `training_step` logs through its own `log` method: logging the
loss tensor only records it (a dict write), but the accuracy is turned into a Python float with `.item()`
before it is logged, and the learning rate is read from the optimizer's param groups (a Python float)."""
import torch
from torch import nn
from torch.nn import functional as F


class LitClassifier(nn.Module):
    def __init__(self, dim=4, classes=3):
        super().__init__()
        self.net = nn.Linear(dim, classes)
        self.logged = {}
        self.optimizer = torch.optim.SGD(self.parameters(), lr=0.1)

    def log(self, name, value, prog_bar=False, on_step=True):
        self.logged[name] = value.detach() if isinstance(value, torch.Tensor) else value

    def training_step(self, batch, batch_idx):
        x, y = batch
        logits = self.net(x)
        loss = F.cross_entropy(logits, y)
        self.log("train_loss", loss, prog_bar=True)
        acc = (logits.argmax(-1) == y).float().mean().item()  # expect: CL111
        self.log("train_acc", acc)
        self.log("lr", self.optimizer.param_groups[0]["lr"])
        return loss

    def forward(self, x, y):
        return self.training_step((x, y), 0)


def example():
    return LitClassifier(), (torch.randn(6, 4), torch.tensor([0, 1, 2, 0, 1, 2]))
