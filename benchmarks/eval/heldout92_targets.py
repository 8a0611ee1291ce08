"""Held-out group 92 of the evaluation: generative models in the style of diffusers, in corners no group covered (75:
UNet samplers, 78: DiT and flow matching, 80: schedulers, ControlNet, LoRA, 84: score SDEs and VQ codebooks, 88: GANs,
normalizing flows, vocoders): text-to-speech acoustic models (Tacotron 2's location-sensitive attention decoder with
its stop-token gate, a Tacotron with dynamic convolution attention and zoneout), super-resolution networks of the kind
used as restoration backbones (EDSR, RCAN, NinaSR, CARN, RDN and the tiling / self-ensemble / padding wrappers), and
video generation (Make-A-Video's space-time factorized UNet: pseudo-3D convolutions, temporal attention), from
packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout92_targets.py \
        --site benchmarks/eval/.packages-heldout92 --suffix heldout92 --jobs 1

Tacotron 2 (tacotron2-model): the teacher-forced forward on a padded batch as `parse_batch` hands it, a training step
(the package's `Tacotron2Loss`, gradient clipping, Adam), and `inference` (the autoregressive decoder loop that stops
on the gate or at `max_decoder_steps`). Tacotron (tacotron): the teacher-forced forward of the shipped config, a
training step as its train script takes it (L1 on the mels, clipping, Adam), and `generate` (stops when a frame
passes `stop_threshold`). Super-resolution (torchsr): forwards of small EDSR / RCAN / NinaSR / CARN / CARN-M / RDN /
VDSR, an L1 training step, and the wrappers users put around a trained model at test time (tiled `ChoppedModel`,
8-way `SelfEnsembleModel`, reflection / zero padding). Video generation (make-a-video-pytorch): SpaceTimeUnet on a
video and on images (`enable_time=False`), with flash attention and causal time attention, and a denoising training
step. Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site folder, its own dynamo cache.
Importing this module does not import torch.

Left out (checked with `pip download --no-deps` and the wheel's METADATA or imports, and /work/PICKS.md):
muse-maskgit-pytorch, phenaki-pytorch, parti-pytorch, video-diffusion-pytorch, open-magvit2 (transformers required);
magvit2-pytorch (groups 20 and 26 left it out: accelerate, opencv, long pinned trees); soundstorm-pytorch
(audiolm-pytorch and spear-tts-pytorch trees); matcha-tts (imports diffusers); ttslearn (sdist only, pyopenjtalk /
pysptk / pyworld builds); grad-tts (a compiled monotonic-alignment extension: not a pure-Python wheel). Stand-in,
outside anything compiled: librosa (tacotron2-model's STFT module builds its mel filters with it; the package's
`__init__` imports that module). CPU shims: tacotron2-model's `get_mask_from_lengths` allocates with
`torch.cuda.LongTensor` (the teacher-forced decoder is CUDA only): its file is compiled again under its own name and
lines with that allocation on the lengths' device, so its `.item()` breaks where a GPU run's would; torchsr imports
torchvision, whose C++ ops need CUDA torch: held-out group 14's torchvision::nms CPU kernel stands in.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package, stand_in

DEPENDENCIES = ()

TORCHVISION = ("torchvision==0.28.0", "pillow==11.3.0")


def _seed():
    import torch

    torch.manual_seed(0)
    return torch


# -------------------------------------------------------------------------------------------- tacotron2-model
N_SYMBOLS, N_MELS = 40, 16
TEXT_LENGTHS, MEL_LENGTHS = (12, 9), (14, 10)


def _mask_on_the_lengths_device():
    """`utils.get_mask_from_lengths` allocates its ids with `torch.cuda.LongTensor` (the NVIDIA recipe is CUDA only).
    The package's own function, its file compiled again under its own name and line numbers with that one allocation
    put on the lengths' device, so dynamo reports what it meets there on the package's lines."""
    import inspect

    import tacotron2_model.model
    import tacotron2_model.utils

    path = inspect.getsourcefile(tacotron2_model.utils)
    with open(path) as file:
        source = file.read()
    cuda = "out=torch.cuda.LongTensor(max_len)"
    assert source.count(cuda) == 1
    namespace = {"__name__": tacotron2_model.utils.__name__}
    exec(compile(source.replace(cuda, "device=lengths.device"), path, "exec"), namespace)
    tacotron2_model.model.get_mask_from_lengths = namespace["get_mask_from_lengths"]


def _tacotron2(**overrides):
    stand_in("librosa", "librosa.filters", "librosa.util")
    from tacotron2_model import Tacotron2

    _mask_on_the_lengths_device()

    sizes = dict(n_mel_channels=N_MELS, n_symbols=N_SYMBOLS, symbols_embedding_dim=32, encoder_embedding_dim=32,
                 attention_rnn_dim=48, attention_dim=16, attention_location_n_filters=8,
                 attention_location_kernel_size=7, decoder_rnn_dim=48, prenet_dim=24, postnet_embedding_dim=32,
                 max_decoder_steps=12)
    sizes.update(overrides)
    return Tacotron2(**sizes)


def _tacotron2_batch(torch):
    """What `TextMelCollate` then `Tacotron2.parse_batch` hand the model: padded text / mels, lengths, gate targets."""
    text = torch.zeros(len(TEXT_LENGTHS), max(TEXT_LENGTHS), dtype=torch.long)
    mels = torch.zeros(len(MEL_LENGTHS), N_MELS, max(MEL_LENGTHS))
    gates = torch.zeros(len(MEL_LENGTHS), max(MEL_LENGTHS))
    for i, (n_text, n_mel) in enumerate(zip(TEXT_LENGTHS, MEL_LENGTHS)):
        text[i, :n_text] = torch.randint(1, N_SYMBOLS, (n_text,))
        mels[i, :, :n_mel] = torch.randn(N_MELS, n_mel)
        gates[i, n_mel - 1:] = 1
    text_lengths = torch.tensor(TEXT_LENGTHS)
    mel_lengths = torch.tensor(MEL_LENGTHS)
    return (text, text_lengths, mels, max(TEXT_LENGTHS), mel_lengths), (mels, gates)


def tacotron2_train_forward():
    torch = _seed()
    model = _tacotron2().train()
    inputs, _ = _tacotron2_batch(torch)
    return model, [(inputs,)]


def tacotron2_train_step():
    """The body of the NVIDIA recipe's training loop: forward, Tacotron2Loss, backward, clip, step."""
    torch = _seed()
    from tacotron2_model import Tacotron2Loss

    model = _tacotron2().train()
    criterion = Tacotron2Loss()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3, weight_decay=1e-6)
    inputs, targets_ = _tacotron2_batch(torch)

    def step(inputs, targets_):
        optimizer.zero_grad()
        loss = criterion(model(inputs), targets_)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        return loss

    return step, [(inputs, targets_)]


