"""An optimizer subclass (NovoGrad-style) keeps a 0-d tensor per parameter in `self.state[p]`, a dict its torch
base class stores, and branches on it: the state entry is a tensor the step stored under that key, so the test
reads its value (GB0170). Other entries compile: a Python step count and a shape test."""
import torch


class ScalarNormAdam(torch.optim.Optimizer):
    def __init__(self, params, lr=1e-3):
        super().__init__(params, dict(lr=lr))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = 0
                    state["norm_avg"] = torch.zeros([])
                state["step"] += 1
                norm_avg = state["norm_avg"]
                grad_norm = p.grad.pow(2).sum()
                if norm_avg == 0:  # expect: CL101
                    norm_avg.copy_(grad_norm)
                if p.dim() > 1:
                    grad_norm = grad_norm / p.shape[0]
                norm_avg.mul_(0.9).add_(grad_norm, alpha=0.1)
                p.add_(p.grad / (norm_avg.sqrt() + 1e-8), alpha=-group["lr"])


@torch.compile(backend="eager")
def optimizer_step(optimizer: ScalarNormAdam):
    optimizer.step()


def example():
    weight = torch.nn.Parameter(torch.randn(4, 3))
    weight.grad = torch.randn(4, 3)
    return optimizer_step, (ScalarNormAdam([weight]),)
