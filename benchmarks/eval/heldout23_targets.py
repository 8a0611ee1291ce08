"""Held-out group 23 of the evaluation: signal processing, audio and speech models and state-space sequence layers
in plain PyTorch, from packages no rule was tuned on, measured before any rule changes for them.

    python3 benchmarks/eval/run_eval.py --targets benchmarks/eval/heldout23_targets.py \
        --site benchmarks/eval/.packages-heldout23 --suffix heldout23

DSP layers: julius's sinc resampling by a rational factor, low/high/band-pass filters and filter banks built from
windowed sincs (as convolutions or FFT convolutions), band splitting on the mel scale and its FFT Conv1d module
(julius). Music source separation: Demucs's waveform U-Net with resampling in and out of the model, an LSTM bottleneck
and normalised input, Hybrid Demucs trained on a stems loss (a spectral and a temporal branch, STFT/iSTFT with
padding, frequency embeddings) and Hybrid Transformer Demucs with its cross-domain transformer and multichannel
Wiener filtering (demucs); Open-Unmix's LSTM spectrogram model trained on magnitude spectrograms, and its Separator
turning a waveform mix into sources through a torch STFT, per-window Wiener EM iterations and an iSTFT (openunmix).
Neural audio codec: SNAC's multi-scale residual vector quantizer with local windowed attention, noise blocks and
depthwise convolutions, run end to end and as encode-to-codes then decode (snac). Wavelets: ptwt's multi-level 1D
and 2D fast wavelet transforms and their inverses with boundary padding, a wavelet packet tree read level by level
and a continuous wavelet transform over a Shannon wavelet (ptwt). Speech metric as a loss: STOI and extended STOI
with voice-activity-driven silent-frame removal, third-octave band envelopes and row/column normalisation
(torch-stoi). State-space sequence layers: S5's diagonalised HiPPO-initialised SSM discretised per step and run by an
associative parallel scan under vmap, in a bidirectional block stack trained on a loss and stepped with a carried
complex state (s5-pytorch). Same shape as targets.py (PACKAGES, DEPENDENCIES, package(), build()), its own site
folder, its own dynamo cache. Importing this module does not import torch.

Left out: nnaudio, asteroid-filterbanks, auraloss, wavenet_vocoder, encodec, moshi, openai-whisper, conformer,
pytorch-tcn, itransformer (already other groups' packages); diffsptk, torchfcpe (torchaudio at module level in the
modules their models need), bs-roformer (librosa at import, and a chain of young dependencies: einx, pope-pytorch,
hyper-connections, torch-einops-utils), deepod (pins torch<1.13.1, and scikit-learn/pandas), nbeats-pytorch (keract,
pandas, matplotlib and a protobuf<=3.20 pin), torchcast 0.2 (h5py, pandas, pybind11, requests for a small
library), torch-mdct (too small to add targets of its own). torchaudio, which has no wheel for this torch, is
imported at module level by openunmix.transforms (for its torchaudio/asteroid STFT backends) and torch_stoi.stoi (for
resampling): it is stood in by an empty module, and the targets use the torch STFT backend and do_resample=False, so
no target runs it. demucs's apply_model (tqdm progress, thread pools, random shifts) and its pretrained-model loading
(a hub download) are not run; S5.initial_state reads an attribute its SSM does not have, so the carried state is
made by hand.
"""

from __future__ import annotations

import functools
from typing import Tuple

import targets  # run_eval.py and dynamo_child.py put this folder on sys.path first
from targets import Package

DEPENDENCIES = (
    "einops==0.8.2",
)


def _seed():
    import torch

    torch.manual_seed(0)
    return torch



# ----------------------------------------------------------------------------------------------------------- julius
def julius_resample_and_lowpass():
    torch = _seed()
    import julius

    def resample_then_filter(wav):
        down = julius.resample_frac(wav, 16000, 11025)
        return julius.lowpass_filter(down, 0.2), julius.highpass_filter(wav, 0.05, fft=True)

    return resample_then_filter, [(torch.randn(2, 1, 800),)]


def julius_split_bands_fftconv():
    torch = _seed()
    import julius

    bands = julius.SplitBands(sample_rate=16000, n_bands=4)
    conv = julius.FFTConv1d(1, 4, 64, stride=2)

    def analyse(wav):
        return bands(wav), conv(wav)

    return analyse, [(torch.randn(2, 1, 1024),)]


