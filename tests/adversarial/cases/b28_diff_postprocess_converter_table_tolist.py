"""An image processor's postprocess converts the decoded images through a module-level table of converter
functions keyed by `output_type`; the pipeline asks for "list", whose converter calls `.tolist()`."""
import torch
from torch import nn


def _to_pt(images):
    return images


def _to_np(images):
    return images.cpu().permute(0, 2, 3, 1).float().numpy()


def _to_list(images):
    return images.cpu().float().tolist()  # expect: CL112


_CONVERTERS = {"pt": _to_pt, "np": _to_np, "list": _to_list}


class ImageProcessor:
    def postprocess(self, image, output_type="pt"):
        image = (image / 2 + 0.5).clamp(0, 1)
        return _CONVERTERS[output_type](image)


class DecodePipeline(nn.Module):
    def __init__(self, output_type="list"):
        super().__init__()
        self.vae_decoder = nn.Conv2d(4, 3, 1)
        self.image_processor = ImageProcessor()
        self.output_type = output_type

    def forward(self, latents):
        image = self.vae_decoder(latents)
        return self.image_processor.postprocess(image, output_type=self.output_type)


def example():
    return DecodePipeline(), (torch.randn(1, 4, 2, 2),)
