import torch
from torch import Tensor


class Sampler:
    def __init__(self, steps=3):
        self.steps = steps

    @torch.no_grad()
    def __call__(self, x: Tensor, **kwargs) -> Tensor:
        for i in range(self.steps):
            t = torch.tensor(1.0 - i / (self.steps + 1))
            s = torch.tensor(1.0 - (i + 1) / (self.steps + 1))
            x = self.step(x, t, s, **kwargs)
        return x


class TDSSampler(Sampler):
    def __init__(self, twist, **kwargs):
        super().__init__(**kwargs)
        self.twist = twist

    @torch.no_grad()
    def __call__(self, x: Tensor, **kwargs) -> Tensor:
        return super().__call__(x, carry={}, **kwargs)

    @torch.no_grad()
    def step(self, x_t: Tensor, t: Tensor, s: Tensor, carry: dict, **kwargs) -> Tensor:
        with torch.enable_grad():
            x_t = x_t.detach().requires_grad_()
            log_p = self.twist(x_t * t)
            score = torch.autograd.grad(log_p.sum(), x_t)[0]
        return (x_t + score * (t - s)).detach()


def example():
    sampler = TDSSampler(twist=lambda y: -(y ** 2))

    def run(x):
        return sampler(x)

    return run, (torch.randn(4),)