def julius_filter_banks():
    torch = _seed()
    import julius

    lows = julius.LowPassFilters([0.05, 0.1, 0.25], stride=2, pad=False)
    band = julius.BandPassFilter(0.05, 0.2, zeros=4)

    def filter_bank(wav):
        return lows(wav), band(wav)

    return filter_bank, [(torch.randn(2, 1, 600),)]


# ----------------------------------------------------------------------------------------------------------- demucs
SOURCES = ["drums", "bass", "other", "vocals"]


def demucs_waveform_resampled():
    torch = _seed()
    from demucs.demucs import Demucs

    model = Demucs(SOURCES, audio_channels=1, channels=8, depth=3, lstm_layers=1, samplerate=8000, segment=1,
                   resample=True).eval()
    return model, [(torch.randn(1, 1, 1600),)]


def demucs_hybrid_training_loss():
    torch = _seed()
    from demucs.hdemucs import HDemucs

    model = HDemucs(SOURCES[:2], audio_channels=1, channels=8, nfft=256, depth=3, samplerate=8000,
                    segment=1).train()

    def loss(mix, stems):
        return torch.nn.functional.l1_loss(model(mix), stems)

    return loss, [(torch.randn(2, 1, 2048), torch.randn(2, 2, 1, 2048))]


def demucs_hybrid_transformer_wiener():
    torch = _seed()
    from demucs.htdemucs import HTDemucs

    model = HTDemucs(SOURCES, audio_channels=2, channels=8, nfft=256, depth=2, t_layers=2, t_heads=2,
                     bottom_channels=16, samplerate=8000, segment=0.25, wiener_iters=1, end_iters=1,
                     cac=False).eval()
    return model, [(torch.randn(1, 2, 1800),)]


# ------------------------------------------------------------------------------------------------------------- snac
def snac_encode_decode():
    torch = _seed()
    from snac import SNAC

    model = SNAC(sampling_rate=8000, encoder_dim=16, encoder_rates=[2, 4], decoder_dim=64, decoder_rates=[4, 2],
                 attn_window_size=8, codebook_size=64, codebook_dim=4, vq_strides=[4, 2, 1]).eval()
    return model, [(torch.randn(1, 1, 500),)]


def snac_codes_roundtrip():
    torch = _seed()
    from snac import SNAC

    model = SNAC(sampling_rate=8000, encoder_dim=8, encoder_rates=[2, 4], decoder_dim=32, decoder_rates=[4, 2],
                 attn_window_size=None, codebook_size=64, codebook_dim=4, vq_strides=[2, 1], noise=False,
                 depthwise=False).eval()

    def roundtrip(wav):
        return model.decode(model.encode(wav))

    return roundtrip, [(torch.randn(1, 1, 320),)]


# ------------------------------------------------------------------------------------------------------------- ptwt
def ptwt_wavedec_denoise():
    torch = _seed()
    import ptwt

    def denoise(signal):
        coeffs = ptwt.wavedec(signal, "db4", level=3, mode="reflect")
        kept = [coeffs[0]] + [c * (c.abs() > 0.5) for c in coeffs[1:]]
        return ptwt.waverec(kept, "db4")

    return denoise, [(torch.randn(4, 256),)]


def ptwt_wavelet_packet():
    torch = _seed()
    import ptwt

    def packets(signal):
        tree = ptwt.WaveletPacket(signal, "haar", mode="reflect", maxlevel=3)
        return torch.stack([tree[node] for node in ptwt.WaveletPacket.get_level(3)], dim=1)

    return packets, [(torch.randn(2, 128),)]


def ptwt_cwt_and_image():
    torch = _seed()
    import ptwt

    def transform(signal, image):
        scales = torch.arange(1, 9).float()
        spec, _ = ptwt.cwt(signal, scales, "shan1-1")
        approx, *details = ptwt.wavedec2(image, "haar", level=2)
        return spec, ptwt.waverec2([approx, *details], "haar")

    return transform, [(torch.randn(2, 128), torch.randn(2, 32, 32))]


# ------------------------------------------------------------------------------------------------------- torch-stoi
def stoi_loss():
    torch = _seed()
    targets.stand_in("torchaudio")  # imported at module level for resampling; these targets do not resample
    from torch_stoi import NegSTOILoss

    loss = NegSTOILoss(sample_rate=10000, do_resample=False)
    clean = torch.randn(2, 6000)
    return loss, [(clean + 0.3 * torch.randn(2, 6000), clean)]


