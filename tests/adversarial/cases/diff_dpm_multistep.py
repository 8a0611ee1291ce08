"""DPM-Solver++ first/second-order update: model output history, lambdas from sigmas, order switch."""
import torch
from torch import nn


class DPMSolverMultistep(nn.Module):
    def __init__(self, num_inference_steps=4, solver_order=2):
        super().__init__()
        self.solver_order = solver_order
        self.register_buffer("sigmas", torch.linspace(1.0, 0.1, num_inference_steps + 1))
        self.model_outputs = [None] * solver_order
        self.lower_order_nums = 0
        self._step_index = 1

    def _sigma_to_alpha_sigma_t(self, sigma):
        alpha_t = 1 / ((sigma ** 2 + 1) ** 0.5)
        return alpha_t, sigma * alpha_t

    def first_order_update(self, model_output, sample):
        sigma_t, sigma_s = self.sigmas[self._step_index + 1], self.sigmas[self._step_index]
        alpha_t, sigma_t = self._sigma_to_alpha_sigma_t(sigma_t)
        alpha_s, sigma_s = self._sigma_to_alpha_sigma_t(sigma_s)
        lambda_t = torch.log(alpha_t) - torch.log(sigma_t)
        lambda_s = torch.log(alpha_s) - torch.log(sigma_s)
        h = lambda_t - lambda_s
        return (sigma_t / sigma_s) * sample - (alpha_t * (torch.exp(-h) - 1.0)) * model_output

    def second_order_update(self, model_output_list, sample):
        m0, m1 = model_output_list[-1], model_output_list[-2]
        d1 = m0 - m1
        return self.first_order_update(m0, sample) + 0.5 * d1

    def forward(self, model_output, sample):
        for i in range(self.solver_order - 1):
            self.model_outputs[i] = self.model_outputs[i + 1]
        self.model_outputs[-1] = model_output
        if sample.dtype != torch.float32:
            sample = sample.float()
        if self.solver_order == 1 or self.lower_order_nums < 1:
            prev_sample = self.first_order_update(model_output, sample)
        else:
            prev_sample = self.second_order_update(self.model_outputs, sample)
        return prev_sample


def example():
    return DPMSolverMultistep(), (torch.randn(1, 2, 4, 4), torch.randn(1, 2, 4, 4))
