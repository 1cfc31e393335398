"""Hugging Face transformers models, built small from their configs, exported by torch-mlir and compiled whole.

    pip install torch==2.13.0 torch-mlir==20261001 transformers     # not nanomm dependencies
    python bench/check_hf_models.py                       # every model
    python bench/check_hf_models.py llama whisper_encoder  # some
    python bench/check_hf_models.py --time                # and each one's speed against torch eager, one thread

The models' own code (transformers' modelling files: their embeddings, masks, position ids, norms and
activations as the library writes them), with two or so layers of width 64 and random weights (nothing is
downloaded), each wrapped to return its last hidden state. Verdicts, errors and timing are
bench/check_frontend_models.py's (`check`): `ok` within 1e-4 of torch's output scale, `refused` with a
NanommError, `no export` where torch-mlir fails (Swin: its importer's "Heterogeneous lists are not supported"),
`WRONG` / `CRASH` otherwise (exit 1). Attention is transformers' eager form.

torch-mlir 20261001's importer cannot export a module with non-persistent buffers (most of these models keep
position ids or rotary tables that way: "AssertionError: Could not find state mapping for buffer"); this
script makes them persistent before exporting, which changes nothing in the forward (docs/frontend.md).
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_frontend_models import arguments, run_checks  # noqa: E402


def models(torch, T):
    """name: (a module returning the last hidden state, its inputs)."""
    ids = lambda b, t: torch.randint(0, 100, (b, t))  # noqa: E731
    image = lambda size: torch.randn(1, 3, size, size)  # noqa: E731
    width = dict(hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128)
    tokens = dict(vocab_size=100, pad_token_id=0, bos_token_id=1, eos_token_id=2)
    made = {
        "bert": (T.BertModel, T.BertConfig(**tokens, **width), ids(2, 12)),
        "distilbert": (T.DistilBertModel, T.DistilBertConfig(vocab_size=100, pad_token_id=0, dim=64, n_layers=2,
                                                               n_heads=4, hidden_dim=128), ids(2, 12)),
        "roberta": (T.RobertaModel, T.RobertaConfig(**tokens, **width), ids(2, 12) % 97 + 3),
        "albert": (T.AlbertModel, T.AlbertConfig(**tokens, embedding_size=32, **width), ids(2, 12)),
        "electra": (T.ElectraModel, T.ElectraConfig(**tokens, embedding_size=32, **width), ids(2, 12)),
        "mpnet": (T.MPNetModel, T.MPNetConfig(**tokens, **width), ids(2, 12) % 97 + 3),
        "deberta_v2": (T.DebertaV2Model, T.DebertaV2Config(**tokens, **width), ids(2, 12)),
        "gpt2": (T.GPT2Model, T.GPT2Config(**tokens, n_embd=64, n_layer=2, n_head=4), ids(2, 12)),
        "gpt_neox": (T.GPTNeoXModel, T.GPTNeoXConfig(**tokens, **width), ids(2, 12)),
        "opt": (T.OPTModel, T.OPTConfig(**tokens, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                                        ffn_dim=128, word_embed_proj_dim=64), ids(2, 12)),
        "bloom": (T.BloomModel, T.BloomConfig(**tokens, hidden_size=64, n_layer=2, n_head=4), ids(2, 12)),
        "falcon": (T.FalconModel, T.FalconConfig(**tokens, hidden_size=64, num_hidden_layers=2, num_attention_heads=4),
                   ids(2, 12)),
        "llama": (T.LlamaModel, T.LlamaConfig(**tokens, num_key_value_heads=2, **width), ids(2, 12)),
        "mistral": (T.MistralModel, T.MistralConfig(**tokens, num_key_value_heads=2, **width), ids(2, 12)),
        "qwen2": (T.Qwen2Model, T.Qwen2Config(**tokens, num_key_value_heads=2, **width), ids(2, 12)),
        "gemma": (T.GemmaModel, T.GemmaConfig(**tokens, num_key_value_heads=1, head_dim=16, **width), ids(2, 12)),
        "phi": (T.PhiModel, T.PhiConfig(**tokens, **width), ids(2, 12)),
        "t5_encoder": (T.T5EncoderModel, T.T5Config(**tokens, d_model=64, d_kv=16, d_ff=128, num_layers=2,
                                                     num_heads=4), ids(2, 12)),
        "clip_text": (T.CLIPTextModel, T.CLIPTextConfig(**tokens, **width, max_position_embeddings=16), ids(2, 12)),
        "vit": (T.ViTModel, T.ViTConfig(image_size=32, patch_size=8, **width), image(32)),
        "clip_vision": (T.CLIPVisionModel, T.CLIPVisionConfig(image_size=32, patch_size=8, **width), image(32)),
        "swin": (T.SwinModel, T.SwinConfig(image_size=32, patch_size=4, embed_dim=16, depths=[1, 1], num_heads=[2, 2],
                                           window_size=4), image(32)),
        "convnext": (T.ConvNextModel, T.ConvNextConfig(hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1],
                                                       image_size=64), image(64)),
        "resnet": (T.ResNetModel, T.ResNetConfig(hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1],
                                                 embedding_size=16), image(64)),
        "mobilevit": (T.MobileViTModel, T.MobileViTConfig(image_size=64, hidden_sizes=[32, 48, 64],
                                                          neck_hidden_sizes=[8, 16, 24, 32, 40, 48, 160],
                                                          initializer_range=0.3), image(64)),  # (0.02: all 0 out)
        "segformer": (T.SegformerModel, T.SegformerConfig(hidden_sizes=[16, 32, 64, 128],
                                                          num_attention_heads=[1, 2, 4, 8],
                                                          depths=[1, 1, 1, 1], decoder_hidden_size=64), image(64)),
        "whisper_encoder": (lambda c: T.WhisperModel(c).encoder, T.WhisperConfig(
            **tokens, decoder_start_token_id=1, d_model=64, encoder_layers=2, decoder_layers=1,
            encoder_attention_heads=4, decoder_attention_heads=4, encoder_ffn_dim=128, decoder_ffn_dim=128,
            num_mel_bins=16, max_source_positions=16),
            torch.randn(1, 16, 32)),
        "wav2vec2": (T.Wav2Vec2Model, T.Wav2Vec2Config(
            **width, conv_dim=(16, 16), conv_stride=(5, 2), conv_kernel=(10, 3), num_conv_pos_embeddings=16,
            num_conv_pos_embedding_groups=4), torch.randn(1, 400)),
    }

    class LastHiddenState(torch.nn.Module):
        def __init__(self, model):
            super().__init__()
            self.model = model

        def forward(self, x):
            out = self.model(x)
            return out.last_hidden_state if hasattr(out, "last_hidden_state") else out[0]

    def build(name):
        make, config, x = made[name]
        config._attn_implementation = "eager"
        module = LastHiddenState(make(config)).eval()
        for part in module.modules():  # (torch-mlir's importer: see the module doc)
            part._non_persistent_buffers_set.clear()
        return module, (x,), None
    return {name: (lambda name=name: build(name)) for name in made}


def main() -> int:
    try:
        import torch
        import transformers
        from torch_mlir import fx
    except ImportError as exc:
        raise SystemExit(f"error: needs torch, torch-mlir and transformers ({exc}): "
                         "pip install torch==2.13.0 torch-mlir==20261001 transformers")
    names, timed = arguments(torch)
    warnings.filterwarnings("ignore")
    transformers.logging.set_verbosity_error()
    torch.manual_seed(0)
    print(f"# python bench/check_hf_models.py, transformers {transformers.__version__}, torch {torch.__version__}")
    return run_checks(models(torch, transformers), names, timed, torch, fx, width=16)


if __name__ == "__main__":
    sys.exit(main())
