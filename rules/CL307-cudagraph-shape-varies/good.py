import torch
from compilelint import Example


def decode_step(tokens, length):
    # one shape for every call: the true length is a tensor, positions past it are masked out
    keep = torch.arange(tokens.shape[1]) < length
    return (tokens.float() * 2 * keep).sum(-1)


fast_step = torch.compile(decode_step, mode="reduce-overhead")


def generate(prompt):
    outputs = []
    for length in range(1, prompt.shape[1] + 1):
        outputs.append(fast_step(prompt, torch.tensor(length)))
    return outputs


def example():
    prompt = torch.randint(0, 10, (2, 4))
    return Example(decode_step, (prompt, torch.tensor(1)), variants=[(prompt, torch.tensor(n)) for n in range(2, 5)])
