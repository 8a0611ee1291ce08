"""transformers' idiom: torch.compiler.is_compiling() when torch has it, older spellings, False as fallbacks."""


def is_torch_available():
    return True


def is_torchdynamo_compiling():
    if not is_torch_available():
        return False
    try:
        import torch

        return torch.compiler.is_compiling()
    except Exception:
        try:
            import torch._dynamo as dynamo

            return dynamo.is_compiling()
        except Exception:
            return False
