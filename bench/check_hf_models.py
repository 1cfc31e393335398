"""Hugging Face transformers models, built small from their configs, exported by torch-mlir and compiled whole.

    pip install torch==2.13.0 torch-mlir==20261001 transformers     # not nanomm dependencies
    python bench/check_hf_models.py                       # every model
    python bench/check_hf_models.py llama whisper_encoder  # some
    python bench/check_hf_models.py --time                # and each one's speed against torch eager, one thread
    python bench/check_hf_models.py --calls=200 gpt_neo   # every call of 200 compared, not the first and third

The models' own code (transformers' modelling files: their embeddings, masks, position ids, norms and
activations as the library writes them), with two or so layers of width 64 and random weights (nothing is
downloaded), each wrapped to return its last hidden state. Verdicts, errors and timing are
bench/check_frontend_models.py's (`check`): `ok` within 1e-4 of torch's output scale, `refused` with a
NanommError, `no export` where torch-mlir fails, `WRONG` / `CRASH` otherwise (exit 1). Attention is
transformers' eager form.

What torch-mlir 20261001 does not export: Swin, LeViT and WavLM ("Heterogeneous lists are not supported"),
Mixtral (its experts' `aten.histc`), FNet (its FFT). Left out: RWKV, whose export is wrong before nanomm sees
it (torch-mlir drops the time shift, `nn.ZeroPad2d((0, 0, 1, -1))`: a pad of 1 and -1 is printed as no op).
Gemma 2 / 3 and StarCoder2 agree to ~5e-5, not ~5e-7: torch-mlir prints tanh GELU's sqrt(2 / pi) as 0.797724
(docs/frontend.md); `nanomm.compile(text, activation_rtol=2e-3)` fuses the exact activation and agrees as
closely as the other models.

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
    gqa = dict(width, num_key_value_heads=2)
    seq2seq = dict(d_model=64, encoder_layers=2, decoder_layers=2, encoder_attention_heads=4, decoder_attention_heads=4,
                   encoder_ffn_dim=128, decoder_ffn_dim=128, max_position_embeddings=64)
    wave = dict(conv_dim=(16, 16), conv_stride=(5, 2), conv_kernel=(10, 3), num_conv_pos_embeddings=16,
                num_conv_pos_embedding_groups=4)
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
        "llama": (T.LlamaModel, T.LlamaConfig(**tokens, **gqa), ids(2, 12)),
        "mistral": (T.MistralModel, T.MistralConfig(**tokens, **gqa), ids(2, 12)),
        "qwen2": (T.Qwen2Model, T.Qwen2Config(**tokens, **gqa), ids(2, 12)),
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
        "wav2vec2": (T.Wav2Vec2Model, T.Wav2Vec2Config(**width, **wave), torch.randn(1, 400)),
        # decoders
        "gpt_neo": (T.GPTNeoModel, T.GPTNeoConfig(**tokens, hidden_size=64, num_layers=2, num_heads=4, window_size=8,
                                                   attention_types=[[["global", "local"], 1]]), ids(2, 12)),
        "gptj": (T.GPTJModel, T.GPTJConfig(**tokens, n_embd=64, n_layer=2, n_head=4, rotary_dim=8), ids(2, 12)),
        "codegen": (T.CodeGenModel, T.CodeGenConfig(**tokens, n_embd=64, n_layer=2, n_head=4, rotary_dim=8),
                    ids(2, 12)),
        "phi3": (T.Phi3Model, T.Phi3Config(**tokens, **gqa), ids(2, 12)),
        "qwen3": (T.Qwen3Model, T.Qwen3Config(**tokens, **gqa, head_dim=16), ids(2, 12)),
        "gemma2": (T.Gemma2Model, T.Gemma2Config(**tokens, **gqa, head_dim=16, sliding_window=8), ids(2, 12)),
        "gemma3_text": (T.Gemma3TextModel, T.Gemma3TextConfig(**tokens, **gqa, head_dim=16, sliding_window=8),
                        ids(2, 12)),
        "olmo": (T.OlmoModel, T.OlmoConfig(**tokens, **gqa), ids(2, 12)),
        "olmo2": (T.Olmo2Model, T.Olmo2Config(**tokens, **gqa), ids(2, 12)),
        "stablelm": (T.StableLmModel, T.StableLmConfig(**tokens, **gqa), ids(2, 12)),
        "starcoder2": (T.Starcoder2Model, T.Starcoder2Config(**tokens, **gqa), ids(2, 12)),
        "granite": (T.GraniteModel, T.GraniteConfig(**tokens, **gqa), ids(2, 12)),
        "cohere": (T.CohereModel, T.CohereConfig(**tokens, **gqa), ids(2, 12)),
        "persimmon": (T.PersimmonModel, T.PersimmonConfig(**tokens, **width), ids(2, 12)),
        "mpt": (T.MptModel, T.MptConfig(vocab_size=100, d_model=64, n_heads=4, n_layers=2, expansion_ratio=2),
                ids(2, 12)),
        "mixtral": (T.MixtralModel, T.MixtralConfig(**tokens, **gqa, num_local_experts=4, num_experts_per_tok=2),
                    ids(2, 12)),
        "mamba": (T.MambaModel, T.MambaConfig(vocab_size=100, hidden_size=64, num_hidden_layers=2, state_size=8),
                  ids(2, 12)),
        "mamba2": (T.Mamba2Model, T.Mamba2Config(vocab_size=100, hidden_size=64, num_hidden_layers=2, state_size=8,
                                                 num_heads=8, head_dim=16, n_groups=1, expand=2, chunk_size=8),
                   ids(2, 12)),
        # encoder-decoders (the decoder's last hidden state; its inputs are the tokens shifted right)
        "bart": (T.BartModel, T.BartConfig(**tokens, **seq2seq), ids(2, 12)),
        "mbart": (T.MBartModel, T.MBartConfig(**tokens, **seq2seq), ids(2, 12)),
        # encoders
        "xlm_roberta": (T.XLMRobertaModel, T.XLMRobertaConfig(**tokens, **width), ids(2, 12) % 97 + 3),
        "convbert": (T.ConvBertModel, T.ConvBertConfig(**tokens, embedding_size=32, **width), ids(2, 12)),
        "funnel": (T.FunnelModel, T.FunnelConfig(vocab_size=100, block_sizes=[1, 1], d_model=64, n_head=4, d_head=16,
                                                 d_inner=128), ids(2, 12)),
        "squeezebert": (T.SqueezeBertModel, T.SqueezeBertConfig(
            **tokens, **width, embedding_size=64, q_groups=2, k_groups=2, v_groups=2, post_attention_groups=2,
            intermediate_groups=2, output_groups=2), ids(2, 12)),
        "mobilebert": (T.MobileBertModel, T.MobileBertConfig(vocab_size=100, **width, embedding_size=32,
                                                             intra_bottleneck_size=32, true_hidden_size=32),
                       ids(2, 12)),
        "roformer": (T.RoFormerModel, T.RoFormerConfig(**tokens, embedding_size=64, **width), ids(2, 12)),
        "big_bird": (T.BigBirdModel, T.BigBirdConfig(**tokens, attention_type="original_full", **width), ids(2, 12)),
        "deberta": (T.DebertaModel, T.DebertaConfig(**tokens, **width), ids(2, 12)),
        "xlnet": (T.XLNetModel, T.XLNetConfig(vocab_size=100, d_model=64, n_layer=2, n_head=4, d_inner=128),
                  ids(2, 12)),
        "ernie": (T.ErnieModel, T.ErnieConfig(**tokens, **width), ids(2, 12)),
        "fnet": (T.FNetModel, T.FNetConfig(vocab_size=100, hidden_size=64, num_hidden_layers=2, intermediate_size=128),
                 ids(2, 12)),
        # vision
        "deit": (T.DeiTModel, T.DeiTConfig(image_size=32, patch_size=8, **width), image(32)),
        "beit": (T.BeitModel, T.BeitConfig(image_size=32, patch_size=8, use_relative_position_bias=True, **width),
                 image(32)),
        "dinov2": (T.Dinov2Model, T.Dinov2Config(image_size=32, patch_size=8, **width), image(32)),
        "data2vec_vision": (T.Data2VecVisionModel, T.Data2VecVisionConfig(image_size=32, patch_size=8, **width),
                            image(32)),
        "yolos": (T.YolosModel, T.YolosConfig(image_size=[32, 32], patch_size=8, num_detection_tokens=4, **width),
                  image(32)),
        "dpt": (T.DPTModel, T.DPTConfig(image_size=32, patch_size=8, **width, out_indices=[0, 1]), image(32)),
        "levit": (T.LevitModel, T.LevitConfig(image_size=64, hidden_sizes=[32, 48, 64], num_attention_heads=[2, 2, 2],
                                              depths=[1, 1, 1], key_dim=[8, 8, 8]), image(64)),
        "swinv2": (T.Swinv2Model, T.Swinv2Config(image_size=32, patch_size=4, embed_dim=16, depths=[1, 1],
                                                 num_heads=[2, 2], window_size=4), image(32)),
        "focalnet": (T.FocalNetModel, T.FocalNetConfig(image_size=32, patch_size=4, embed_dim=16, depths=[1, 1]),
                     image(32)),
        "efficientnet": (T.EfficientNetModel, T.EfficientNetConfig(image_size=64, width_coefficient=0.25,
                                                                   depth_coefficient=0.3, hidden_dim=320,
                                                                   initializer_range=0.6), image(64)),  # (0.02: 0)
        "regnet": (T.RegNetModel, T.RegNetConfig(hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1], groups_width=8,
                                                 embedding_size=16), image(64)),
        "bit": (T.BitModel, T.BitConfig(hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1], embedding_size=16,
                                        num_groups=8), image(64)),
        "convnextv2": (T.ConvNextV2Model, T.ConvNextV2Config(hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1]),
                       image(64)),
        "poolformer": (T.PoolFormerModel, T.PoolFormerConfig(hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1]),
                       image(64)),
        "mobilenet_v1": (T.MobileNetV1Model, T.MobileNetV1Config(image_size=64, depth_multiplier=0.25), image(64)),
        "mobilenet_v2": (T.MobileNetV2Model, T.MobileNetV2Config(image_size=64, depth_multiplier=0.35), image(64)),
        "glpn": (T.GLPNModel, T.GLPNConfig(hidden_sizes=[16, 32, 64, 128], num_attention_heads=[1, 2, 4, 8],
                                           depths=[1, 1, 1, 1], decoder_hidden_size=32), image(64)),
        "pvt_v2": (T.PvtV2Model, T.PvtV2Config(hidden_sizes=[16, 32, 64, 128], num_attention_heads=[1, 2, 4, 8],
                                               depths=[1, 1, 1, 1]), image(64)),
        # audio
        "hubert": (T.HubertModel, T.HubertConfig(**width, **wave), torch.randn(1, 400)),
        "wavlm": (T.WavLMModel, T.WavLMConfig(**width, **wave), torch.randn(1, 400)),
        "data2vec_audio": (T.Data2VecAudioModel, T.Data2VecAudioConfig(**width, **wave), torch.randn(1, 400)),
        "sew": (T.SEWModel, T.SEWConfig(**width, **wave, squeeze_factor=2), torch.randn(1, 400)),
        "ast": (T.ASTModel, T.ASTConfig(**width, num_mel_bins=16, max_length=32, patch_size=8, frequency_stride=8,
                                        time_stride=8), torch.randn(1, 32, 16)),
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
        import torch_mlir  # noqa: F401 - (exports go through _torch_mlir.export)
        import transformers
    except ImportError as exc:
        raise SystemExit(f"error: needs torch, torch-mlir and transformers ({exc}): "
                         "pip install torch==2.13.0 torch-mlir==20261001 transformers")
    names, timed = arguments(torch)
    warnings.filterwarnings("ignore")
    transformers.logging.set_verbosity_error()
    torch.manual_seed(0)
    print(f"# python bench/check_hf_models.py, transformers {transformers.__version__}, torch {torch.__version__}")
    return run_checks(models(torch, transformers), names, timed, torch, width=16)


if __name__ == "__main__":
    sys.exit(main())
