"""A linear multistep sampler that integrates its Lagrange basis with scipy's `integrate.quad` at every step:
the integration bounds are entries of the sigma tensor. The history of derivatives kept in a Python list,
trimmed with pop(0), compiles."""
import torch
from scipy import integrate
from torch import nn


class LMSLikeScheduler:
    def __init__(self, sigmas):
        self.sigmas = sigmas
        self.derivatives = []

    def get_lms_coefficient(self, order, t, current_order):
        def lms_derivative(tau):
            prod = 1.0
            for k in range(order):
                if current_order == k:
                    continue
                prod *= (tau - self.sigmas[t - k]) / (self.sigmas[t - current_order] - self.sigmas[t - k])
            return prod

        return integrate.quad(lms_derivative, self.sigmas[t], self.sigmas[t + 1], epsrel=1e-4)[0]  # expect: CL153

    def step(self, model_output, step_index, sample, order=2):
        sigma = self.sigmas[step_index]
        pred_original = sample - sigma * model_output
        derivative = (sample - pred_original) / sigma
        self.derivatives.append(derivative)  # expect: CL203
        if len(self.derivatives) > order:
            self.derivatives.pop(0)
        order = min(step_index + 1, order)
        coeffs = [self.get_lms_coefficient(order, step_index, o) for o in range(order)]
        return sample + sum(c * d for c, d in zip(coeffs, reversed(self.derivatives)))


class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)
        self.scheduler = LMSLikeScheduler(torch.tensor([2.0, 1.0, 0.5, 0.0]))

    def forward(self, x):
        return self.scheduler.step(self.net(x), 1, x)


def example():
    return Sampler(), (torch.randn(2, 4),)