def tacotron2_inference():
    torch = _seed()
    model = _tacotron2().eval()
    text = torch.randint(1, N_SYMBOLS, (1, 10))
    return model.inference, [(text,)]


# ----------------------------------------------------------------------------------------------------- tacotron
def _tacotron():
    """The shipped config.toml's model, as `Tacotron.from_pretrained` builds it (without the download)."""
    import importlib_resources
    import toml
    from tacotron import Tacotron

    with importlib_resources.files("tacotron").joinpath("config.toml").open() as file:
        cfg = toml.load(file)
    return Tacotron(**cfg["model"])


def tacotron_train_forward():
    torch = _seed()
    model = _tacotron().train()
    text = torch.randint(1, 91, (2, 11))
    mels = torch.randn(2, 80, 8)
    return model, [(text, mels)]


def tacotron_train_step():
    """The body of the package's train script: teacher-forced forward, L1 on the mels, clipping, Adam."""
    torch = _seed()
    import torch.nn.functional as F

    model = _tacotron().train()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    text = torch.randint(1, 91, (2, 11))
    mels = torch.randn(2, 80, 8)

    def step(text, mels):
        optimizer.zero_grad()
        ys, _ = model(text, mels)
        loss = F.l1_loss(ys, mels)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.05)
        optimizer.step()
        return loss

    return step, [(text, mels)]


def tacotron_generate():
    torch = _seed()
    model = _tacotron().eval()
    text = torch.randint(1, 91, (1, 9))
    # random weights: a stop threshold no frame passes, so the loop runs to max_length as a trained model's would
    return functools.partial(model.generate, max_length=8, stop_threshold=10.0), [(text,)]


# ------------------------------------------------------------------------------------------------------ torchsr
def _image(torch, size=12):
    return torch.rand(1, 3, size, size)


def _torchsr():
    """torchsr imports torchvision (its datasets and transforms), whose C++ ops need CUDA torch: held-out group 14's
    torchvision::nms CPU kernel stands in for them."""
    from heldout14_targets import _torchvision

    _torchvision()


def _sr_forward(build, size=12):
    def target():
        _torchsr()
        torch = _seed()
        return build().eval(), [(_image(torch, size),)]

    return target


def _edsr():
    from torchsr.models.edsr import EDSR

    return EDSR(n_resblocks=2, n_feats=16, scale=2, res_scale=0.1)


def _rcan():
    from torchsr.models.rcan import RCAN

    return RCAN(n_resgroups=2, n_resblocks=2, n_feats=16, reduction=4, scale=2)


def _ninasr():
    from torchsr.models import ninasr_b0

    return ninasr_b0(2)


def _carn():
    from torchsr.models import carn

    return carn(2)


def _carn_m():
    from torchsr.models import carn_m

    return carn_m(3)


def _rdn():
    from torchsr.models.rdn import RDN

    return RDN(scale=2, G0=16, D=2, C=2, G=8)


def _vdsr():
    from torchsr.models.vdsr import VDSR

    return VDSR(n_resblocks=4, n_feats=16, scale=2, pretrained=False)


