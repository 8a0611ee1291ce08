"""A flow-matching training step maps the sampled timesteps back to sigmas through the scheduler's table: each
timestep's index is looked up in a list comprehension with `(schedule_timesteps == t).nonzero().item()`."""
import torch
import torch.nn.functional as F
from torch import nn


class FlowSchedulerStub:
    def __init__(self, num_train_timesteps=10):
        self.timesteps = torch.linspace(1000, 100, num_train_timesteps)
        self.sigmas = self.timesteps / 1000


class FlowTrainingStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.noise_scheduler = FlowSchedulerStub()
        self.transformer = nn.Linear(8, 8)

    def get_sigmas(self, timesteps, n_dim=2):
        sigmas = self.noise_scheduler.sigmas
        schedule_timesteps = self.noise_scheduler.timesteps
        step_indices = [(schedule_timesteps == t).nonzero().item() for t in timesteps]  # expect: CL121
        sigma = sigmas[step_indices].flatten()
        while len(sigma.shape) < n_dim:
            sigma = sigma.unsqueeze(-1)
        return sigma

    def forward(self, latents, noise, indices):
        timesteps = self.noise_scheduler.timesteps[indices]
        sigmas = self.get_sigmas(timesteps, n_dim=latents.ndim)
        noisy = (1.0 - sigmas) * latents + sigmas * noise
        return F.mse_loss(self.transformer(noisy), noise - latents)


def example():
    return FlowTrainingStep(), (torch.randn(2, 8), torch.randn(2, 8), torch.tensor([1, 4]))
