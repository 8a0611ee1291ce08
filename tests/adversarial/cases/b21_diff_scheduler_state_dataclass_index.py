"""A functional scheduler step receives its state dataclass (from the utils file: sigmas and a step index kept as a
tensor, so the state can be carried through the loop) and reads the current sigma by a Python int of the index."""
import torch
from torch import nn

from b21_diff_utils import SchedulerState


class FunctionalEulerStep(nn.Module):
    def forward(self, state: SchedulerState, sample, model_output):
        step = int(state.step_index)  # expect: CL111
        sigma, sigma_next = state.sigmas[step], state.sigmas[step + 1]
        return sample + (sigma_next - sigma) * model_output


def example():
    state = SchedulerState(sigmas=torch.tensor([14.6, 7.0, 2.0, 0.0]), step_index=torch.tensor(1))
    return FunctionalEulerStep(), (state, torch.randn(2, 4), torch.randn(2, 4))