def sr_train_step():
    """A training step on (low, high) resolution crops: L1 loss, Adam."""
    _torchsr()
    torch = _seed()
    model = _edsr().train()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    low, high = _image(torch, 12), _image(torch, 24)

    def step(low, high):
        optimizer.zero_grad()
        loss = torch.nn.functional.l1_loss(model(low), high)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(low, high)]


def sr_chopped():
    _torchsr()
    torch = _seed()
    from torchsr.models.utils import ChoppedModel

    return ChoppedModel(_ninasr().eval(), scale=2, chop_size=8, chop_overlap=2), [(_image(torch, 14),)]


def sr_self_ensemble():
    _torchsr()
    torch = _seed()
    from torchsr.models.utils import SelfEnsembleModel

    return SelfEnsembleModel(_ninasr().eval()), [(_image(torch, 12),)]


def sr_reflection_padded():
    _torchsr()
    torch = _seed()
    from torchsr.models.utils import ReflectionPaddedModel

    return ReflectionPaddedModel(_edsr().eval(), padding=4), [(_image(torch, 12),)]


def sr_zero_padded():
    _torchsr()
    torch = _seed()
    from torchsr.models.utils import ZeroPaddedModel

    return ZeroPaddedModel(_rcan().eval(), padding=2), [(_image(torch, 12),)]


# -------------------------------------------------------------------------------------------- make-a-video
def _space_time_unet(**overrides):
    from make_a_video_pytorch import SpaceTimeUnet

    sizes = dict(dim=8, channels=3, dim_mult=(1, 2), self_attns=(False, True), temporal_compression=(False, True),
                 resnet_block_depths=(1, 1), attn_dim_head=8, attn_heads=2)
    sizes.update(overrides)
    return SpaceTimeUnet(**sizes)


def video_unet_forward():
    torch = _seed()
    model = _space_time_unet().eval()
    video = torch.randn(1, 3, 4, 8, 8)
    return model, [(video, torch.tensor([10.0]))]


def video_unet_images():
    """Pretraining on images first, as the paper and README do: the same UNet with its temporal layers off."""
    torch = _seed()
    model = _space_time_unet().eval()
    images = torch.randn(2, 3, 8, 8)
    return model, [(images, torch.tensor([10.0, 20.0]))], {"enable_time": False}


def video_unet_flash_causal():
    torch = _seed()
    model = _space_time_unet(flash_attn=True, attn_pos_bias=False, causal_time_attn=True).eval()
    video = torch.randn(1, 3, 4, 8, 8)
    return model, [(video, torch.tensor([5.0]))]


def video_unet_train_step():
    """A denoising step: noise a video at a random timestep, predict the noise, MSE, Adam."""
    torch = _seed()
    model = _space_time_unet().train()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    video = torch.randn(2, 3, 4, 8, 8)

    def step(video):
        optimizer.zero_grad()
        times = torch.rand(video.shape[0])
        noise = torch.randn_like(video)
        alpha = torch.cos(times * torch.pi / 2).view(-1, 1, 1, 1, 1)
        noised = alpha * video + (1 - alpha ** 2).sqrt() * noise
        loss = torch.nn.functional.mse_loss(model(noised, times * 1000), noise)
        loss.backward()
        optimizer.step()
        return loss

    return step, [(video,)]


PACKAGES: Tuple[Package, ...] = (
    Package("tacotron2-model==0.2.4", "tacotron2_model", {
        "train_forward": tacotron2_train_forward,
        "train_step": tacotron2_train_step,
        "inference": tacotron2_inference},
        roots=("tacotron2_model.model:Tacotron2.inference", "tacotron2_model.loss:Tacotron2Loss.forward")),
    Package("tacotron==0.1.1", "tacotron", {
        "train_forward": tacotron_train_forward,
        "train_step": tacotron_train_step,
        "generate": tacotron_generate},
        roots=("tacotron.model:Tacotron.generate",),
        dependencies=("toml==0.10.2", "importlib-resources==7.1.0")),
    Package("torchsr==1.0.4", "torchsr", {
        "edsr": _sr_forward(_edsr),
        "rcan": _sr_forward(_rcan),
        "ninasr": _sr_forward(_ninasr),
        "carn": _sr_forward(_carn),
        "carn_m": _sr_forward(_carn_m),
        "rdn": _sr_forward(_rdn),
        "vdsr": _sr_forward(_vdsr),
        "train_step": sr_train_step,
        "chopped": sr_chopped,
        "self_ensemble": sr_self_ensemble,
        "reflection_padded": sr_reflection_padded,
        "zero_padded": sr_zero_padded},
        dependencies=TORCHVISION),
    Package("make-a-video-pytorch==0.4.0", "make_a_video_pytorch", {
        "unet_video": video_unet_forward,
        "unet_images": video_unet_images,
        "unet_flash_causal": video_unet_flash_causal,
        "unet_train_step": video_unet_train_step},
        dependencies=("einops==0.8.2", "packaging==25.0")),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
