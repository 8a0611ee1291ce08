"""A scheduler step indexing its `alphas_cumprod` table by the timestep it receives and by the previous timestep
computed from it (`prev_timestep = timestep - k`, diffusers' DDIM shape with a 0-d tensor timestep). The received
timestep compiles (dynamo guards its value); the previous one is a 0-d tensor computed in the graph, and a tensor
indexed by it is a data-dependent operator (GB0033 on 2.13). The linter cannot tell that the timestep is 0-d (a 1-d
batch of timesteps indexes without a break): a known miss. Schedules indexed by a row of a 2-d table of indices
compile too."""
import torch
from torch import nn


class Scheduler(nn.Module):
    def __init__(self, num_train_timesteps: int = 20, num_inference_steps: int = 5):
        super().__init__()
        self.alphas_cumprod = torch.linspace(0.999, 0.5, num_train_timesteps).cumprod(dim=0)
        self.step_pairs = torch.arange(num_train_timesteps).reshape(-1, 2)
        self.stride = num_train_timesteps // num_inference_steps

    def forward(self, sample, model_output, timestep):
        prev_timestep = timestep - self.stride
        alpha_prod_t = self.alphas_cumprod[timestep]
        alpha_prod_t_prev = self.alphas_cumprod[prev_timestep]  # known-miss: CL114
        pair = self.alphas_cumprod[self.step_pairs[1]]
        pred = (sample - (1 - alpha_prod_t).sqrt() * model_output) / alpha_prod_t.sqrt()
        return alpha_prod_t_prev.sqrt() * pred + pair.sum()


def example():
    return Scheduler(), (torch.randn(2, 4), torch.randn(2, 4), torch.tensor(13))
