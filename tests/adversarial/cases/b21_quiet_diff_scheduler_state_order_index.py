"""A functional scheduler step receives its state dataclass (from the utils file) and reads the sigmas by the
state's `order`, a Python int field, and by a step index the caller passes as a Python int."""
import torch
from torch import nn

from b21_diff_utils import SchedulerState


class FunctionalEulerStep(nn.Module):
    def forward(self, state: SchedulerState, sample, model_output, step: int):
        sigma, sigma_next = state.sigmas[step], state.sigmas[step + state.order]
        return sample + (sigma_next - sigma) * model_output


def example():
    state = SchedulerState(sigmas=torch.tensor([14.6, 7.0, 2.0, 0.0]), step_index=torch.tensor(1))
    return FunctionalEulerStep(), (state, torch.randn(2, 4), torch.randn(2, 4), 1)