def stoi_extended_no_vad():
    torch = _seed()
    targets.stand_in("torchaudio")  # imported at module level for resampling; these targets do not resample
    from torch_stoi import NegSTOILoss

    loss = NegSTOILoss(sample_rate=10000, use_vad=False, extended=True, do_resample=False)
    clean = torch.randn(2, 5000)
    return loss, [(clean + 0.5 * torch.randn(2, 5000), clean)]


# ------------------------------------------------------------------------------------------------------- s5-pytorch
def s5_block_stack_loss():
    torch = _seed()
    from s5 import S5Block

    blocks = torch.nn.Sequential(S5Block(16, 8, bidir=False), S5Block(16, 8, bidir=True)).train()

    def loss(x, y):
        return torch.nn.functional.mse_loss(blocks(x), y)

    return loss, [(torch.randn(2, 32, 16), torch.randn(2, 32, 16))]


def s5_stateful_steps():
    torch = _seed()
    from s5 import S5

    model = S5(16, 8).eval()

    def step(x, state):
        return model(x, state=state, return_state=True)

    return step, [(torch.randn(2, 8, 16), torch.zeros(2, 8, dtype=torch.complex64))]  # S5.initial_state is broken


# --------------------------------------------------------------------------------------------------------- openunmix
def _openunmix():
    targets.stand_in("torchaudio")  # transforms.py imports it for its asteroid/torchaudio backends; the torch backend runs
    import openunmix.model

    return openunmix.model


def openunmix_spectrogram_training():
    torch = _seed()
    model_module = _openunmix()

    model = model_module.OpenUnmix(nb_bins=129, nb_channels=2, hidden_size=32, nb_layers=2, max_bin=64).train()

    def loss(mix_spec, target_spec):
        return torch.nn.functional.mse_loss(model(mix_spec), target_spec)

    return loss, [(torch.rand(2, 2, 129, 20), torch.rand(2, 2, 129, 20))]


def openunmix_separator_wiener():
    torch = _seed()
    model_module = _openunmix()

    targets_ = {name: model_module.OpenUnmix(nb_bins=129, nb_channels=2, hidden_size=16, nb_layers=1).eval()
                for name in ("vocals", "accompaniment")}
    separator = model_module.Separator(targets_, niter=1, n_fft=256, n_hop=64, nb_channels=2, sample_rate=8000,
                                       wiener_win_len=16).eval()
    return separator, [(torch.randn(1, 2, 2048),)]


PACKAGES: Tuple[Package, ...] = (
    Package("julius==0.2.8", "julius", {
        "resample_and_lowpass": julius_resample_and_lowpass,
        "split_bands_fftconv": julius_split_bands_fftconv,
        "filter_banks": julius_filter_banks}),
    Package("demucs==4.1.0", "demucs", {
        "waveform_resampled": demucs_waveform_resampled,
        "hybrid_training_loss": demucs_hybrid_training_loss,
        "hybrid_transformer_wiener": demucs_hybrid_transformer_wiener},
        dependencies=("julius==0.2.8",)),
    Package("snac==1.2.1", "snac", {
        "encode_decode": snac_encode_decode,
        "codes_roundtrip": snac_codes_roundtrip},
        roots=("snac.snac:SNAC.encode", "snac.snac:SNAC.decode")),
    Package("ptwt==1.0.1", "ptwt", {
        "wavedec_denoise": ptwt_wavedec_denoise,
        "wavelet_packet": ptwt_wavelet_packet,
        "cwt_and_image": ptwt_cwt_and_image},
        roots=("ptwt.conv_transform:wavedec", "ptwt.conv_transform:waverec", "ptwt.conv_transform_2:wavedec2",
               "ptwt.conv_transform_2:waverec2", "ptwt.continuous_transform:cwt", "ptwt.packets:WaveletPacket.*"),
        dependencies=("PyWavelets==1.9.0",)),
    Package("torch-stoi==0.2.3", "torch_stoi", {
        "loss": stoi_loss,
        "extended_no_vad": stoi_extended_no_vad},
        dependencies=("pystoi==0.4.1",)),
    Package("s5-pytorch==0.2.1", "s5", {
        "block_stack_loss": s5_block_stack_loss,
        "stateful_steps": s5_stateful_steps}),
    Package("openunmix==1.3.0", "openunmix", {
        "spectrogram_training": openunmix_spectrogram_training,
        "separator_wiener": openunmix_separator_wiener}),
)

package = functools.partial(targets.package, packages=PACKAGES)
build = functools.partial(targets.build, packages=PACKAGES)
