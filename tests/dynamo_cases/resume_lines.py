"""A break in the resume function dynamo builds after an earlier break, past a method chain that starts a line (its
LOAD_METHOD is longer than 8 code units on 3.11): the harness places it on its own line (tests/test_verify.py),
as torchtune's generate has it (`.item()` after `if not padding_masks.all():`)."""
import torch


def sample(x):
    if x.sum() > 0:  # expect: CL101
        x = x + 1
    noise = torch.ones(
        x.shape[0]
    ).exponential_(1)
    total = (x * noise).sum()
    return total.item()  # expect: CL111


compiled_sample = torch.compile(sample)


def example():
    return sample, (torch.ones(4),)
