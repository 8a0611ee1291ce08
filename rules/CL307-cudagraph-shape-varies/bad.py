import torch
from compilelint import Example


def decode_step(tokens):
    return (tokens.float() * 2).cumsum(-1)[:, -1]


fast_step = torch.compile(decode_step, mode="reduce-overhead")


def generate(prompt):
    outputs = []
    for length in range(1, prompt.shape[1] + 1):
        outputs.append(fast_step(prompt[:, :length]))  # expect: CL307
    return outputs


def example():
    # the shapes generate() passes: on CPU, dynamo recompiles once (the length becomes dynamic)
    prompt = torch.randint(0, 10, (2, 4))
    return Example(decode_step, (prompt[:, :1],), variants=[(prompt[:, :n],) for n in range(2, 5)])
