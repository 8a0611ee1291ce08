"""A whole training step compiled, as a GAN or vocoder trainer's step is (modulaic's `GANTrainer`, wavegrad's learner):
torch's grad scaler is skipped by dynamo (every method: GB0008, on or off), so is an optimizer's `zero_grad` (a
`torch._disable_dynamo` function: GB0008), its `step` (GB0007 once an LR scheduler has wrapped it, then GB0025 again in
torch's wrapper; GB0025 on the call itself for an optimizer no scheduler wraps, neppo's trainer) and an LR
scheduler's `step` (GB0008). The objects are known by their class: made in `__init__`, or a parameter declared with
it. `nn.Module.zero_grad` compiles, and so does a method named `step` of an object of the project."""
import torch
from torch import nn


class Counter:
    def __init__(self):
        self.count = torch.zeros(())

    def step(self, value):
        return self.count + value


def apply_update(optimizer: torch.optim.Optimizer, loss):
    optimizer.step()  # expect: CL159
    return loss * 2


class TrainStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Linear(4, 4)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.sched = torch.optim.lr_scheduler.StepLR(self.opt, 2)
        self.scaler = torch.amp.GradScaler("cpu", enabled=False)
        self.counter = Counter()
        self.plain = torch.optim.SGD(self.model.parameters(), lr=1e-3)  # no scheduler wraps its step

    def forward(self, x):
        self.opt.zero_grad(set_to_none=True)  # expect: CL159
        loss = self.model(x).pow(2).mean()
        scaled = self.scaler.scale(loss)  # expect: CL159
        scaled.backward()  # expect: CL147
        self.scaler.unscale_(self.opt)  # expect: CL159
        self.scaler.step(self.opt)  # expect: CL159
        self.scaler.update()  # expect: CL159
        self.sched.step()  # expect: CL159
        self.plain.step()  # expect: CL159
        self.model.zero_grad()
        total = self.counter.step(loss.detach())
        return apply_update(self.opt, total)


def example():
    return TrainStep(), (torch.randn(2, 4),)
