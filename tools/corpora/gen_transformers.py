"""Write models/transformers/*.py: Hugging Face transformers architectures built from their
*Config classes with random weights (nothing is downloaded: no from_pretrained, no tokenizers).

Run from the repository root:

    /work/venv/bin/python tools/corpora/gen_transformers.py

Each entry of MODELS gives the script name, the config and model classes, the kind of inputs
(see INPUTS), config keyword arguments (may use the parse() values, e.g. image_size=height),
and a note for the docstring (always say where a config was shrunk and why).
Entries with skip=... go to models/transformers/skip/ with the reason on top.
The generated scripts are committed.
"""

from __future__ import annotations

import json
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from corpus_files import clear, write

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "models" / "transformers"
DOCS = "https://huggingface.co/docs/transformers/model_doc/"


@dataclass
class M:
    name: str
    config: str
    model: str
    kind: str
    about: str
    task: str = ""
    doc: str = ""
    cfg: str = ""
    note: str = ""
    inputs: str = ""  # custom: code that defines `inputs` (a dict)
    params: list[str] = field(default_factory=list)  # custom: parse() names
    imports: str = ""  # extra names imported from transformers
    pre: str = ""  # code between parse() and config (e.g. derived sizes)
    ci: bool = False
    skip: str = ""


TEXT = ["batch_size", "max_seq_length"]
IMAGE = ["batch_size", "num_channels", "height", "width"]
AUDIO = ["batch_size", "max_audio_seq_length"]

INPUTS = {
    "text": (
        TEXT,
        """
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}""",
    ),
    "text_ids": (
        TEXT,
        """
inputs = {"input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length))}""",
    ),
    "seq2seq": (
        TEXT,
        """
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}""",
    ),
    "image": (
        IMAGE,
        """
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}""",
    ),
    "audio": (
        AUDIO,
        """
inputs = {"input_values": torch.randn(batch_size, max_audio_seq_length)}""",
    ),
    "clip": (
        TEXT + ["num_channels", "height", "width"],
        """
# the text encoder's position embeddings cap the number of tokens (77 for CLIP)
max_seq_length = min(max_seq_length, config.text_config.max_position_embeddings)
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
}""",
    ),
}

TASK = {
    "text": "nlp",
    "text_ids": "nlp",
    "seq2seq": "nlp",
    "image": "computer_vision",
    "audio": "audio",
    "clip": "multimodal",
}

# Inputs and configs that several entries share.
IMAGE_PAIR = """
inputs = {"pixel_values": torch.rand(batch_size, 2, num_channels, height, width)}  # the two images of each pair"""
SEMANTIC_CODEC = """
inputs = {
    "input_values": torch.randn(batch_size, 1, 16000),  # 1 s at 16 kHz
    "input_features": torch.randn(batch_size, 50, 160),  # its semantic features: 50 frames a second, 80 mel bins stacked in pairs
}"""
# BLIP-2's 3.7B default (ViT-g, OPT-2.7B) shrunk, its vocabulary grown by a query token after OPT's 50,272
# A transducer (RNN-T, TDT) on 10 s of log-mel features: every encoder frame, one decoder step.
TRANSDUCER = """
inputs = {
    "input_features": torch.randn(batch_size, frames, config.encoder_config.num_mel_bins),
    "attention_mask": torch.ones(batch_size, frames, dtype=torch.long),
    "decoder_input_ids": torch.full((batch_size, 1), config.blank_token_id),  # the prediction network's first step
}"""
BLIP_SHRUNK = 'vision_config={"num_hidden_layers": 8}, text_config={"num_hidden_layers": 2, "vocab_size": 50304}'

# GLM-4.1V's rotary embedding as its released checkpoints set it: the default config leaves out
# partial_rotary_factor (0.5), so its 3D sections (8 + 12 + 12) do not fit the rotary dimensions
GLM_ROPE = '{"rope_type": "default", "rope_theta": 10000.0, "partial_rotary_factor": 0.5, "mrope_section": [8, 12, 12]}'
GLM_SHRUNK = 'text_config={"num_hidden_layers": 1, "rope_parameters": ' + GLM_ROPE + '}, vision_config={"depth": 2}'
GLM_NOTE = (
    "The default config has 9.7B parameters, over the corpora's CPU budget; this script keeps the widths and"
    " uses 1 of the {text} text layers and 2 of the 24 vision layers. Its rotary embedding is set as in the released"
    " checkpoints: the default config leaves out the partial rotary factor (0.5), and its 3D rotary sections do not"
    " fit without it."
)
# Qwen2-VL-style processors' patch grid for a height x width image (with `vision`, the vision config):
# its rows and columns of patches, and one image token per spatial_merge_size**2 of them
PATCH_GRID = """unit = vision.patch_size * vision.spatial_merge_size  # 28 pixels a side make one image token
rows, cols = height // unit * vision.spatial_merge_size, width // unit * vision.spatial_merge_size  # in patches
image_tokens = rows * cols // vision.spatial_merge_size**2
"""
# SAM 3's image encoder shrunk to 8 of its 32 layers (the last one global, as every eighth is)
SAM3_SHRUNK = 'vision_config={"backbone_config": {"model_type": "sam3_vit_model", "num_hidden_layers": 8, "global_attn_indexes": [7]}}'
# SAM 3's inputs: an image at the encoder's size, and a text prompt padded to the text encoder's positions
SAM3_PROMPT = """
size = config.vision_config.backbone_config.image_size
tokens = config.text_config.max_position_embeddings  # the text prompt, padded to the text encoder's positions
inputs = {
    "pixel_values": torch.rand(batch_size, 3, size, size),
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, tokens)),
    "attention_mask": torch.ones(batch_size, tokens, dtype=torch.long),
}"""
# A GLM-4V image and its text: the processor's layout (14 x 14 patches, each flattened over its two
# frames; one image token per 2 x 2 patches) with random values
GLM_IMAGE_TEXT = (
    "\nvision = config.vision_config\n"
    + PATCH_GRID
    + """text = torch.randint(150000, (batch_size, max_seq_length))  # ordinary tokens, below the special ones
input_ids = torch.cat([torch.full((batch_size, image_tokens), config.image_token_id), text], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "mm_token_type_ids": (input_ids == config.image_token_id).long(),  # 1 marks the image's tokens
    "pixel_values": torch.rand(batch_size * rows * cols, vision.in_channels * vision.temporal_patch_size * vision.patch_size**2),
    "image_grid_thw": torch.tensor([[1, rows, cols]] * batch_size),
    "use_cache": False,
}"""
)

SHRUNK = "The default config is {what}; this script keeps its sizes but uses {how} so it runs on a CPU."

# fmt: off
MODELS: list[M] = [
    # ---------------------------------------------------------------- text encoders
    M("albert", "AlbertConfig", "AlbertModel", "text", "ALBERT (xxlarge-sized default config)", ci=False),
    M("bert", "BertConfig", "BertModel", "text", "BERT base encoder", ci=True),
    M("big_bird", "BigBirdConfig", "BigBirdModel", "text", "BigBird encoder with full attention (block-sparse attention needs sequences longer than 704 tokens)",
      cfg='attention_type="original_full"'),
    M("camembert", "CamembertConfig", "CamembertModel", "text", "CamemBERT (RoBERTa for French)"),
    M("canine", "CanineConfig", "CanineModel", "custom", "CANINE character-level encoder; input ids are Unicode code points",
      params=TEXT, inputs="""
inputs = {
    "input_ids": torch.randint(0x80, 0x3000, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}"""),
    M("convbert", "ConvBertConfig", "ConvBertModel", "text", "ConvBERT encoder (span-based dynamic convolution)"),
    M("data2vec_text", "Data2VecTextConfig", "Data2VecTextModel", "text", "data2vec text encoder", doc="data2vec"),
    M("deberta", "DebertaConfig", "DebertaModel", "text", "DeBERTa base encoder"),
    M("deberta_v2", "DebertaV2Config", "DebertaV2Model", "text", "DeBERTa-v2 (xlarge-sized default config)", doc="deberta-v2"),
    M("distilbert", "DistilBertConfig", "DistilBertModel", "text", "DistilBERT encoder", ci=True),
    M("electra", "ElectraConfig", "ElectraModel", "text", "ELECTRA small discriminator (the default config)", ci=True),
    M("ernie", "ErnieConfig", "ErnieModel", "text", "ERNIE 3.0 base encoder"),
    M("esm", "EsmConfig", "EsmModel", "custom", "ESM protein language model (ESM-2 650M-sized hidden size, 6 layers)",
      cfg="vocab_size=33, hidden_size=1280, num_hidden_layers=6, num_attention_heads=20, intermediate_size=5120, pad_token_id=1, position_embedding_type=\"rotary\"",
      note="EsmConfig() has no usable defaults (vocab_size is unset); this uses the ESM-2 650M sizes with 6 of its 33 layers.",
      params=TEXT, inputs="""
inputs = {
    "input_ids": torch.randint(4, 24, (batch_size, max_seq_length)),  # the 20 amino-acid tokens
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}"""),
    M("flaubert", "FlaubertConfig", "FlaubertModel", "text", "FlauBERT (XLM for French)"),
    M("fnet", "FNetConfig", "FNetModel", "text_ids", "FNet: token mixing with Fourier transforms (no attention mask)"),
    M("funnel", "FunnelConfig", "FunnelModel", "text", "Funnel Transformer encoder-decoder (base)"),
    M("ibert", "IBertConfig", "IBertModel", "text", "I-BERT (integer-only RoBERTa; quant_mode off by default)"),
    M("layoutlm", "LayoutLMConfig", "LayoutLMModel", "custom", "LayoutLM document encoder (text + 2-D token boxes)",
      params=TEXT, inputs="""
x0 = torch.randint(0, 500, (batch_size, max_seq_length))
y0 = torch.randint(0, 500, (batch_size, max_seq_length))
bbox = torch.stack([x0, y0, x0 + 100, y0 + 50], dim=-1)  # (x0, y0, x1, y1) in 0..1000
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "bbox": bbox,
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}"""),
    M("longformer", "LongformerConfig", "LongformerModel", "text", "Longformer encoder (sliding-window attention; inputs are padded to the 512-token window)"),
    M("luke", "LukeConfig", "LukeModel", "text", "LUKE entity-aware encoder, called with word tokens only"),
    M("megatron_bert", "MegatronBertConfig", "MegatronBertModel", "text", "Megatron-BERT (345M-sized default config)", doc="megatron-bert"),
    M("mobilebert", "MobileBertConfig", "MobileBertModel", "text", "MobileBERT encoder", ci=True),
    M("modernbert", "ModernBertConfig", "ModernBertModel", "text", "ModernBERT base encoder"),
    M("mpnet", "MPNetConfig", "MPNetModel", "text", "MPNet encoder"),
    M("nystromformer", "NystromformerConfig", "NystromformerModel", "text", "Nystromformer encoder (Nystrom-approximated self-attention)"),
    M("rembert", "RemBertConfig", "RemBertModel", "text", "RemBERT encoder (decoupled embeddings)"),
    M("roberta", "RobertaConfig", "RobertaModel", "text", "RoBERTa base encoder"),
    M("roberta_prelayernorm", "RobertaPreLayerNormConfig", "RobertaPreLayerNormModel", "text", "RoBERTa with pre-layer-norm", doc="roberta-prelayernorm"),
    M("roc_bert", "RoCBertConfig", "RoCBertModel", "custom", "RoCBert (robust Chinese BERT with shape and pronunciation ids)",
      params=TEXT, inputs="""
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "input_shape_ids": torch.randint(config.shape_vocab_size, (batch_size, max_seq_length)),
    "input_pronunciation_ids": torch.randint(config.pronunciation_vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}"""),
    M("roformer", "RoFormerConfig", "RoFormerModel", "text", "RoFormer encoder (rotary position embeddings)"),
    M("squeezebert", "SqueezeBertConfig", "SqueezeBertModel", "text", "SqueezeBERT encoder (grouped convolutions)"),
    M("tapas", "TapasConfig", "TapasModel", "custom", "TAPAS table encoder (7 token-type ids per token: segment, column, row, ranks)",
      params=TEXT, inputs="""
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "token_type_ids": torch.zeros(batch_size, max_seq_length, len(config.type_vocab_sizes), dtype=torch.long),
}"""),
    M("xlm", "XLMConfig", "XLMModel", "text", "XLM cross-lingual encoder"),
    M("xlm_roberta", "XLMRobertaConfig", "XLMRobertaModel", "text", "XLM-RoBERTa base encoder", doc="xlm-roberta"),
    M("xlm_roberta_xl", "XLMRobertaXLConfig", "XLMRobertaXLModel", "text", "XLM-RoBERTa-XL encoder", doc="xlm-roberta-xl",
      cfg="num_hidden_layers=4", note=SHRUNK.format(what="XLM-R XL (36 layers of 2560, 3.5B parameters)", how="4 of its 36 layers")),
    M("xlnet", "XLNetConfig", "XLNetModel", "text", "XLNet (large-sized default config)"),
    M("xmod", "XmodConfig", "XmodModel", "custom", "X-MOD multilingual encoder with per-language adapters (English adapter)",
      params=TEXT, inputs="""
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "lang_ids": torch.zeros(batch_size, dtype=torch.long),
}"""),
    M("nomic_bert", "NomicBertConfig", "NomicBertModel", "text", "Nomic BERT embedding encoder (rotary, SwiGLU)"),
    M("eurobert", "EuroBertConfig", "EuroBertModel", "text", "EuroBERT multilingual encoder (Llama-style)",
      cfg="num_hidden_layers=4", note=SHRUNK.format(what="EuroBERT 210m-sized", how="4 layers")),
    M("bert_generation", "BertGenerationConfig", "BertGenerationEncoder", "text", "BertGeneration encoder (large-sized default config)", doc="bert-generation"),
    # ---------------------------------------------------------------- text decoders
    M("gpt2", "GPT2Config", "GPT2Model", "text", "GPT-2 (124M) decoder", ci=True),
    M("openai_gpt", "OpenAIGPTConfig", "OpenAIGPTModel", "text", "OpenAI GPT (GPT-1) decoder", doc="openai-gpt"),
    M("gpt_neo", "GPTNeoConfig", "GPTNeoModel", "text", "GPT-Neo (1.3B-sized default config, local + global attention)"),
    M("gpt_neox", "GPTNeoXConfig", "GPTNeoXModel", "text", "GPT-NeoX decoder", cfg="num_hidden_layers=2",
      note=SHRUNK.format(what="GPT-NeoX-20B (44 layers of 6144)", how="2 of its 44 layers")),
    M("gptj", "GPTJConfig", "GPTJModel", "text", "GPT-J decoder", cfg="n_layer=4",
      note=SHRUNK.format(what="GPT-J-6B (28 layers of 4096)", how="4 of its 28 layers")),
    M("gpt_bigcode", "GPTBigCodeConfig", "GPTBigCodeModel", "text", "GPTBigCode (SantaCoder/StarCoder family) decoder with multi-query attention"),
    M("codegen", "CodeGenConfig", "CodeGenModel", "text", "CodeGen decoder", cfg="n_layer=4",
      note=SHRUNK.format(what="CodeGen-6B (28 layers of 4096)", how="4 of its 28 layers")),
    M("ctrl", "CTRLConfig", "CTRLModel", "text", "CTRL conditional-transformer decoder", cfg="n_layer=6",
      note=SHRUNK.format(what="CTRL 1.6B (48 layers of 1280)", how="6 of its 48 layers")),
    M("bloom", "BloomConfig", "BloomModel", "text", "BLOOM decoder (ALiBi positions)", cfg="hidden_size=1024, n_layer=24, n_head=16",
      note="BloomConfig() is a 64-wide toy; this uses the bloom-560m sizes (1024 wide, 24 layers, 16 heads)."),
    M("opt", "OPTConfig", "OPTModel", "text", "OPT-125M decoder", ci=True),
    M("biogpt", "BioGptConfig", "BioGptModel", "text", "BioGPT decoder"),
    M("xglm", "XGLMConfig", "XGLMModel", "text", "XGLM-564M multilingual decoder"),
    M("mpt", "MptConfig", "MptModel", "text", "MPT decoder (ALiBi)", cfg="n_layers=4",
      note=SHRUNK.format(what="MPT-7B (32 layers of 4096)", how="4 of its 32 layers")),
    M("falcon_mamba", "FalconMambaConfig", "FalconMambaModel", "text_ids", "Falcon-Mamba state-space decoder (reference PyTorch scan, no CUDA kernels)",
      cfg="num_hidden_layers=4", note=SHRUNK.format(what="Falcon-Mamba-7B (64 layers of 4096)", how="4 of its 64 layers")),
    M("mamba", "MambaConfig", "MambaModel", "text_ids", "Mamba state-space decoder (130M-sized default config; reference PyTorch scan)"),
    M("mamba2", "Mamba2Config", "Mamba2Model", "text_ids", "Mamba-2 state-space decoder (reference PyTorch scan)",
      cfg="num_hidden_layers=4", note=SHRUNK.format(what="Mamba2-2.7B-sized (64 layers of 2560)", how="4 of its 64 layers")),
    M("rwkv", "RwkvConfig", "RwkvModel", "text_ids", "RWKV-4 recurrent decoder (RWKV-4-169M-pile sizes: 12 layers of 768)",
      cfg="hidden_size=768, num_hidden_layers=12, attention_hidden_size=768, intermediate_size=3072",
      note="RwkvConfig() is RWKV-4 7B-sized (32 layers of 4096); its weight init orthogonalises the 50277 x 4096 "
           "embedding, which takes minutes on a CPU, so this script uses the RWKV-4-169M-pile sizes."),
    M("reformer", "ReformerConfig", "ReformerModel", "text", "Reformer (LSH + local attention, reversible layers)",
      cfg="axial_pos_embds=False", note="Axial position embeddings are switched off so any sequence length that is a multiple of the 64-token chunks works."),
    M("persimmon", "PersimmonConfig", "PersimmonModel", "text", "Persimmon decoder", cfg="num_hidden_layers=2",
      note=SHRUNK.format(what="Persimmon-8B (36 layers of 4096)", how="2 of its 36 layers")),
    M("recurrent_gemma", "RecurrentGemmaConfig", "RecurrentGemmaModel", "text", "RecurrentGemma (Griffin: recurrent + local attention blocks)",
      cfg="num_hidden_layers=3", note=SHRUNK.format(what="RecurrentGemma-2B (26 layers)", how="3 layers (one recurrent-recurrent-attention period)")),
    M("jamba", "JambaConfig", "JambaModel", "text", "Jamba hybrid Mamba + attention MoE decoder",
      cfg="num_hidden_layers=2, attn_layer_period=2, attn_layer_offset=1, expert_layer_period=2, expert_layer_offset=1, num_experts=4",
      note="The default config is Jamba-v0.1 (32 layers of 4096, 16 experts of 14336, 52B parameters); this script keeps the "
      "width but uses 2 layers (a Mamba layer and an attention layer with a mixture-of-experts MLP) and 4 of the 16 experts "
      "(still routing 2 per token) so it runs on a CPU."),
    M("qwen2_moe", "Qwen2MoeConfig", "Qwen2MoeModel", "text", "Qwen2-MoE decoder (shared + routed experts)", doc="qwen2_moe", cfg="num_hidden_layers=1",
      note=SHRUNK.format(what="Qwen1.5-MoE-A2.7B-sized (24 layers, 60 experts)", how="1 of its 24 layers")),
    M("olmoe", "OlmoeConfig", "OlmoeModel", "text", "OLMoE mixture-of-experts decoder", cfg="num_hidden_layers=1",
      note=SHRUNK.format(what="OLMoE-1B-7B-sized (16 layers, 64 experts)", how="1 of its 16 layers")),
    M("dbrx", "DbrxConfig", "DbrxModel", "text", "DBRX mixture-of-experts decoder (scaled-down default config: d_model 2048, 4 experts)",
      cfg='n_layers=2, attn_config={"kv_n_heads": 8, "clip_qkv": 8, "rope_theta": 500000.0}',
      note="DbrxConfig() describes a scaled-down DBRX (d_model 2048, 24 layers, 4 experts; the real model is 132B); this script "
      "uses 2 of its 24 layers. rope_theta is given in attn_config because this transformers version reads it there."),
    M("starcoder2", "Starcoder2Config", "Starcoder2Model", "text", "StarCoder2 decoder", cfg="num_hidden_layers=2",
      note=SHRUNK.format(what="StarCoder2-7B (32 layers of 4608)", how="2 of its 32 layers")),
    M("granite", "GraniteConfig", "GraniteModel", "text", "IBM Granite decoder", cfg="num_hidden_layers=2",
      note=SHRUNK.format(what="Granite 7B-sized (32 layers of 4096)", how="2 of its 32 layers")),
    M("ministral", "MinistralConfig", "MinistralModel", "text", "Ministral decoder (sliding-window attention)",
      cfg="num_hidden_layers=2, head_dim=128",
      note=SHRUNK.format(what="Ministral-8B-sized (32 layers of 4096)", how="2 of its 32 layers")
      + " MinistralConfig() leaves head_dim unset (None), which the attention cannot use; it is set to"
      " hidden_size / num_attention_heads = 128, as in the released checkpoints."),
    M("zamba", "ZambaConfig", "ZambaModel", "text", "Zamba hybrid decoder (Mamba layers and one shared attention block; reference PyTorch scan)",
      cfg='num_hidden_layers=2, layer_types=["hybrid", "hybrid"]',
      note=SHRUNK.format(what="Zamba-7B (76 layers of 3712)", how="2 of its 76 layers, both hybrid ones (a Mamba layer"
      " after the shared attention block, whose tied weights need two of them)")),
    M("zamba2", "Zamba2Config", "Zamba2Model", "text", "Zamba2 hybrid decoder (Mamba-2 layers and a shared attention block; reference PyTorch scan)",
      cfg='num_hidden_layers=7, layer_types=["linear_attention"] * 6 + ["hybrid"]',
      note=SHRUNK.format(what="Zamba2-2.7B (54 layers of 2560)", how="its first 7 layers (six Mamba-2 layers and a hybrid one)")),
    M("qwen3_next", "Qwen3NextConfig", "Qwen3NextModel", "text", "Qwen3-Next decoder (Gated DeltaNet and gated-attention layers, shared + routed experts)",
      cfg="num_hidden_layers=4, num_experts=16",
      note=SHRUNK.format(what="Qwen3-Next-80B-A3B (48 layers of 2048, 512 experts)", how="4 of its 48 layers (three"
      " Gated DeltaNet layers and an attention layer) and 16 of its 512 experts, still routing 10 per token")),
    M("olmo_hybrid", "OlmoHybridConfig", "OlmoHybridModel", "text", "OLMo Hybrid decoder (Gated DeltaNet and attention layers, reference PyTorch kernels)",
      cfg="num_hidden_layers=4",
      note=SHRUNK.format(what="OLMo Hybrid 7B (32 layers of 3840)", how="4 of its 32 layers (three Gated DeltaNet layers and an attention layer)")),
    M("lfm2_moe", "Lfm2MoeConfig", "Lfm2MoeModel", "text", "LFM2-MoE decoder (short convolutions and attention, mixture-of-experts MLPs)",
      cfg='num_hidden_layers=3, layer_types=["conv", "conv", "full_attention"]',
      note="Lfm2MoeConfig() leaves layer_types unset (None), which the model cannot build; this script sets 3 layers at the"
      " default widths: two short-convolution layers (with the dense MLPs the first two layers have) and one attention"
      " layer with the mixture of 32 experts. The mix of layer types is this script's, not a released checkpoint's."),
    M("dots1", "Dots1Config", "Dots1Model", "text", "dots.llm1 mixture-of-experts decoder (shared + routed experts)",
      cfg="num_hidden_layers=1, n_routed_experts=8, n_shared_experts=2, num_experts_per_tok=6",
      note="Dots1Config() leaves the expert counts unset (None), which the model cannot build; this script uses one"
      " mixture-of-experts layer of dots.llm1 (62 layers of 4608, 128 routed experts of which 6 a token, 2 shared) with"
      " 8 of its 128 routed experts so it runs on a CPU."),
    # ---------------------------------------------------------------- encoder-decoders
    M("t5", "T5Config", "T5Model", "seq2seq", "T5 encoder-decoder (t5-small default config)", ci=True),
    M("mt5", "MT5Config", "MT5Model", "seq2seq", "mT5 multilingual encoder-decoder (mt5-small default config)"),
    M("umt5", "UMT5Config", "UMT5Model", "seq2seq", "UMT5 encoder-decoder (umt5-small default config)"),
    M("longt5", "LongT5Config", "LongT5Model", "seq2seq", "LongT5 encoder-decoder (transient-global attention encoder)"),
    M("bart", "BartConfig", "BartModel", "seq2seq", "BART (large-sized default config)"),
    M("mbart", "MBartConfig", "MBartModel", "seq2seq", "mBART multilingual encoder-decoder"),
    M("marian", "MarianConfig", "MarianModel", "seq2seq", "MarianMT translation encoder-decoder"),
    M("pegasus", "PegasusConfig", "PegasusModel", "seq2seq", "PEGASUS summarization encoder-decoder"),
    M("pegasus_x", "PegasusXConfig", "PegasusXModel", "seq2seq", "PEGASUS-X (block-local + global attention encoder)"),
    M("blenderbot", "BlenderbotConfig", "BlenderbotModel", "seq2seq", "Blenderbot encoder-decoder", cfg="decoder_layers=4",
      note=SHRUNK.format(what="Blenderbot-3B (2 encoder + 24 decoder layers of 2560)", how="4 of its 24 decoder layers")),
    M("blenderbot_small", "BlenderbotSmallConfig", "BlenderbotSmallModel", "seq2seq", "Blenderbot-90M encoder-decoder", doc="blenderbot-small"),
    M("m2m_100", "M2M100Config", "M2M100Model", "seq2seq", "M2M-100 many-to-many translation encoder-decoder", doc="m2m_100"),
    M("fsmt", "FSMTConfig", "FSMTModel", "custom", "FSMT (FairSeq machine translation, WMT19) encoder-decoder",
      cfg="langs=[\"en\", \"de\"], src_vocab_size=42024, tgt_vocab_size=42024",
      note="FSMTConfig needs the language pair and vocabulary sizes; these are the facebook/wmt19-en-de ones.",
      params=TEXT, inputs="""
inputs = {
    "input_ids": torch.randint(config.src_vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.tgt_vocab_size, (batch_size, max_seq_length)),
}"""),
    M("led", "LEDConfig", "LEDModel", "seq2seq", "Longformer Encoder-Decoder (LED)"),
    M("plbart", "PLBartConfig", "PLBartModel", "seq2seq", "PLBART code encoder-decoder"),
    M("prophetnet", "ProphetNetConfig", "ProphetNetModel", "seq2seq", "ProphetNet encoder-decoder with n-gram (n=2) prediction streams"),
    M("bigbird_pegasus", "BigBirdPegasusConfig", "BigBirdPegasusModel", "seq2seq", "BigBird-Pegasus encoder-decoder (full attention for short inputs)",
      cfg='attention_type="original_full"'),
    M("switch_transformers", "SwitchTransformersConfig", "SwitchTransformersModel", "seq2seq", "Switch Transformer (switch-base-8: T5 with 8 top-1 experts)"),
    M("mvp", "MvpConfig", "MvpModel", "seq2seq", "MVP multi-task supervised pre-training encoder-decoder"),
    M("nllb_moe", "NllbMoeConfig", "NllbMoeModel", "seq2seq", "NLLB-MoE translation encoder-decoder",
      cfg="encoder_layers=2, decoder_layers=2, num_experts=8",
      note=SHRUNK.format(what="NLLB-200-MoE 54B (24+24 layers of 2048, 128 experts)", how="2+2 layers and 8 experts")),
    M("t5gemma", "T5GemmaConfig", "T5GemmaModel", "seq2seq", "T5Gemma encoder-decoder (Gemma 2 blocks)",
      cfg="encoder={\"num_hidden_layers\": 2}, decoder={\"num_hidden_layers\": 2}",
      note=SHRUNK.format(what="T5Gemma 2B-2B", how="2 encoder and 2 decoder layers")),
    # ---------------------------------------------------------------- vision
    M("vit", "ViTConfig", "ViTModel", "image", "ViT-Base/16", cfg="image_size=height, num_channels=num_channels", ci=True,
      note="Built with image_size=height (square images)."),
    M("deit", "DeiTConfig", "DeiTModel", "image", "DeiT-Base (distillation token)", cfg="image_size=height, num_channels=num_channels",
      note="Built with image_size=height (square images)."),
    M("beit", "BeitConfig", "BeitModel", "image", "BEiT-Base", cfg="image_size=height, num_channels=num_channels",
      note="Built with image_size=height (square images)."),
    M("data2vec_vision", "Data2VecVisionConfig", "Data2VecVisionModel", "image", "data2vec vision encoder (BEiT architecture)", doc="data2vec",
      cfg="image_size=height, num_channels=num_channels", note="Built with image_size=height (square images)."),
    M("dinov2", "Dinov2Config", "Dinov2Model", "image", "DINOv2 ViT (position embeddings interpolated to the input size)",
      cfg="num_channels=num_channels"),
    M("vit_mae", "ViTMAEConfig", "ViTMAEModel", "image", "ViT-MAE encoder (masks 75% of patches at random)",
      cfg="image_size=height, num_channels=num_channels", note="Built with image_size=height (square images)."),
    M("vit_msn", "ViTMSNConfig", "ViTMSNModel", "image", "ViT-MSN encoder", cfg="image_size=height, num_channels=num_channels",
      note="Built with image_size=height (square images)."),
    M("ijepa", "IJepaConfig", "IJepaModel", "image", "I-JEPA ViT encoder", cfg="image_size=height, num_channels=num_channels",
      note="Built with image_size=height (square images)."),
    M("swin", "SwinConfig", "SwinModel", "image", "Swin Transformer (tiny)", cfg="num_channels=num_channels"),
    M("swinv2", "Swinv2Config", "Swinv2Model", "image", "Swin Transformer V2 (tiny)", cfg="num_channels=num_channels"),
    M("convnext", "ConvNextConfig", "ConvNextModel", "image", "ConvNeXt (tiny)", cfg="num_channels=num_channels"),
    M("convnextv2", "ConvNextV2Config", "ConvNextV2Model", "image", "ConvNeXt V2 (tiny)", cfg="num_channels=num_channels"),
    M("resnet", "ResNetConfig", "ResNetModel", "image", "ResNet-50", cfg="num_channels=num_channels", ci=True),
    M("regnet", "RegNetConfig", "RegNetModel", "image", "RegNet (Y-040-sized default config)", cfg="num_channels=num_channels"),
    M("bit", "BitConfig", "BitModel", "image", "BiT (Big Transfer) ResNetV2 with weight-standardized convs", cfg="num_channels=num_channels"),
    M("efficientnet", "EfficientNetConfig", "EfficientNetModel", "image", "EfficientNet-B7 (the default config)", cfg="num_channels=num_channels"),
    M("mobilenet_v1", "MobileNetV1Config", "MobileNetV1Model", "image", "MobileNetV1", cfg="num_channels=num_channels", ci=True),
    M("mobilenet_v2", "MobileNetV2Config", "MobileNetV2Model", "image", "MobileNetV2", cfg="num_channels=num_channels"),
    M("mobilevit", "MobileViTConfig", "MobileViTModel", "image", "MobileViT-S", cfg="num_channels=num_channels"),
    M("mobilevitv2", "MobileViTV2Config", "MobileViTV2Model", "image", "MobileViTV2", cfg="num_channels=num_channels"),
    M("levit", "LevitConfig", "LevitModel", "image", "LeViT-128S", cfg="image_size=height, num_channels=num_channels"),
    M("poolformer", "PoolFormerConfig", "PoolFormerModel", "image", "PoolFormer (MetaFormer with pooling token mixer)", cfg="num_channels=num_channels"),
    M("pvt", "PvtConfig", "PvtModel", "image", "Pyramid Vision Transformer", cfg="image_size=height, num_channels=num_channels"),
    M("pvt_v2", "PvtV2Config", "PvtV2Model", "image", "Pyramid Vision Transformer v2 (b0)", cfg="num_channels=num_channels"),
    M("segformer", "SegformerConfig", "SegformerForSemanticSegmentation", "image", "SegFormer-B0 semantic segmentation (MiT encoder + all-MLP decoder)",
      cfg="num_channels=num_channels"),
    M("cvt", "CvtConfig", "CvtModel", "image", "CvT (convolutional vision transformer, 13)", cfg="num_channels=num_channels"),
    M("focalnet", "FocalNetConfig", "FocalNetModel", "image", "FocalNet (tiny, focal modulation)", cfg="num_channels=num_channels"),
    M("glpn", "GLPNConfig", "GLPNForDepthEstimation", "image", "GLPN monocular depth estimation", cfg="num_channels=num_channels"),
    M("dpt", "DPTConfig", "DPTForDepthEstimation", "image", "DPT (ViT-Large) monocular depth estimation",
      cfg="image_size=height, num_channels=num_channels"),
    M("hiera", "HieraConfig", "HieraModel", "image", "Hiera hierarchical ViT", cfg="num_channels=num_channels"),
    M("yolos", "YolosConfig", "YolosForObjectDetection", "image", "YOLOS (ViT) object detector", cfg="num_channels=num_channels",
      note="The default config expects 512 x 864 images; position embeddings are interpolated to the input size."),
    M("detr", "DetrConfig", "DetrForObjectDetection", "image", "DETR object detector with a ResNet-50 backbone",
      imports="ResNetConfig",
      cfg='backbone_config=ResNetConfig(num_channels=num_channels, out_features=["stage4"])',
      note="DetrConfig() defaults to a timm ResNet-50 backbone; this uses the transformers ResNet-50 (ResNetConfig) so timm is not needed."),
    M("conditional_detr", "ConditionalDetrConfig", "ConditionalDetrForObjectDetection", "image", "Conditional DETR object detector (ResNet-50 backbone)",
      imports="ResNetConfig", cfg='backbone_config=ResNetConfig(num_channels=num_channels, out_features=["stage4"])',
      note="Uses the transformers ResNet-50 (ResNetConfig) instead of the default timm backbone."),
    M("table_transformer", "TableTransformerConfig", "TableTransformerForObjectDetection", "image", "Table Transformer (DETR for table detection, ResNet-18-sized default backbone replaced by ResNet-50)",
      doc="table-transformer", imports="ResNetConfig", cfg='backbone_config=ResNetConfig(num_channels=num_channels, out_features=["stage4"])',
      note="Uses the transformers ResNet-50 (ResNetConfig) instead of the default timm backbone."),
    M("deformable_detr", "DeformableDetrConfig", "DeformableDetrForObjectDetection", "image", "Deformable DETR object detector (ResNet-50 backbone; PyTorch multi-scale deformable attention)",
      imports="ResNetConfig", cfg='backbone_config=ResNetConfig(num_channels=num_channels, out_features=["stage2", "stage3", "stage4"])',
      note="Uses the transformers ResNet-50 (ResNetConfig) instead of the default timm backbone."),
    M("rt_detr", "RTDetrConfig", "RTDetrForObjectDetection", "image", "RT-DETR real-time detector (ResNet-50-vd backbone)"),
    M("upernet", "UperNetConfig", "UperNetForSemanticSegmentation", "image", "UperNet semantic segmentation (ResNet-50 backbone)"),
    M("mask2former", "Mask2FormerConfig", "Mask2FormerForUniversalSegmentation", "image", "Mask2Former universal segmentation (Swin-T backbone)", skip="MaskFormer models build their loss (a Hungarian matcher) at construction, which needs scipy; scipy is not a dependency of benchit's corpora."),
    M("maskformer", "MaskFormerConfig", "MaskFormerForInstanceSegmentation", "image", "MaskFormer segmentation (Swin-B backbone)", skip="MaskFormer models build their loss (a Hungarian matcher) at construction, which needs scipy; scipy is not a dependency of benchit's corpora."),
    M("swin2sr", "Swin2SRConfig", "Swin2SRForImageSuperResolution", "custom", "Swin2SR image super-resolution (x2)",
      params=IMAGE, pre="height, width = height // 4, width // 4  # super-resolution inputs are low-resolution crops",
      cfg="num_channels=num_channels",
      note="Runs on a height/4 x width/4 crop (56 x 56 by default): the x2 upscaler keeps full resolution in every block.",
      inputs="""
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}""", task="computer_vision"),
    M("vitdet", "VitDetConfig", "VitDetModel", "image", "ViTDet plain ViT backbone for detection", cfg="image_size=height, num_channels=num_channels"),
    M("textnet", "TextNetConfig", "TextNetModel", "image", "TextNet backbone (FAST text detection)", cfg="num_channels=num_channels"),
    M("hgnet_v2", "HGNetV2Config", "HGNetV2Backbone", "image", "HGNet-V2 backbone", cfg="num_channels=num_channels"),
    M("superpoint", "SuperPointConfig", "SuperPointForKeypointDetection", "custom", "SuperPoint keypoint detector and descriptor (grayscale input)",
      params=["batch_size", "height", "width"], inputs="""
inputs = {"pixel_values": torch.rand(batch_size, 1, height, width)}""",
      note="SuperPoint works on grayscale images; the model takes 3-channel tensors and uses the first channel, so it is given one channel repeated.", task="computer_vision"),
    M("imagegpt", "ImageGPTConfig", "ImageGPTModel", "custom", "ImageGPT (small) over 32 x 32 images of colour-cluster ids",
      params=["batch_size"], inputs="""
inputs = {"input_ids": torch.randint(config.vocab_size - 1, (batch_size, 32 * 32))}""", task="computer_vision"),
    M("timesformer", "TimesformerConfig", "TimesformerModel", "custom", "TimeSformer video transformer (divided space-time attention), 8 frames",
      params=IMAGE, cfg="image_size=height, num_channels=num_channels", inputs="""
inputs = {"pixel_values": torch.rand(batch_size, config.num_frames, num_channels, height, width)}""", task="video"),
    M("videomae", "VideoMAEConfig", "VideoMAEModel", "custom", "VideoMAE video encoder, 16 frames", cfg="image_size=height, num_channels=num_channels",
      params=IMAGE, inputs="""
inputs = {"pixel_values": torch.rand(batch_size, config.num_frames, num_channels, height, width)}""", task="video"),
    M("vivit", "VivitConfig", "VivitModel", "custom", "ViViT video vision transformer, 32 frames", cfg="image_size=height, num_channels=num_channels",
      params=IMAGE, inputs="""
inputs = {"pixel_values": torch.rand(batch_size, config.num_frames, num_channels, height, width)}""", task="video"),
    M("sam", "SamConfig", "SamModel", "custom", "Segment Anything (ViT-B image encoder at 1024 x 1024, one point prompt per image)",
      params=["batch_size"], inputs="""
inputs = {
    "pixel_values": torch.rand(batch_size, 3, 1024, 1024),
    "input_points": torch.randint(0, 1024, (batch_size, 1, 1, 2)).float(),  # (batch, prompts, points, xy)
}""", note="SAM's image encoder is built for 1024 x 1024 inputs, so height and width are not used.", task="computer_vision"),
    M("sam2", "Sam2Config", "Sam2Model", "custom", "Segment Anything 2 (Hiera image encoder at 1024 x 1024, one point prompt per image)",
      params=["batch_size"], inputs="""
inputs = {
    "pixel_values": torch.rand(batch_size, 3, 1024, 1024),
    "input_points": torch.randint(0, 1024, (batch_size, 1, 1, 2)).float(),  # (batch, prompts, points, xy)
    "input_labels": torch.ones(batch_size, 1, 1, dtype=torch.long),  # a foreground point
}""", note="SAM 2's image encoder is built for 1024 x 1024 inputs, so height and width are not used.", task="computer_vision"),
    M("sam3", "Sam3Config", "Sam3Model", "custom",
      "SAM 3 promptable concept segmentation (ViT image encoder at 1008 x 1008, CLIP text prompt, DETR-style detector and mask head)",
      params=["batch_size"], cfg=SAM3_SHRUNK,
      inputs=SAM3_PROMPT, task="computer_vision",
      note=SHRUNK.format(what="SAM 3 (a 32-layer ViT of 1024 at 1008 x 1008, global attention every 8th layer)",
      how="8 of the image encoder's 32 layers (the last of them global)") + " Height and width are not used."),
    M("sam3_lite_text", "Sam3LiteTextConfig", "Sam3LiteTextModel", "custom",
      "SAM 3 with a lightweight text encoder (ViT image encoder at 1008 x 1008, text prompt, DETR-style detector and mask head)",
      params=["batch_size"], cfg=SAM3_SHRUNK,
      inputs=SAM3_PROMPT, task="computer_vision",
      note=SHRUNK.format(what="SAM 3's image encoder (a 32-layer ViT of 1024 at 1008 x 1008, global attention every 8th layer)",
      how="8 of the image encoder's 32 layers (the last of them global)") + " Height and width are not used."),
    M("edgetam", "EdgeTamConfig", "EdgeTamModel", "custom", "EdgeTAM (SAM 2 with a RepViT-M1 image encoder at 1024 x 1024, one point prompt per image)",
      params=["batch_size"], imports="TimmWrapperConfig",
      cfg='vision_config={"backbone_config": TimmWrapperConfig(architecture="repvit_m1", model_args={"in_chans": 3, "features_only": True, "out_indices": [0, 1, 2, 3]})}',
      inputs="""
inputs = {
    "pixel_values": torch.rand(batch_size, 3, 1024, 1024),
    "input_points": torch.randint(0, 1024, (batch_size, 1, 1, 2)).float(),  # (batch, prompts, points, xy)
    "input_labels": torch.ones(batch_size, 1, 1, dtype=torch.long),  # a foreground point
}""", task="computer_vision",
      note="EdgeTamConfig() spells its backbone's 'architecture' key 'archirecture', so its timm backbone falls back to a"
      " ResNet-50 whose channels the neck does not take; this script names the RepViT-M1 backbone again (random weights)."
      " EdgeTAM's image encoder is built for 1024 x 1024 inputs, so height and width are not used."),
    M("edgetam_vision_model", "EdgeTamVisionConfig", "EdgeTamVisionModel", "custom", "EdgeTAM's image encoder (RepViT-M1 and an FPN neck) at 1024 x 1024",
      doc="edgetam", params=["batch_size"], imports="TimmWrapperConfig",
      cfg='backbone_config=TimmWrapperConfig(architecture="repvit_m1", model_args={"in_chans": 3, "features_only": True, "out_indices": [0, 1, 2, 3]})',
      inputs="""
inputs = {"pixel_values": torch.rand(batch_size, 3, 1024, 1024)}""", task="computer_vision",
      note="EdgeTamVisionConfig() spells its backbone's 'architecture' key 'archirecture', so its timm backbone falls back to"
      " a ResNet-50 whose channels the neck does not take; this script names the RepViT-M1 backbone again (random weights)."
      " It is built for 1024 x 1024 inputs, so height and width are not used."),
    M("omdet_turbo", "OmDetTurboConfig", "OmDetTurboForObjectDetection", "custom",
      "OmDet-Turbo open-vocabulary detector (Swin-T timm backbone, CLIP text encoder), 80 class prompts at 640 x 640",
      doc="omdet-turbo", params=["batch_size"], pre="classes = 80  # the COCO class names, one prompt each", inputs="""
text = config.text_config  # the processor pads every prompt to the text encoder's 77 tokens
inputs = {
    "pixel_values": torch.rand(batch_size, 3, config.image_size, config.image_size),
    "classes_input_ids": torch.randint(text.vocab_size, (batch_size * classes, text.max_position_embeddings)),
    "classes_attention_mask": torch.ones(batch_size * classes, text.max_position_embeddings, dtype=torch.long),
    "tasks_input_ids": torch.randint(text.vocab_size, (batch_size, text.max_position_embeddings)),  # the task prompt
    "tasks_attention_mask": torch.ones(batch_size, text.max_position_embeddings, dtype=torch.long),
    "classes_structure": torch.full((batch_size,), classes),  # how many of the class prompts each image has
}""", task="computer_vision",
      note="OmDet-Turbo's base model class is its detector; its Swin backbone is built for 640 x 640 inputs, so height and width are not used."),
    M("lw_detr", "LwDetrConfig", "LwDetrModel", "custom", "LW-DETR real-time detector (windowed ViT backbone), 640 x 640",
      params=["batch_size"], cfg="projector_scale_factors=[1.0]", inputs="""
inputs = {"pixel_values": torch.rand(batch_size, 3, 640, 640)}""", task="computer_vision",
      note="LwDetrConfig() leaves projector_scale_factors empty, which builds no feature level; this script uses the"
      " single P4 level ([1.0]) of LW-DETR tiny and small. The backbone's windows need a side divisible by 64, so it runs"
      " at LW-DETR's 640 x 640 and height and width are not used."),
    M("rf_detr", "RfDetrConfig", "RfDetrModel", "custom", "RF-DETR real-time detector (windowed DINOv2 backbone), 560 x 560",
      params=["batch_size"], inputs="""
inputs = {"pixel_values": torch.rand(batch_size, 3, 560, 560)}""", task="computer_vision",
      note="RF-DETR selects its 300 queries among the backbone's patches, which 224 x 224 does not give enough of; this"
      " script runs at RF-DETR base's 560 x 560, so height and width are not used."),
    M("zoedepth", "ZoeDepthConfig", "ZoeDepthForDepthEstimation", "image", "ZoeDepth metric depth estimation (BEiT-L DPT backbone)", cfg=""),
    M("depth_anything", "DepthAnythingConfig", "DepthAnythingForDepthEstimation", "image", "Depth Anything (DINOv2-S backbone + DPT head)"),
    M("seggpt", "SegGptConfig", "SegGptModel", "custom", "SegGPT in-context segmentation (ViT-L, prompt image + mask pairs at 448 x 448)",
      params=["batch_size"], inputs="""
size = config.image_size  # [896, 448]: prompt stacked above the input
inputs = {
    "pixel_values": torch.rand(batch_size, 3, size[0] // 2, size[1]),
    "prompt_pixel_values": torch.rand(batch_size, 3, size[0] // 2, size[1]),
    "prompt_masks": torch.rand(batch_size, 3, size[0] // 2, size[1]),
}""", note="SegGPT is built for 448 x 448 images, so height and width are not used.", task="computer_vision"),
    M("vjepa2", "VJEPA2Config", "VJEPA2Model", "custom", "V-JEPA 2 self-supervised video encoder and predictor (ViT-L at 256 x 256), 16 frames",
      params=["batch_size"], inputs="""
frames = 16  # the config's clips are 64 frames (32 tubelets: 8192 tokens); 16 keep the CPU time to seconds
size = config.crop_size
inputs = {"pixel_values_videos": torch.rand(batch_size, frames, 3, size, size)}""", task="video",
      note="The model runs at the config's crop size (256 x 256), so height and width are not used."),
    M("videoprism", "VideoPrismConfig", "VideoPrismClipModel", "custom", "VideoPrism video-text CLIP model (factorised space-time ViT, 288 x 288), 16 frames",
      params=TEXT, inputs="""
size = config.vision_config.image_size
max_seq_length = min(max_seq_length, config.text_config.max_position_embeddings)  # 64 text positions
inputs = {
    "pixel_values_videos": torch.rand(batch_size, config.vision_config.num_frames, 3, size, size),
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}""", task="video", note="The model runs at the config's image size and frame count, so height and width are not used."
      " The text encoder's 64 positions cap max_seq_length."),
    M("pe_video", "PeVideoConfig", "PeVideoModel", "custom", "Perception Encoder video-text model (PE-Core-L/14 frames at 336 x 336, 4 frames)",
      params=TEXT, inputs="""
frames = 4  # each frame is a 336 x 336 ViT-L pass: 4 keep the CPU time under a minute
size = 336  # vit_pe_core_large_patch14_336, the timm architecture of the frame encoder
inputs = {
    "pixel_values_videos": torch.rand(batch_size, frames, 3, size, size),
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}""", task="video", doc="pe_video"),
    M("timm_backbone", "TimmBackboneConfig", "TimmBackbone", "custom", "A timm model as a transformers backbone (ResNet-50, four feature maps)",
      cfg='backbone="resnet50", use_pretrained_backbone=False, num_channels=num_channels, out_indices=(1, 2, 3, 4)',
      params=IMAGE, inputs="""
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}""", task="computer_vision", doc="timm_wrapper",
      note="TimmBackboneConfig() names no timm model; this one wraps timm's resnet50, built without weights."),
    M("efficientloftr", "EfficientLoFTRConfig", "EfficientLoFTRModel", "custom", "EfficientLoFTR detector-free local feature matcher (one image pair)",
      params=IMAGE, inputs=IMAGE_PAIR,
      task="computer_vision"),
    M("lightglue", "LightGlueConfig", "LightGlueForKeypointMatching", "custom", "LightGlue keypoint matcher over SuperPoint keypoints (one image pair)",
      params=IMAGE, inputs=IMAGE_PAIR,
      task="computer_vision", note="LightGlue has no base model class; the keypoint-matching model is the whole model."),
    M("oneformer", "OneFormerConfig", "OneFormerModel", "custom", "OneFormer universal segmentation (Swin backbone), called for one task",
      params=IMAGE, inputs="""
inputs = {
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
    # the task prompt ("the task is semantic"), tokenised: random ids of the task's fixed length
    "task_inputs": torch.randint(100, (batch_size, config.task_seq_len)),
}""", task="computer_vision"),
    # ---------------------------------------------------------------- audio
    M("wav2vec2", "Wav2Vec2Config", "Wav2Vec2Model", "audio", "wav2vec 2.0 base speech encoder", ci=True),
    M("wav2vec2_conformer", "Wav2Vec2ConformerConfig", "Wav2Vec2ConformerModel", "audio", "wav2vec 2.0 Conformer speech encoder", doc="wav2vec2-conformer"),
    M("hubert", "HubertConfig", "HubertModel", "audio", "HuBERT base speech encoder"),
    M("wavlm", "WavLMConfig", "WavLMModel", "audio", "WavLM base speech encoder"),
    M("data2vec_audio", "Data2VecAudioConfig", "Data2VecAudioModel", "audio", "data2vec audio encoder", doc="data2vec"),
    M("sew", "SEWConfig", "SEWModel", "audio", "SEW (squeezed and efficient wav2vec) speech encoder"),
    M("sew_d", "SEWDConfig", "SEWDModel", "audio", "SEW-D (SEW with DeBERTa attention) speech encoder", doc="sew-d"),
    M("unispeech", "UniSpeechConfig", "UniSpeechModel", "audio", "UniSpeech speech encoder"),
    M("unispeech_sat", "UniSpeechSatConfig", "UniSpeechSatModel", "audio", "UniSpeech-SAT speech encoder", doc="unispeech-sat"),
    M("wav2vec2_bert", "Wav2Vec2BertConfig", "Wav2Vec2BertModel", "custom", "Wav2Vec2-BERT (w2v-BERT 2.0) encoder over 80-bin filterbank frames stacked in pairs",
      doc="wav2vec2-bert", params=AUDIO, pre="num_frames = max_audio_seq_length // 160  # 10 ms hop at 16 kHz", inputs="""
inputs = {"input_features": torch.randn(batch_size, num_frames // 2, config.feature_projection_input_dim)}"""),
    M("whisper", "WhisperConfig", "WhisperModel", "custom", "Whisper speech encoder-decoder (tiny-sized default config)",
      params=["batch_size", "max_seq_length"], inputs="""
num_frames = 2 * config.max_source_positions  # the feature extractor pads every clip to 30 s = 3000 frames
inputs = {
    "input_features": torch.randn(batch_size, config.num_mel_bins, num_frames),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}""", task="audio"),
    M("speech_to_text", "Speech2TextConfig", "Speech2TextModel", "custom", "Speech2Text (S2T) speech encoder-decoder over 80-bin filterbanks",
      params=AUDIO + ["max_seq_length"], pre="num_frames = max_audio_seq_length // 160  # 10 ms hop at 16 kHz", inputs="""
inputs = {
    "input_features": torch.randn(batch_size, num_frames, config.input_feat_per_channel),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}""", task="audio"),
    M("audio_spectrogram_transformer", "ASTConfig", "ASTModel", "custom", "Audio Spectrogram Transformer over 1024 x 128 log-mel patches",
      doc="audio-spectrogram-transformer", params=["batch_size"], inputs="""
inputs = {"input_values": torch.randn(batch_size, config.max_length, config.num_mel_bins)}""", task="audio",
      note="AST's position embeddings fix its input at max_length=1024 frames."),
    M("encodec", "EncodecConfig", "EncodecModel", "custom", "EnCodec neural audio codec (24 kHz mono): encode + decode",
      params=AUDIO, inputs="""
inputs = {"input_values": torch.randn(batch_size, config.audio_channels, max_audio_seq_length)}""", task="audio"),
    M("dac", "DacConfig", "DacModel", "custom", "Descript Audio Codec: encode + decode", params=AUDIO, inputs="""
inputs = {"input_values": torch.randn(batch_size, 1, max_audio_seq_length)}""", task="audio"),
    M("mimi", "MimiConfig", "MimiModel", "custom", "Mimi neural audio codec (Moshi): encode + decode", params=AUDIO, inputs="""
inputs = {"input_values": torch.randn(batch_size, config.audio_channels, max_audio_seq_length)}""", task="audio"),
    M("clap", "ClapConfig", "ClapModel", "custom", "CLAP contrastive text-audio model (HTS-AT audio encoder + RoBERTa text encoder)",
      params=TEXT, inputs="""
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "input_features": torch.randn(batch_size, 1, 1001, config.audio_config.num_mel_bins),  # 10 s of log-mel frames
}""", task="multimodal"),
    M("moonshine", "MoonshineConfig", "MoonshineModel", "custom", "Moonshine speech recognition encoder-decoder (raw waveform input)",
      params=AUDIO + ["max_seq_length"], inputs="""
inputs = {
    "input_values": torch.randn(batch_size, max_audio_seq_length),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}""", task="audio"),
    M("moonshine_streaming", "MoonshineStreamingConfig", "MoonshineStreamingModel", "custom",
      "Moonshine streaming speech recognition encoder-decoder (raw waveform input)",
      cfg="num_key_value_heads=8", params=AUDIO + ["max_seq_length"], inputs="""
inputs = {
    "input_values": torch.randn(batch_size, max_audio_seq_length),
    "attention_mask": torch.ones(batch_size, max_audio_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}""", task="audio",
      note="Its decoder reads num_key_value_heads, which MoonshineStreamingConfig() does not define; it is set to the"
      " decoder's 8 attention heads (plain multi-head attention)."),
    M("speecht5", "SpeechT5Config", "SpeechT5ForSpeechToText", "custom", "SpeechT5 speech-to-text (speech encoder pre-net + text decoder)",
      params=AUDIO + ["max_seq_length"], inputs="""
inputs = {
    "input_values": torch.randn(batch_size, max_audio_seq_length),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}""", task="audio"),
    M("vits", "VitsConfig", "VitsModel", "text", "VITS end-to-end text-to-speech (MMS-TTS-sized), text ids to waveform", task="audio"),
    M("univnet", "UnivNetConfig", "UnivNetModel", "custom", "UnivNet GAN vocoder: log-mel spectrogram + noise to waveform",
      params=AUDIO, pre="num_frames = max_audio_seq_length // 256  # the vocoder's hop length", inputs="""
inputs = {
    "input_features": torch.randn(batch_size, num_frames, config.num_mel_bins),
    "noise_sequence": torch.randn(batch_size, num_frames, config.model_in_channels),
}""", task="audio"),
    M("xcodec2", "Xcodec2Config", "Xcodec2Model", "custom", "X-Codec 2 speech codec (acoustic and w2v-BERT semantic encoders), 1 s of audio",
      params=["batch_size"], inputs=SEMANTIC_CODEC, task="audio"),
    M("neucodec", "NeuCodecConfig", "NeuCodecModel", "custom", "NeuCodec speech codec (acoustic and w2v-BERT semantic encoders), 1 s of audio",
      params=["batch_size"], inputs=SEMANTIC_CODEC, task="audio"),
    M("vibevoice_acoustic_tokenizer_encoder", "VibeVoiceAcousticTokenizerEncoderConfig", "VibeVoiceAcousticTokenizerEncoderModel", "custom",
      "VibeVoice acoustic tokenizer encoder (24 kHz audio to latents), 1 s of audio",
      params=["batch_size"], inputs="""
inputs = {"hidden_states": torch.randn(batch_size, config.channels, 24000)}  # 1 s at 24 kHz""", task="audio"),
    M("vibevoice_acoustic_tokenizer_decoder", "VibeVoiceAcousticTokenizerDecoderConfig", "VibeVoiceAcousticTokenizerDecoderModel", "custom",
      "VibeVoice acoustic tokenizer decoder (latents to 24 kHz audio), 8 latent frames",
      params=["batch_size"], inputs="""
inputs = {"hidden_states": torch.randn(batch_size, config.hidden_size, 8)}  # 8 frames of latents, about 1 s of audio""", task="audio"),
    M("mimi_decoder", "MimiDecoderConfig", "MimiDecoderModel", "custom", "Mimi codec decoder (latents to audio), 2 s of latents",
      params=["batch_size"], inputs="""
inputs = {"latents": torch.randn(batch_size, config.hidden_size, 25)}  # 25 frames at 12.5 Hz""", task="audio"),
    M("qwen3_asr_encoder", "Qwen3ASREncoderConfig", "Qwen3ASREncoder", "custom", "Qwen3-ASR audio encoder, 10 s of log-mel features",
      params=["batch_size"], inputs="""
frames = 1000  # 10 s at a 10 ms hop
inputs = {
    "input_features": torch.randn(batch_size, config.num_mel_bins, frames),
    "input_features_mask": torch.ones(batch_size, frames, dtype=torch.long),
}""", task="audio"),
    M("fun_asr_nano_encoder", "FunAsrNanoEncoderConfig", "FunAsrNanoEncoder", "custom", "Fun-ASR-Nano SenseVoice-style audio encoder, 10 s of features",
      params=["batch_size"], inputs="""
frames = 167  # 10 s: 7 stacked 10 ms frames make one (a 60 ms hop)
inputs = {
    "input_features": torch.randn(batch_size, frames, config.num_mel_bins * config.num_stacked_frames),
    "input_features_mask": torch.ones(batch_size, frames, dtype=torch.long),
}""", task="audio"),
    M("pe_audio", "PeAudioConfig", "PeAudioModel", "custom", "Perception Encoder audio-text model (DAC-encoded audio, 3 s)",
      params=TEXT, inputs="""
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "input_values": torch.randn(batch_size, 1, 48000),  # 3 s at 16 kHz
}""", task="audio"),
    M("musicgen", "MusicgenConfig", "MusicgenForConditionalGeneration", "custom",
      "MusicGen text-to-music model (T5 text encoder, EnCodec 32 kHz codec, 24-layer decoder over 4 codebooks), one step of every decoder position",
      params=TEXT, pre="frames = 250  # 5 s of audio at the codec's 50 frames a second", inputs="""
decoder = config.decoder
inputs = {
    "input_ids": torch.randint(config.text_encoder.vocab_size, (batch_size, max_seq_length)),  # the text prompt
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    # the codec's tokens so far, one row per codebook of each sample
    "decoder_input_ids": torch.randint(decoder.vocab_size, (batch_size * decoder.num_codebooks, frames)),
}""", task="audio",
      note="MusicGen's base model class is its decoder alone, which a MusicGen config does not build; the text-to-music model is the whole model."),
    M("musicgen_melody", "MusicgenMelodyConfig", "MusicgenMelodyForConditionalGeneration", "custom",
      "MusicGen Melody (MusicGen conditioned on a text prompt and a melody's chromagram), one step of every decoder position",
      params=TEXT, pre="frames = 250  # 5 s of audio at the codec's 50 frames a second", inputs="""
decoder = config.decoder
inputs = {
    "input_ids": torch.randint(config.text_encoder.vocab_size, (batch_size, max_seq_length)),  # the text prompt
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "input_features": torch.rand(batch_size, config.chroma_length, config.num_chroma),  # the melody: 12 pitch classes per frame
    # the codec's tokens so far, one row per codebook of each sample
    "decoder_input_ids": torch.randint(decoder.vocab_size, (batch_size * decoder.num_codebooks, frames)),
}""", task="audio",
      note="MusicGen Melody's base model class is its decoder alone, which its config does not build; the whole model is used."),
    M("dia", "DiaConfig", "DiaModel", "custom",
      "Dia text-to-speech (byte-level text encoder, decoder over the 9 codebooks of a DAC codec), one step of every decoder position",
      cfg='decoder_config={"num_hidden_layers": 4}', params=TEXT, pre="frames = 86  # 1 s of audio at the DAC codec's 86 frames a second",
      inputs="""
decoder = config.decoder_config
inputs = {
    "input_ids": torch.randint(config.encoder_config.vocab_size, (batch_size, max_seq_length)),  # the text as UTF-8 bytes
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    # the codec's tokens so far: one column per codebook
    "decoder_input_ids": torch.randint(decoder.vocab_size, (batch_size, frames, decoder.num_channels)),
    "use_cache": False,
}""", task="audio",
      note="The default config (Dia-1.6B) is over the corpora's CPU budget; this script keeps the widths and the 12 encoder"
      " layers and uses 4 of the 18 decoder layers."),
    M("perception_lm", "PerceptionLMConfig", "PerceptionLMModel", "custom",
      "Perception LM (Perception Encoder L/14 image tower at 448 x 448, 2 x 2 pooled projector, Llama decoder), one image and a text",
      params=TEXT, imports="TimmWrapperConfig",
      pre="""# Perception LM 1B's image tower: timm's PE-Core L/14 at 448 x 448, 23 of its layers, with its class token
vision = TimmWrapperConfig(architecture="vit_pe_core_large_patch14_336", model_args={
    "embed_dim": 1024, "depth": 23, "img_size": (448, 448), "ref_feat_shape": (32, 32),
    "class_token": True, "use_post_transformer_norm": False, "global_pool": "",
})""",
      cfg='vision_config=vision, projector_pooling_ratio=2, text_config={"model_type": "llama", "hidden_size": 2048,'
      ' "intermediate_size": 8192, "num_hidden_layers": 2, "num_attention_heads": 32, "num_key_value_heads": 8,'
      ' "vocab_size": 128256, "rope_theta": 500000.0}',
      inputs="""
size = vision.model_args["img_size"][0]
image_tokens = (size // 14 // config.projector_pooling_ratio) ** 2  # 256: 32 x 32 patches, pooled 2 x 2
text = torch.randint(config.image_token_id, (batch_size, max_seq_length))
input_ids = torch.cat([torch.full((batch_size, image_tokens), config.image_token_id), text], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "pixel_values": torch.rand(batch_size, 1, 3, size, size),  # one tile per image
}""", task="multimodal",
      note="PerceptionLMConfig() names no usable image tower (a timm ResNet-50 without the model_args the projector reads)"
      " and a Llama-7B-sized text model; this script uses Perception LM 1B's layout (PE-Core L/14 at 448 x 448, 2 x 2"
      " pooling, a Llama 3.2 1B-sized decoder of 2048) with 2 of the decoder's 16 layers."),
    M("fastspeech2_conformer_with_hifigan", "FastSpeech2ConformerWithHifiGanConfig", "FastSpeech2ConformerWithHifiGan", "custom",
      "FastSpeech 2 Conformer text-to-speech with its HiFi-GAN vocoder (phoneme ids to waveform)",
      doc="fastspeech2_conformer", params=TEXT, inputs="""
inputs = {
    "input_ids": torch.randint(config.model_config.vocab_size, (batch_size, max_seq_length)),  # phoneme ids
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}""", task="audio",
      note="The model is the whole text-to-waveform pipeline; with random weights its duration predictor sets how many"
      " spectrogram frames (and so how much audio) each phoneme gets."),
    M("kyutai_speech_to_text", "KyutaiSpeechToTextConfig", "KyutaiSpeechToTextModel", "custom",
      "Kyutai speech-to-text decoder over a text stream and the 32 codebooks of Mimi audio tokens, 10 s of audio",
      params=["batch_size"], cfg="num_hidden_layers=4", pre="frames = 125  # 10 s at the Mimi codec's 12.5 frames a second", inputs="""
# each step: the text token, then one audio token per codebook
inputs = {
    "input_ids": torch.cat([
        torch.randint(config.vocab_size, (batch_size, frames, 1)),
        torch.randint(config.codebook_vocab_size, (batch_size, frames, config.num_codebooks)),
    ], dim=-1),
    "attention_mask": torch.ones(batch_size, frames, dtype=torch.long),
}""", task="audio",
      note=SHRUNK.format(what="Kyutai STT 2.6B (48 layers of 2048)", how="4 of its 48 layers")),
    M("clvp", "ClvpConfig", "ClvpModelForConditionalGeneration", "custom",
      "CLVP (Tortoise TTS's text-speech contrastive model: conditioning encoder, speech-token decoder, text and speech encoders), 5 s of mel features",
      params=TEXT, cfg='speech_config={"vocab_size": 8194}', inputs="""
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),  # the text's tokens
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "input_features": torch.randn(batch_size, config.decoder_config.feature_size, 500),  # 5 s of the voice's mel frames
}""", task="audio",
      note="CLVP's base model class is the whole model. Its speech encoder reads the decoder's speech tokens, so its vocabulary"
      " is set to the decoder's 8,194 (ClvpConfig() leaves it at the text encoder's 256, which random decoder outputs overrun)."),
    M("lasr_ctc", "LasrCTCConfig", "LasrForCTC", "custom", "LASR speech recogniser (Conformer encoder, CTC head), 10 s of log-mel features",
      params=["batch_size"], inputs="""
frames = 1000  # 10 s at a 10 ms hop
inputs = {"input_features": torch.randn(batch_size, frames, config.encoder_config.num_mel_bins)}""", task="audio",
      note="LASR has no base model class; the CTC model is the whole model."),
    M("parakeet_tdt", "ParakeetTDTConfig", "ParakeetForTDT", "custom",
      "Parakeet TDT speech recogniser (FastConformer encoder, LSTM prediction network, token-and-duration joint), 10 s of log-mel features",
      doc="parakeet", params=["batch_size"], pre="frames = 1000  # 10 s at a 10 ms hop", inputs=TRANSDUCER, task="audio",
      note="Parakeet TDT has no base model class; the transducer is the whole model, run for one decoder step over every encoder frame."),
    M("parakeet_rnnt", "ParakeetRNNTConfig", "ParakeetForRNNT", "custom",
      "Parakeet RNN-T speech recogniser (FastConformer encoder, LSTM prediction network, joint network), 10 s of log-mel features",
      doc="parakeet", params=["batch_size"], pre="frames = 1000  # 10 s at a 10 ms hop", inputs=TRANSDUCER, task="audio",
      note="Parakeet RNN-T has no base model class; the transducer is the whole model, run for one decoder step over every encoder frame."),
    M("nemotron3_5_asr", "Nemotron3_5AsrConfig", "Nemotron3_5AsrForRNNT", "custom",
      "Nemotron 3.5 ASR transducer (FastConformer encoder, LSTM prediction network, joint network), 10 s of log-mel features",
      params=["batch_size"], pre="frames = 1000  # 10 s at a 10 ms hop", inputs=TRANSDUCER, task="audio",
      note="It has no base model class; the transducer is the whole model, run for one decoder step over every encoder frame."),
    M("nemotron_asr_streaming", "NemotronAsrStreamingConfig", "NemotronAsrStreamingForRNNT", "custom",
      "Nemotron streaming ASR transducer (cache-aware FastConformer encoder, LSTM prediction network, joint network), 10 s of log-mel features",
      params=["batch_size"], pre="frames = 1000  # 10 s at a 10 ms hop", inputs=TRANSDUCER, task="audio",
      note="It has no base model class; the transducer is the whole model, run for one decoder step over every encoder"
      " frame (the whole 10 s at once, with the config's default look-ahead)."),
    M("canary", "CanaryConfig", "CanaryModel", "custom",
      "Canary speech recogniser and translator (FastConformer encoder, Transformer decoder), 10 s of log-mel features",
      cfg='encoder_config={"num_hidden_layers": 8, "num_mel_bins": 128, "scale_input": False, "layerdrop": 0.0}',
      params=TEXT, pre="frames = 1000  # 10 s at a 10 ms hop", inputs="""
inputs = {
    "input_features": torch.randn(batch_size, frames, config.encoder_config.num_mel_bins),
    "attention_mask": torch.ones(batch_size, frames, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),  # the task prompt and transcript so far
}""", task="audio",
      note=SHRUNK.format(what="Canary-1B-sized (a 32-layer FastConformer encoder of 1024, an 8-layer decoder)", how="8 of its 32"
      " encoder layers")
      + " The encoder config is given whole (an encoder_config dict replaces CanaryConfig's encoder defaults, 128 mel bins among them)."),
    M("cohere_asr", "CohereAsrConfig", "CohereAsrModel", "custom",
      "Cohere ASR speech recogniser (Conformer encoder, Transformer decoder), 10 s of log-mel features",
      cfg='encoder_config={"num_hidden_layers": 6}', params=TEXT, pre="frames = 1000  # 10 s at a 10 ms hop", inputs="""
inputs = {
    "input_features": torch.randn(batch_size, frames, config.encoder_config.num_mel_bins),
    "attention_mask": torch.ones(batch_size, frames, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),  # the prompt and transcript so far
}""", task="audio",
      note=SHRUNK.format(what="Cohere ASR (a 48-layer Conformer encoder of 1280, an 8-layer decoder)", how="6 of its 48 encoder layers")),
    M("granite_speech5_ctc", "GraniteSpeech5CTCConfig", "GraniteSpeech5ForCTC", "custom", "Granite Speech 5 CTC recogniser, 10 s of features",
      params=["batch_size"], inputs="""
frames = 500  # 10 s: two 10 ms frames stacked per step
# its feature extractor's layout: each mel bin with its delta, two frames stacked (4 values per bin)
inputs = {"input_features": torch.randn(batch_size, frames, config.encoder_config.num_mel_bins * 4)}""", task="audio",
      note="The CTC model is the whole model."),
    M("nemotron3_diarization", "Nemotron3DiarizationConfig", "Nemotron3DiarizationModel", "custom", "Nemotron 3 streaming speaker diarization, 10 s of log-mel features",
      params=["batch_size"], inputs="""
frames = 1000  # 10 s at a 10 ms hop
inputs = {"input_features": torch.randn(batch_size, frames, config.audio_config.num_mel_bins)}""", task="audio"),
    # ---------------------------------------------------------------- multimodal
    M("clip", "CLIPConfig", "CLIPModel", "clip", "CLIP ViT-B/32 contrastive image-text model",
      cfg="vision_config={\"image_size\": height, \"num_channels\": num_channels}", ci=True),
    M("siglip", "SiglipConfig", "SiglipModel", "clip", "SigLIP (sigmoid-loss CLIP) ViT-B/16", cfg="vision_config={\"image_size\": height, \"num_channels\": num_channels}",
      note="SigLIP text inputs are padded to max length; no attention mask is used by the original model."),
    M("altclip", "AltCLIPConfig", "AltCLIPModel", "clip", "AltCLIP (XLM-R text encoder + CLIP vision encoder)",
      cfg="vision_config={\"image_size\": height, \"num_channels\": num_channels}"),
    M("chinese_clip", "ChineseCLIPConfig", "ChineseCLIPModel", "clip", "Chinese-CLIP (Chinese RoBERTa + ViT)",
      cfg="vision_config={\"image_size\": height, \"num_channels\": num_channels}"),
    M("owlvit", "OwlViTConfig", "OwlViTForObjectDetection", "clip", "OWL-ViT open-vocabulary detector (CLIP ViT-B/32), one text query per image",
      cfg="vision_config={\"image_size\": height, \"num_channels\": num_channels}", params=TEXT + ["num_channels", "height", "width"],
      pre="max_seq_length = min(max_seq_length, 16)  # OWL-ViT text queries are at most 16 tokens"),
    M("owlv2", "Owlv2Config", "Owlv2ForObjectDetection", "clip", "OWLv2 open-vocabulary detector (CLIP ViT-B/16 at 960 x 960), one text query per image",
      params=TEXT + ["num_channels"], cfg="vision_config={\"image_size\": height, \"num_channels\": num_channels}",
      pre="max_seq_length = min(max_seq_length, 16)  # OWLv2 text queries are at most 16 tokens\nheight = width = 960  # OWLv2 is built for 960 x 960 images",
      note="OWLv2's box bias is computed for a fixed 960 x 960 grid, so height and width are not used."),
    M("groupvit", "GroupViTConfig", "GroupViTModel", "clip", "GroupViT (text-supervised semantic grouping)",
      cfg="vision_config={\"image_size\": height, \"num_channels\": num_channels}"),
    M("blip", "BlipConfig", "BlipModel", "clip", "BLIP image-text model (ViT-B/16 + BERT)",
      cfg="vision_config={\"image_size\": height}"),
    M("flava", "FlavaConfig", "FlavaModel", "clip", "FLAVA (image, text and multimodal encoders)",
      cfg="image_config={\"image_size\": height, \"num_channels\": num_channels}"),
    M("align", "AlignConfig", "AlignModel", "clip", "ALIGN (EfficientNet-B7 image encoder + BERT text encoder)",
      cfg="vision_config={\"image_size\": height, \"num_channels\": num_channels}"),
    M("bridgetower", "BridgeTowerConfig", "BridgeTowerModel", "clip", "BridgeTower vision-language encoder (CLIP ViT + RoBERTa with bridge layers)",
      cfg="vision_config={\"image_size\": height}"),
    M("vilt", "ViltConfig", "ViltModel", "custom", "ViLT vision-and-language transformer (patch + token embeddings in one encoder)",
      params=TEXT + ["num_channels", "height", "width"], cfg="image_size=height, num_channels=num_channels",
      pre="max_seq_length = min(max_seq_length, 40)  # ViLT's text position embeddings hold 40 tokens", inputs="""
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
}"""),
    M("visual_bert", "VisualBertConfig", "VisualBertModel", "custom", "VisualBERT (BERT over text tokens + 36 region features of 2048)",
      params=TEXT, inputs="""
num_regions = 36  # detector region features, e.g. from Faster R-CNN
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "visual_embeds": torch.randn(batch_size, num_regions, config.visual_embedding_dim),
    "visual_attention_mask": torch.ones(batch_size, num_regions, dtype=torch.long),
}""", task="multimodal"),
    M("lxmert", "LxmertConfig", "LxmertModel", "custom", "LXMERT cross-modality encoder (text tokens + 36 region features and boxes)",
      params=TEXT, inputs="""
num_regions = 36
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "visual_feats": torch.randn(batch_size, num_regions, config.visual_feat_dim),
    "visual_pos": torch.rand(batch_size, num_regions, config.visual_pos_dim),
}""", task="multimodal"),
    M("layoutlmv3", "LayoutLMv3Config", "LayoutLMv3Model", "custom", "LayoutLMv3 document model (text + boxes + image patches)",
      params=TEXT + ["num_channels", "height", "width"], cfg="input_size=height, num_channels=num_channels", inputs="""
x0 = torch.randint(0, 500, (batch_size, max_seq_length))
y0 = torch.randint(0, 500, (batch_size, max_seq_length))
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "bbox": torch.stack([x0, y0, x0 + 100, y0 + 50], dim=-1),  # (x0, y0, x1, y1) in 0..1000
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
}""", task="multimodal"),
    M("lilt", "LiltConfig", "LiltModel", "custom", "LiLT language-independent layout transformer (text + boxes)",
      params=TEXT, inputs="""
x0 = torch.randint(0, 500, (batch_size, max_seq_length))
y0 = torch.randint(0, 500, (batch_size, max_seq_length))
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "bbox": torch.stack([x0, y0, x0 + 100, y0 + 50], dim=-1),  # (x0, y0, x1, y1) in 0..1000
}""", task="multimodal"),
    M("git", "GitConfig", "GitModel", "custom", "GIT generative image-to-text transformer (CLIP ViT-B/16 + text decoder)",
      params=TEXT + ["num_channels", "height", "width"], cfg="vision_config={\"image_size\": height, \"num_channels\": num_channels}", inputs="""
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
}""", task="multimodal"),
    M("clipseg", "CLIPSegConfig", "CLIPSegForImageSegmentation", "clip", "CLIPSeg text-prompted segmentation (CLIP ViT-B/16 + decoder)",
      cfg="vision_config={\"image_size\": height, \"num_channels\": num_channels}"),
    M("x_clip", "XCLIPConfig", "XCLIPModel", "custom", "X-CLIP video-text model (CLIP ViT-B/32 with cross-frame attention), 8 frames",
      doc="xclip", params=TEXT + ["num_channels", "height", "width"], cfg="vision_config={\"image_size\": height, \"num_channels\": num_channels}", inputs="""
num_frames = config.vision_config.num_frames
max_seq_length = min(max_seq_length, config.text_config.max_position_embeddings)  # 77 text tokens at most
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, num_frames, num_channels, height, width),
}""", task="multimodal"),
    M("trocr", "VisionEncoderDecoderConfig", "VisionEncoderDecoderModel", "custom", "TrOCR-style OCR: ViT encoder + TrOCR text decoder in a VisionEncoderDecoderModel",
      doc="trocr", imports="TrOCRConfig, ViTConfig", params=TEXT + ["num_channels", "height", "width"],
      cfg="""
    ViTConfig(image_size=height, num_channels=num_channels),
    TrOCRConfig(),
""", note="Built with VisionEncoderDecoderConfig.from_encoder_decoder_configs(ViTConfig, TrOCRConfig): the base-sized encoder and decoder.",
      inputs="""
inputs = {
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
    "decoder_input_ids": torch.randint(config.decoder.vocab_size, (batch_size, max_seq_length)),
}""", task="multimodal"),
    M("pix2struct", "Pix2StructConfig", "Pix2StructForConditionalGeneration", "custom", "Pix2Struct image-to-text (variable-resolution flattened patches)",
      params=["batch_size", "max_seq_length"], inputs="""
num_patches = 2048  # the processor's max_patches
patch_dim = 2 + 16 * 16 * 3  # (row, column) + one flattened 16 x 16 RGB patch
inputs = {
    "flattened_patches": torch.rand(batch_size, num_patches, patch_dim),
    "attention_mask": torch.ones(batch_size, num_patches, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
}""", task="multimodal"),
    M("perceiver", "PerceiverConfig", "PerceiverModel", "custom", "Perceiver IO (generic: latent cross-attention over embedded inputs)",
      params=TEXT, inputs="""
inputs = {"inputs": torch.randn(batch_size, max_seq_length, config.d_model)}""", task="multimodal"),
    M("kosmos2", "Kosmos2Config", "Kosmos2Model", "custom", "Kosmos-2 grounded multimodal LLM (CLIP ViT-L/14 + text decoder)", doc="kosmos-2",
      cfg='text_config={"layers": 6}', note=SHRUNK.format(what="Kosmos-2 (1.7B: CLIP ViT-L/14 and a 24-layer 2048-wide decoder)", how="6 of the 24 decoder layers"),
      params=TEXT, inputs="""
num_image_tokens = config.latent_query_num  # 64 latent image tokens at the start of the text
input_ids = torch.randint(config.text_config.vocab_size, (batch_size, num_image_tokens + max_seq_length))
image_embeds_position_mask = torch.zeros_like(input_ids)
image_embeds_position_mask[:, 1 : num_image_tokens + 1] = 1
inputs = {
    "pixel_values": torch.rand(batch_size, 3, config.vision_config.image_size, config.vision_config.image_size),
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "image_embeds_position_mask": image_embeds_position_mask,
}""", task="multimodal"),
    M("bros", "BrosConfig", "BrosModel", "custom", "BROS document encoder (text + 2-D token boxes as four corner points)",
      params=TEXT, inputs="""
x0 = torch.rand(batch_size, max_seq_length) * 0.8
y0 = torch.rand(batch_size, max_seq_length) * 0.8
# each box as its four corners (x, y), clockwise from the top left, in 0..1 of the page
bbox = torch.stack([x0, y0, x0 + 0.1, y0, x0 + 0.1, y0 + 0.05, x0, y0 + 0.05], dim=-1)
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "bbox": bbox,
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}"""),
    M("udop", "UdopConfig", "UdopModel", "custom", "UDOP unified document encoder-decoder (text + boxes + image patches)",
      params=TEXT, inputs="""
x0 = torch.rand(batch_size, max_seq_length) * 0.8
y0 = torch.rand(batch_size, max_seq_length) * 0.8
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "bbox": torch.stack([x0, y0, x0 + 0.1, y0 + 0.05], dim=-1),  # (x0, y0, x1, y1) in 0..1 of the page
    "pixel_values": torch.rand(batch_size, config.num_channels, config.image_size, config.image_size),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "use_cache": False,
}""", task="multimodal", note="The model runs at the config's image size (224 x 224)."),
    M("blip_2", "Blip2Config", "Blip2Model", "custom", "BLIP-2 (ViT-g image encoder, Q-Former, OPT decoder)", doc="blip-2",
      cfg=BLIP_SHRUNK + ", image_token_index=50272",
      params=TEXT, inputs="""
image_tokens = config.num_query_tokens  # the Q-Former's query outputs stand in for these tokens
input_ids = torch.randint(50272, (batch_size, image_tokens + max_seq_length))
input_ids[:, :image_tokens] = config.image_token_index
inputs = {
    "pixel_values": torch.rand(batch_size, 3, config.vision_config.image_size, config.vision_config.image_size),
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "use_cache": False,
}""", task="multimodal",
      note="The default config (ViT-g with 39 layers, OPT-2.7B with 32) has 3.7B parameters, over the corpora's CPU budget;"
      " this script keeps the widths and uses 8 vision layers and 2 text layers. The default config has no image"
      " token, so one is added after OPT's 50,272 tokens, as the released checkpoints do."),
    M("instructblip", "InstructBlipConfig", "InstructBlipModel", "custom", "InstructBLIP (BLIP-2 with an instruction-aware Q-Former)",
      cfg=BLIP_SHRUNK + ", image_token_index=50272",
      params=TEXT, inputs="""
image_tokens = config.num_query_tokens
input_ids = torch.randint(50272, (batch_size, image_tokens + max_seq_length))
input_ids[:, :image_tokens] = config.image_token_index
inputs = {
    "pixel_values": torch.rand(batch_size, 3, config.vision_config.image_size, config.vision_config.image_size),
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "qformer_input_ids": torch.randint(100, (batch_size, max_seq_length)),  # the instruction, for the Q-Former
    "use_cache": False,
}""", task="multimodal",
      note="The default config has 3.7B parameters; this script keeps the widths and uses 8 of the 39 vision layers"
      " and 2 of the 32 text layers, and adds an image token after OPT's 50,272 tokens, as the released checkpoints do."),
    M("instructblipvideo", "InstructBlipVideoConfig", "InstructBlipVideoModel", "custom", "InstructBLIP-Video (InstructBLIP over 4 frames)",
      cfg=BLIP_SHRUNK + ", video_token_index=50272",
      params=TEXT, inputs="""
frames = 4
video_tokens = config.num_query_tokens * frames  # the Q-Former's outputs for each frame
input_ids = torch.randint(50272, (batch_size, video_tokens + max_seq_length))
input_ids[:, :video_tokens] = config.video_token_index
size = config.vision_config.image_size
inputs = {
    "pixel_values": torch.rand(batch_size, frames, 3, size, size),
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "qformer_input_ids": torch.randint(100, (batch_size, max_seq_length)),
    "use_cache": False,
}""", task="video",
      note="The default config has 3.7B parameters; this script keeps the widths and uses 8 of the 39 vision layers"
      " and 2 of the 32 text layers, and adds a video token after OPT's 50,272 tokens, as the released checkpoints do."),
    M("siglip2", "Siglip2Config", "Siglip2Model", "custom", "SigLIP 2 (NaFlex: images as variable-size patch sequences) base/16",
      params=TEXT, inputs="""
vision = config.vision_config
side = int(vision.num_patches**0.5)  # a 256 x 256 image: 16 x 16 patches of 16 x 16 pixels
max_seq_length = min(max_seq_length, config.text_config.max_position_embeddings)
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "pixel_values": torch.rand(batch_size, side * side, vision.num_channels * vision.patch_size**2),
    "pixel_attention_mask": torch.ones(batch_size, side * side, dtype=torch.long),
    "spatial_shapes": torch.tensor([[side, side]] * batch_size),
}""", task="multimodal",
      note="The processor cuts an image into a sequence of flattened patches; these are random, one 16 x 16 grid per image."
      " The text encoder's 64 positions cap max_seq_length."),
    M("glm4v", "Glm4vConfig", "Glm4vModel", "custom", "GLM-4.1V vision-language model (ViT with 2D rotary embeddings, GLM-4 decoder with 3D rotary embeddings), one image and its text",
      cfg=GLM_SHRUNK, params=TEXT + ["height", "width"], inputs=GLM_IMAGE_TEXT, task="multimodal", note=GLM_NOTE.format(text=40)),
    M("glm46v", "Glm46VConfig", "Glm46VModel", "custom", "GLM-4.6V vision-language model (the GLM-4.1V architecture), one image and its text",
      cfg=GLM_SHRUNK, params=TEXT + ["height", "width"], inputs=GLM_IMAGE_TEXT, task="multimodal", note=GLM_NOTE.format(text=40)),
    M("glmga", "GlmgaConfig", "Glm46VModel", "custom", "GLM-GA vision-language model (run by the GLM-4.6V implementation), one image and its text",
      cfg=GLM_SHRUNK, params=TEXT + ["height", "width"], inputs=GLM_IMAGE_TEXT, task="multimodal", note=GLM_NOTE.format(text=40)),
    M("glm4v_moe", "Glm4vMoeConfig", "Glm4vMoeModel", "custom", "GLM-4.5V mixture-of-experts vision-language model, one image and its text",
      cfg='text_config={"num_hidden_layers": 1, "first_k_dense_replace": 0, "n_routed_experts": 8, "head_dim": 128}, vision_config={"depth": 2}',
      params=TEXT + ["height", "width"], inputs=GLM_IMAGE_TEXT, task="multimodal",
      note="The default config has 107B parameters; this script keeps the widths and uses 1 of the 46 text layers, a"
      " mixture-of-experts one with 8 of its 128 experts (each token still routed to 8 of them, as in the released model), and"
      " 2 of the 24 vision layers. It sets head_dim to 128 as the released checkpoints do: derived from the width (4096 / 96"
      " heads) it leaves a rotary dimension that the 3D rotary sections do not fit."),
    M("chameleon", "ChameleonConfig", "ChameleonModel", "custom",
      "Chameleon early-fusion model (VQ-GAN image tokens and text in one decoder), one 512 x 512 image and its text",
      cfg="num_hidden_layers=2, vocabulary_map=vocabulary_map", params=TEXT, pre="""
# The tokenizer's map from token names to ids, which the model reads to place image tokens. Synthetic
# here: the VQ-GAN's 8192 codes named as the released tokenizer names them (IMGIMG<code in letters>Z),
# at ids 4 to 8195, and the image placeholder at 8711
letters = str.maketrans("0123456789", "ABCDEFGHIJ")
vocabulary_map = {"<image>": 8711, **{f"IMGIMG{str(code).translate(letters)}Z": 4 + code for code in range(8192)}}""",
      inputs="""
vq = config.vq_config
image_tokens = (vq.resolution // 2 ** (len(vq.channel_multiplier) - 1)) ** 2  # 1024: one per 16 x 16 pixels
text = torch.randint(8712, config.vocab_size, (batch_size, max_seq_length))  # ordinary tokens, after the image ones
input_ids = torch.cat([torch.full((batch_size, image_tokens), vocabulary_map["<image>"]), text], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "pixel_values": torch.rand(batch_size, 3, vq.resolution, vq.resolution),
    "use_cache": False,
}""", task="multimodal",
      note="The default config (7B) is over the corpora's CPU budget; this script keeps the widths and uses 2 of the 32 layers."
      " The default config has no vocabulary map, without which the model cannot be built; the script writes one."),
    M("idefics", "IdeficsConfig", "IdeficsModel", "custom",
      "IDEFICS (Flamingo-style: a LLaMA decoder with gated cross-attention to CLIP image features), one image and its text",
      cfg="num_hidden_layers=2", params=TEXT, inputs="""
size = config.vision_config.image_size
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, 1, 3, size, size),  # one image per sample
    "image_attention_mask": torch.ones(batch_size, max_seq_length, 1, dtype=torch.long),  # every token attends to it
    "use_cache": False,
}""", task="multimodal",
      note="The default config (a 32-layer LLaMA-7B decoder, each layer with its cross-attention) is over the corpora's CPU"
      " budget; this script keeps the widths and uses 2 decoder layers."),
    M("tvp", "TvpConfig", "TvpModel", "custom", "TVP text-visual prompting for video grounding (ResNet frames with a learned prompt), 8 frames",
      cfg="num_frames=8", note="The default config samples 48 frames, each a 448 x 448 ResNet-50 pass (two minutes on a CPU); this script samples 8.",
      params=TEXT, inputs="""
size = config.max_img_size  # the visual prompt is learned for 448 x 448 frames
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, config.num_frames, 3, size, size),
}""", task="video"),
    # ---------------------------------------------------------------- time series, RL
    M("timesfm", "TimesFmConfig", "TimesFmModel", "custom", "TimesFM decoder-only time-series foundation model (512-step context)",
      params=["batch_size"], inputs="""
context = config.context_length
inputs = {
    "past_values": torch.randn(batch_size, context),
    "past_values_padding": torch.zeros(batch_size, context, dtype=torch.long),  # no padding
    "freq": torch.zeros(batch_size, 1, dtype=torch.long),  # frequency class 0: high frequency
}""", task="time_series"),
    M("patchtst", "PatchTSTConfig", "PatchTSTModel", "custom", "PatchTST time-series transformer (7 channels, 512-step context)",
      params=["batch_size"], cfg="num_input_channels=7, context_length=512", inputs="""
inputs = {"past_values": torch.randn(batch_size, config.context_length, config.num_input_channels)}""", task="time_series"),
    M("patchtsmixer", "PatchTSMixerConfig", "PatchTSMixerModel", "custom", "PatchTSMixer time-series MLP-mixer",
      params=["batch_size"], inputs="""
inputs = {"past_values": torch.randn(batch_size, config.context_length, config.num_input_channels)}""", task="time_series"),
    M("time_series_transformer", "TimeSeriesTransformerConfig", "TimeSeriesTransformerModel", "custom",
      "Time Series Transformer (vanilla encoder-decoder for probabilistic forecasting)",
      params=["batch_size"], cfg="prediction_length=24, context_length=48", inputs="""
past_length = config.context_length + max(config.lags_sequence)
inputs = {
    "past_values": torch.randn(batch_size, past_length),
    "past_time_features": torch.randn(batch_size, past_length, config.num_time_features),
    "past_observed_mask": torch.ones(batch_size, past_length),
    "future_values": torch.randn(batch_size, config.prediction_length),
    "future_time_features": torch.randn(batch_size, config.prediction_length, config.num_time_features),
}""", task="time_series", note="Configured for hourly data: 24-step prediction from a 48-step context, one time feature."),
    M("informer", "InformerConfig", "InformerModel", "custom", "Informer (ProbSparse attention) forecaster",
      params=["batch_size"], cfg="prediction_length=24, context_length=48, num_time_features=1", inputs="""
past_length = config.context_length + max(config.lags_sequence)
inputs = {
    "past_values": torch.randn(batch_size, past_length),
    "past_time_features": torch.randn(batch_size, past_length, config.num_time_features),
    "past_observed_mask": torch.ones(batch_size, past_length),
    "future_values": torch.randn(batch_size, config.prediction_length),
    "future_time_features": torch.randn(batch_size, config.prediction_length, config.num_time_features),
}""", task="time_series", note="Configured for hourly data: 24-step prediction from a 48-step context, one time feature."),
    M("autoformer", "AutoformerConfig", "AutoformerModel", "custom", "Autoformer (auto-correlation) forecaster",
      params=["batch_size"], cfg="prediction_length=24, context_length=48, num_time_features=1", inputs="""
past_length = config.context_length + max(config.lags_sequence)
inputs = {
    "past_values": torch.randn(batch_size, past_length),
    "past_time_features": torch.randn(batch_size, past_length, config.num_time_features),
    "past_observed_mask": torch.ones(batch_size, past_length),
    "future_values": torch.randn(batch_size, config.prediction_length),
    "future_time_features": torch.randn(batch_size, config.prediction_length, config.num_time_features),
}""", task="time_series", note="Configured for hourly data: 24-step prediction from a 48-step context, one time feature."),
    M("decision_transformer", "DecisionTransformerConfig", "DecisionTransformerModel", "custom",
      "Decision Transformer (GPT-2 over return-to-go, state and action tokens) for offline RL",
      params=["batch_size"], cfg="state_dim=17, act_dim=6", note="state_dim=17, act_dim=6 as for the MuJoCo HalfCheetah checkpoints; 20-step context.",
      inputs="""
context = 20
inputs = {
    "states": torch.randn(batch_size, context, config.state_dim),
    "actions": torch.randn(batch_size, context, config.act_dim),
    "rewards": torch.randn(batch_size, context, 1),
    "returns_to_go": torch.randn(batch_size, context, 1),
    "timesteps": torch.arange(context).repeat(batch_size, 1),
    "attention_mask": torch.ones(batch_size, context, dtype=torch.long),
}""", task="reinforcement_learning"),
    M("uvdoc", "UVDocConfig", "UVDocModel", "custom", "UVDoc document unwarping (ResNet with dilated bridges, predicts a 2D rectification grid), one 712 x 488 page",
      cfg='backbone_config={"model_type": "uvdoc_backbone", "out_features": ["stage1", "stage2", "stage3", "stage4", "stage5", "stage6"]}',
      params=["batch_size"], inputs="""
inputs = {"pixel_values": torch.rand(batch_size, 3, 712, 488)}  # the image processor's size""", task="computer_vision",
      note="The default config's backbone returns only its last feature map, but the head reads the six bridges' maps"
      " concatenated (6 x 128 channels), as the released checkpoint's backbone returns them; this script asks for all six."),
    M("pp_ocrv6_small_det", "PPOCRV6SmallDetConfig", "PPOCRV6SmallDetModel", "custom",
      "PP-OCRv6 small text detector (PP-LCNetV3 backbone, RSE feature pyramid), one page image",
      cfg='backbone_config={"model_type": "pp_lcnet_v3", "scale": 0.75, "divisor": 16, "out_features": ["stage2", "stage3",'
      ' "stage4", "stage5"]}, layer_list_out_channels=[48, 96, 192, 384]',
      params=["batch_size", "height", "width"], inputs="""
inputs = {"pixel_values": torch.rand(batch_size, 3, height, width)}  # any multiple of 32 a side""", task="computer_vision",
      note="Without a backbone config the detector builds a PP-LCNetV4 recognition backbone (which only halves the height),"
      " not the PP-LCNetV3 the config class declares; this script asks for that one (scale 0.75, stages 2 to 5). The"
      " neck's input widths (layer_list_out_channels, 12, 18, 42 and 360 by default) are PP-OCRv5's projected widths,"
      " but this model has no projection, so they are set to the backbone's stage widths."),
    M("pp_ocrv6_medium_det", "PPOCRV6MediumDetConfig", "PPOCRV6MediumDetModel", "custom",
      "PP-OCRv6 medium text detector (HGNetV2 backbone, large-kernel PAN neck with intra-class blocks), one page image",
      cfg='backbone_config={"model_type": "hgnet_v2", "out_features": ["stage1", "stage2", "stage3", "stage4"]},'
      " intraclass_block_config=intraclass, scale_factor_list=[1, 2, 4, 8], kernel_list=[3, 2, 2]",
      params=["batch_size", "height", "width"], pre="""
# the intra-class blocks' convolutions, [kernel, stride, padding] each, as PaddleOCR's IntraCLBlock has them
intraclass = {
    "reduce_channel": [1, 1, 0], "return_channel": [1, 1, 0],
    "vertical_long_to_small_conv_longratio": [[7, 1], [1, 1], [3, 0]],
    "vertical_long_to_small_conv_midratio": [[5, 1], [1, 1], [2, 0]],
    "vertical_long_to_small_conv_shortratio": [[3, 1], [1, 1], [1, 0]],
    "horizontal_small_to_long_conv_longratio": [[1, 7], [1, 1], [0, 3]],
    "horizontal_small_to_long_conv_midratio": [[1, 5], [1, 1], [0, 2]],
    "horizontal_small_to_long_conv_shortratio": [[1, 3], [1, 1], [0, 1]],
    "symmetric_conv_long_longratio": [[7, 7], [1, 1], [3, 3]],
    "symmetric_conv_long_midratio": [[5, 5], [1, 1], [2, 2]],
    "symmetric_conv_long_shortratio": [[3, 3], [1, 1], [1, 1]],
}""", inputs="""
inputs = {"pixel_values": torch.rand(batch_size, 3, height, width)}  # any multiple of 32 a side""", task="computer_vision",
      note="The default config leaves the intra-class blocks' convolutions, the neck's upsampling factors and the head's"
      " kernels unset (None), and without a backbone config builds a PP-LCNetV4 recognition backbone (which only halves"
      " the height) rather than the HGNetV2 its config class declares; this script sets all four, the first three as"
      " PaddleOCR's detector has them and the backbone with HGNetV2Config's default sizes."),
    M("exaone4_5", "Exaone4_5_Config", "Exaone4_5_Model", "custom",
      "EXAONE 4.5 vision-language model (Qwen2.5-VL-style windowed ViT, EXAONE 4 decoder), one image and its text",
      cfg='text_config={"model_type": "exaone4", "num_hidden_layers": 1},'
      ' vision_config={"depth": 2, "fullatt_block_indexes": [1], "out_hidden_size": 4096}',
      params=TEXT + ["height", "width"], inputs="\nvision = config.vision_config\n" + PATCH_GRID + """text = torch.randint(1000, config.text_config.vocab_size, (batch_size, max_seq_length))  # ordinary tokens
input_ids = torch.cat([torch.full((batch_size, image_tokens), config.image_token_id), text], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    # the processor's layout: 14 x 14 patches, each flattened over its two frames
    "pixel_values": torch.rand(batch_size * rows * cols, vision.in_channels * vision.temporal_patch_size * vision.patch_size**2),
    "image_grid_thw": torch.tensor([[1, rows, cols]] * batch_size),
    "use_cache": False,
}""", task="multimodal",
      note="The default config has 11.7B parameters, over the corpora's CPU budget; this script keeps the widths and uses 1"
      " of the 32 text layers and 2 of the 32 vision layers, the second with full attention (as every eighth is in the"
      " default). The text config must name its model type, or the config cannot be built, and the vision merger's output"
      " width (3584 by default) is set to the text width (4096) that the image features replace token embeddings at."),
    M("glm_image", "GlmImageConfig", "GlmImageModel", "custom",
      "GLM-Image autoregressive image generator (GLM-4 decoder over text and VQ image tokens), a text prompt, one step"
      " over every position",
      cfg='text_config={"num_hidden_layers": 1, "rope_parameters": ' + GLM_ROPE + '}, vision_config={"depth": 2}',
      params=TEXT, inputs="""
inputs = {
    # ordinary text tokens: above the VQ image codes (0 to 16,511) and below the special tokens
    "input_ids": torch.randint(config.text_config.vision_vocab_size, 160000, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "use_cache": False,
}""", task="multimodal",
      note="The default config has 10.0B parameters, over the corpora's CPU budget; this script keeps the widths and uses 1 of"
      " the 40 text layers and 2 of the 40 vision layers. Its rotary embedding is set as in GLM-4.1V's released"
      " checkpoints: the default config leaves out the partial rotary factor (0.5), and its 3D rotary sections do not"
      " fit without it. The prompt is text only (text-to-image); an image-to-image call also passes the source images."),
    M("audioflamingo3_encoder", "AudioFlamingo3EncoderConfig", "AudioFlamingo3Encoder", "custom",
      "Audio Flamingo 3 audio encoder (Whisper-large-v3 encoder, then average pooling over time), 30 s of log-mel features",
      params=["batch_size"], inputs="""
frames = 2 * config.max_source_positions  # 3000: 30 s at a 10 ms hop, the only length its positions fit
inputs = {
    "input_features": torch.randn(batch_size, config.num_mel_bins, frames),
    "input_features_mask": torch.ones(batch_size, frames, dtype=torch.long),  # no padding
}""", task="audio"),
    M("musicflamingo", "MusicFlamingoConfig", "MusicFlamingoModel", "custom",
      "Music Flamingo audio-language model (Audio Flamingo 3 Whisper encoder with rotary time embeddings, Qwen2 decoder),"
      " 30 s of music and its text",
      cfg='audio_config={"model_type": "audioflamingo3_encoder", "num_hidden_layers": 4},'
      ' text_config={"model_type": "qwen2", "num_hidden_layers": 1}',
      params=TEXT, inputs="""
frames = 2 * config.audio_config.max_source_positions  # 3000: 30 s at a 10 ms hop, the only length its positions fit
audio_tokens = frames // 4  # 750: the encoder halves the frames twice (a strided convolution, then pooling)
text = torch.randint(150000, (batch_size, max_seq_length))  # ordinary tokens, below the special ones
input_ids = torch.cat([torch.full((batch_size, audio_tokens), config.audio_token_id), text], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "input_features": torch.randn(batch_size, config.audio_config.num_mel_bins, frames),
    "input_features_mask": torch.ones(batch_size, frames, dtype=torch.long),  # no padding
    "use_cache": False,
}""", task="audio",
      note="The default config (a Whisper-large encoder and a 32-layer Qwen2 decoder of width 4096) is over the corpora's CPU"
      " budget; this script keeps the widths and uses 4 of the 32 encoder layers and 1 of the 32 decoder layers. Sub-configs given as"
      " dicts must name their model type, or the config cannot be built."),
    M("voxtral_realtime", "VoxtralRealtimeConfig", "VoxtralRealtimeModel", "custom",
      "Voxtral Realtime streaming speech recogniser (causal Whisper-style encoder, its frames added to the decoder's"
      " token embeddings, one token per 80 ms), 10 s of log-mel features",
      cfg='audio_config={"num_hidden_layers": 4}, text_config={"num_hidden_layers": 1}',
      params=["batch_size"], inputs="""
frames = 1000  # 10 s at a 10 ms hop
tokens = frames // config.audio_length_per_tok  # 125: one decoder position per 8 frames
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, tokens)),  # the transcript so far, aligned to the audio
    "input_features": torch.randn(batch_size, config.audio_config.num_mel_bins, frames),
    "attention_mask": torch.ones(batch_size, tokens, dtype=torch.long),
    "num_delay_tokens": config.default_num_delay_tokens,  # how far the transcript lags the audio (480 ms)
    "use_cache": False,
}""", task="audio",
      note="The default config has 4.4B parameters, over the corpora's CPU budget; this script keeps the widths and uses"
      " 4 of the 32 encoder layers and 1 of the 26 decoder layers."),
    M("pocket_tts_audio_tokenizer_decoder", "PocketTTSAudioTokenizerDecoderConfig", "PocketTTSAudioTokenizerDecoderModel", "custom",
      "Pocket TTS audio tokenizer decoder (Mimi-style: transformer, then SEANet upsampling to a 24 kHz waveform), 4 s of"
      " latents",
      params=["batch_size"], inputs="""
frames = 50  # 4 s at 12.5 latent frames a second
inputs = {"latents": torch.randn(batch_size, config.hidden_size, frames)}  # the latents projected to the decoder's width""",
      task="audio"),
    M("muse_glimmer_assistant", "MuseGlimmerAssistantConfig", "MuseGlimmerAssistantModel", "custom",
      "Muse Glimmer assistant (a block-diffusion drafter for speculative decoding: denoises a block of 16 tokens while"
      " attending to the target model's hidden states), one block",
      cfg='num_hidden_layers=1, layer_types=["sliding_attention"]', params=TEXT, inputs="""
width = config.hidden_size
inputs = {
    # the last accepted token and the mask tokens to denoise, embedded by the target model
    "noise_embeds": torch.randn(batch_size, config.block_size, width),
    # the target model's hidden states at its selected layers, concatenated, for the accepted tokens so far
    "context_hidden_states": torch.randn(batch_size, max_seq_length, width * len(config.target_layer_ids)),
}""", task="nlp",
      note="The default config has 2.6B parameters, over the corpora's CPU budget; this script keeps the widths and uses 1"
      " of the 5 layers."),
    M("pe_audio_video", "PeAudioVideoConfig", "PeAudioVideoModel", "custom",
      "Perception Encoder audio-video-text model (PE audio and video encoders fused by a joint encoder, contrasted with"
      " text), 2 frames at 336 x 336 with 3 s of audio",
      cfg='audio_video_config={"num_hidden_layers": 1, "audio_config": {"model_type": "pe_audio_encoder", "num_hidden_layers": 1},'
      ' "video_config": {"model_type": "pe_video_encoder", "num_hidden_layers": 1}}, text_config={"num_hidden_layers": 1}',
      params=TEXT, inputs="""
frames = 2  # each frame is a 336 x 336 ViT-L pass: 2 keep the CPU time and memory down
size = 336  # vit_pe_core_large_patch14_336, the timm architecture of the frame encoder
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values_videos": torch.rand(batch_size, frames, 3, size, size),
    "input_values": torch.randn(batch_size, 1, 48000),  # 3 s at 16 kHz
}""", task="multimodal",
      note="The default config has 1.46B parameters and needs over 8 GB on a CPU; this script keeps the widths and uses 1"
      " of the 6 layers of each of the audio, video and joint audio-video encoders, and 1 text layer."),
    M("fun_asr_nano", "FunAsrNanoConfig", "FunAsrNanoModel", "custom",
      "Fun-ASR-Nano speech recogniser (SenseVoice SAN-M encoder, adaptor, Qwen3 decoder), 10 s of audio and its prompt",
      cfg='text_config={"model_type": "qwen3", "hidden_size": 1024, "intermediate_size": 3072, "num_hidden_layers": 8,'
      ' "num_attention_heads": 16, "num_key_value_heads": 8, "max_position_embeddings": 40960, "tie_word_embeddings": True}',
      params=TEXT, inputs="""
frames = 167  # 10 s: log-mel frames at a 10 ms hop, 7 stacked per step with a 6-frame stride (60 ms)
text = torch.randint(150000, (batch_size, max_seq_length))  # ordinary tokens, below the special ones
input_ids = torch.cat([torch.full((batch_size, frames), config.audio_token_id), text], dim=1)  # one token per step
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "input_features": torch.randn(batch_size, frames, config.audio_config.num_mel_bins * config.audio_config.num_stacked_frames),
    "input_features_mask": torch.ones(batch_size, frames, dtype=torch.long),  # no padding
    "use_cache": False,
}""", task="audio",
      note="The default config has 830M parameters, over the corpora's CPU budget; this script keeps the widths and the"
      " 70-layer encoder and uses 8 of the 28 decoder layers. A text config given as a dict replaces the default one"
      " whole, so it repeats the default's sizes (Qwen3-0.6B's), which the adaptor's width must match."),
    M("deepseek_ocr2", "DeepseekOcr2Config", "DeepseekOcr2Model", "custom",
      "DeepSeek-OCR 2 (SAM ViT-B, a Qwen2 encoder of learned queries, DeepSeek-MoE decoder), a two-page spread"
      " and its text",
      params=TEXT, pre="""# DeepSeek-OCR 2's sizes: its encoder a Qwen2-0.5B (as transformers' conversion script sets it),
# its decoder DeepSeek-3B-MoE (the released language_config): 64 experts, 6 a token, the first layer dense
encoder = {"hidden_size": 896, "intermediate_size": 4864, "num_hidden_layers": 4, "num_attention_heads": 14,
           "num_key_value_heads": 2, "rope_parameters": {"rope_type": "default", "rope_theta": 1000000.0}}
decoder = {"vocab_size": 129280, "hidden_size": 1280, "intermediate_size": 6848, "num_hidden_layers": 2,
           "num_attention_heads": 10, "moe_intermediate_size": 896, "n_routed_experts": 64, "n_shared_experts": 2,
           "num_experts_per_tok": 6, "mlp_layer_types": ["dense", "sparse"]}""",
      cfg='vision_config={"encoder_config": encoder}, text_config=decoder',
      inputs="""
# A two-page spread scanned at 850 x 1700 as DeepseekOcr2Processor prepares it: a global view padded to 1024 x 1024
# and, as it is over 768 a side, local crops: the grid of 2 to 6 tiles of 768 x 768 closest to its shape, 1 row of 2
patch, tiles = config.vision_config.sam_config.patch_size, 2
global_tokens = (1024 // patch // 4) ** 2  # 256 queries: 16 x 16 patches after the two stride-2 convolutions
local_tokens = (768 // patch // 4) ** 2  # 144 a tile
image_tokens = tiles * local_tokens + global_tokens + 1  # 545: the tiles, the global view and a separator
text = torch.randint(config.image_token_id, (batch_size, max_seq_length))  # ordinary tokens
input_ids = torch.cat([torch.full((batch_size, image_tokens), config.image_token_id), text], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "pixel_values": torch.rand(batch_size, 3, 1024, 1024),
    "pixel_values_local": torch.rand(batch_size * tiles, 3, 768, 768),
    "num_local_patches": [tiles] * batch_size,
    "use_cache": False,
}""", task="multimodal",
      note="DeepseekOcr2Config() gives no model that can be built: its text config leaves mlp_layer_types and"
      " num_experts_per_tok unset (None). Set, it is still not DeepSeek-OCR 2: its encoder has Qwen2Config's default"
      " sizes (4096 wide, 10.8B parameters), which the SAM tower's 896 output channels do not fit, and its 102,400-token"
      " vocabulary lacks the image token (128,815). This script uses DeepSeek-OCR 2's sizes, a Qwen2-0.5B encoder and"
      " the DeepSeek-3B-MoE decoder (129,280 tokens, 64 experts, 6 a token, the first layer dense), with 4 of the"
      " encoder's 24 layers and 2 of the decoder's 12 (one dense, one mixture-of-experts); the SAM tower keeps its 12"
      " layers. Height and width are not used: the image is a fixed 850 x 1700 spread, cut into the fewest tiles (two)"
      " the processor makes."),
    M("dots3_note", "Dots3NoteConfig", "Dots3NoteModel", "custom",
      "Dots 3 Note Preview omni model (ViT with a pyramid of mixture-of-experts layers, convolution and transformer audio"
      " encoder, mixture-of-experts MLA decoder with indexed sparse attention), one image, one audio clip and their text",
      cfg='text_config={"num_hidden_layers": 1, "first_k_dense_replace": 0, "n_routed_experts": 4,'
      ' "num_experts_per_tok": 4}, vision_config={"num_hidden_layers": 2, "pyramid_num_routed": [-1, 4]},'
      ' audio_config={"num_hidden_layers": 1}',
      params=TEXT + ["height", "width", "max_audio_seq_length"], inputs="\nvision, audio = config.vision_config, config.audio_config\n" + PATCH_GRID + """# a clip of max_audio_seq_length samples at 16 kHz (one chunk: at most 60 s): one token per 8 mel frames of 160 samples
audio_tokens = -(-max_audio_seq_length // audio.samples_per_token)
text = torch.randint(151643, (batch_size, max_seq_length))  # ordinary tokens, below the special ones
input_ids = torch.cat([
    torch.full((batch_size, image_tokens), config.image_token_id),
    torch.full((batch_size, audio_tokens), config.audio_token_id),
    text,
], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    # the image processor's layout: 14 x 14 patches, each flattened
    "pixel_values": torch.rand(batch_size * rows * cols, vision.num_channels * vision.patch_size**2),
    "image_grid_thw": torch.tensor([[1, rows, cols]] * batch_size),
    # the feature extractor's log-mel chunks, cut to 8 frames a token
    "input_features": torch.randn(batch_size, audio.feature_size, audio_tokens * 8),
    "chunk_sample_lengths": torch.tensor([max_audio_seq_length] * batch_size),
    "use_cache": False,
}""", task="multimodal",
      note="The default config has 286.5B parameters, over the corpora's CPU budget; this script keeps the widths and uses 1"
      " of the 46 text layers, a mixture-of-experts one (as 45 of them are) with 4 of its 256 experts, each token routed to"
      " all 4 (8 in the released model) besides the shared expert, 2 of the 42 vision layers and 1 of the 32 audio layers."
      " The vision encoder's expert schedule (pyramid_num_routed: 25 dense layers, then sparse ones with 4, 8, ..., 64 and"
      " 64 experts) keys its per_layer_config to layers 25 to 41, which a shrunk encoder lacks; the script gives the"
      " schedule of the two layers kept, [-1, 4]: the last dense layer and the first sparse one (4 experts, each patch"
      " routed to 2). The 152,064 x 5120 token embedding alone has 779M parameters, so the script has 1.26B and peaks near"
      " 5.7 GiB; with a dense text layer (as the first one is) and 2 audio layers it peaked at 6.2 GiB.",
      skip="1.26B parameters even shrunk to one layer of each stack (its 152,064 x 5120 embedding alone is 779M) and a"
      " peak of 5.7 GiB in one call: over the 1.25B parameters where the corpus stops, and at its 6 GB limit. It runs"
      " (25 s under --analyze-only, with other work beside it)."),
    M("molmo2", "Molmo2Config", "Molmo2Model", "custom",
      "Molmo 2 vision-language model (SigLIP 2 ViT over a global view and overlapping crops, attention pooling of 2 x 2"
      " patches, Qwen3 decoder), one image and its text",
      cfg='vision_config={"num_hidden_layers": 2}, adapter_config={"vision_feature_layer": [1, 0],'
      ' "text_hidden_size": 4096, "intermediate_size": 12288}, text_config={"num_hidden_layers": 1}',
      params=TEXT, inputs="""
# The image processor's tensors for one image of up to 378 x 378 pixels: its global view and one crop, each
# 27 x 27 patches of 14 x 14 pixels, and one image token per 2 x 2 patches (the odd last row and column padded)
vision = config.vision_config
side = vision.image_size[0] // vision.patch_size  # 27
pool = (side + 1) // 2  # 14
grid = torch.nn.functional.pad(torch.arange(side * side).reshape(side, side), (0, 1, 0, 1), value=-1)
pooling = grid.reshape(pool, 2, pool, 2).permute(0, 2, 1, 3).reshape(pool * pool, 4)  # the patches each token pools
per_image = torch.cat([pooling, torch.where(pooling >= 0, pooling + side * side, -1)])  # global view, then crop
offsets = [i * 2 * side * side for i in range(batch_size)]  # each image's two crops follow the previous ones
# the tokens the processor writes for it: <low_res_im_start>, rows of <im_patch> each ended by <im_col> (151939),
# <im_end>, then the same for the crop after <im_start>
row = [config.image_patch_id] * pool + [151939]
image = [config.low_res_image_start_token_id] + row * pool + [config.image_end_token_id]
image += [config.image_start_token_id] + row * pool + [config.image_end_token_id]
text = torch.randint(151643, (batch_size, max_seq_length))  # ordinary tokens, below the special ones
input_ids = torch.cat([torch.tensor([image] * batch_size), text], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "mm_token_type_ids": torch.cat([torch.ones(batch_size, len(image)), torch.zeros_like(text)], dim=1).long(),
    "pixel_values": torch.rand(batch_size * 2, side * side, vision.num_channels * vision.patch_size**2),
    "image_token_pooling": torch.cat([torch.where(per_image >= 0, per_image + offset, -1) for offset in offsets]),
    "image_grids": torch.tensor([[pool, pool, pool, pool]] * batch_size),  # pooled rows and columns of each view
    "image_num_crops": torch.tensor([2] * batch_size),
    "use_cache": False,
}""", task="multimodal",
      note="The default config has 8.07B parameters, over the corpora's CPU budget; this script keeps the widths and uses"
      " 1 of the 36 text layers and 2 of the 25 vision layers, and moves the adapter's vision_feature_layer from [24, 18]"
      " (the last layer and the one six before it) to [1, 0], which the shrunk ViT has. The default adapter projects to"
      " 3584 (a Qwen2-7B width) through 18944, which does not fit the 4096-wide text model; this script sets it to the"
      " text model's 4096 through 12288 (Qwen3-8B's MLP width; its own choice). Height and width are not used: any image"
      " up to 378 x 378 pixels gives the same global view and single crop."),
]
# fmt: on


AUTO = Path(__file__).parent / "transformers_auto.json"  # written by probe_transformers.py


def _literal(value: object) -> str:
    """``value`` (a config keyword argument read from JSON) as Python source, dicts with double quotes."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {_literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v) for v in value) + "]"
    if isinstance(value, (bool, type(None))):
        return repr(value)
    return json.dumps(value)


def auto_entry(info: dict) -> M:
    """The MODELS entry of a model type that probe_transformers.py built and ran."""
    from probe_transformers import inputs_code

    params, inputs, sentence = inputs_code(info["recipe"])
    cfg = ", ".join(f"{k}={_literal(v)}" for k, v in sorted(info["cfg"].items()))
    notes = []
    if info["shrunk"]:
        shrunk = "; ".join(
            f"{k}: {', '.join(f'{a}={n}' for a, n in sorted(v.items()))}" if isinstance(v, dict) else f"{k}={v}"
            for k, v in sorted(info["shrunk"].items())
        )
        notes.append(
            f"The default config has {info['default_params'] / 1e9:.2f}B parameters, over the corpora's CPU budget; "
            f"this script keeps its widths and shrinks {shrunk} ({info['params'] / 1e6:.0f}M parameters)."
        )
    if info["cfg"] != info["shrunk"]:
        notes.append(
            "The default text vocabulary does not hold the image token, so it is extended as the released "
            "checkpoints' is."
        )
    note = " ".join(notes)
    unused = info["recipe"].get("unused") or []
    kind = info["recipe"]["kind"]
    if unused:
        kind = "vlm" if any(name.startswith("pixel") for name in unused) else "features"
    return M(
        info["name"],
        info["config"],
        info["model"],
        "custom",
        f"{info['model']} (model type `{info['type']}`), {info['params'] / 1e6:.0f}M parameters",
        task={
            "image": "computer_vision",
            "audio": "audio",
            "features": "audio",
            "vlm": "multimodal",
            "image_text": "multimodal",
            "series": "time_series",
        }.get(kind, "nlp"),
        doc=info["type"],
        cfg=cfg,
        note=" ".join(x for x in (note, sentence, "Written by tools/corpora/probe_transformers.py.") if x),
        params=params,
        inputs=inputs,
        skip=info.get("skip", ""),
    )


def auto_models() -> list[M]:
    """The entries probe_transformers.py found to run, in model-type order."""
    if not AUTO.exists():
        return []
    probed = json.loads(AUTO.read_text())["probed"]
    return [auto_entry(info) for _, info in sorted(probed.items()) if "error" not in info]


def render(m: M) -> str:
    params = m.params or INPUTS[m.kind][0]
    inputs = m.inputs or INPUTS[m.kind][1]
    task = m.task or TASK.get(m.kind, "nlp")
    groups = "ci,daily" if m.ci else "daily"
    doc = DOCS + (m.doc or m.name)
    names = [m.config, m.model] + ([x.strip() for x in m.imports.split(",")] if m.imports else [])
    names = sorted(set(names), key=lambda n: (n not in (m.config, m.model), names.index(n)))
    imports = ", ".join(names)
    doc_lines = [
        f"{m.about}.",
        f"Built from transformers.{m.config}({'...' if m.cfg else ''}) with random weights: {m.model}(config).",
    ]
    if m.note:
        doc_lines += [""] + textwrap.wrap(m.note, 96)
    doc_lines += [f"Source: {doc}"]
    docstring = "\n".join(doc_lines)
    unpack = ", ".join(params) if len(params) > 1 else f"({params[0]},)"
    plist = ", ".join(f'"{p}"' for p in params)
    if m.config == "VisionEncoderDecoderConfig":
        config_line = f"config = VisionEncoderDecoderConfig.from_encoder_decoder_configs({m.cfg.rstrip()}\n)"
    else:
        config_line = f"config = {m.config}({m.cfg})"
    pre = f"{m.pre}\n" if m.pre else ""
    return f'''# labels: name::{m.name} author::huggingface task::{task} test_group::{groups}
"""
{docstring}
"""
from benchit.parser import parse
import torch
from transformers import {imports}

torch.manual_seed(0)
{unpack} = parse([{plist}])
{pre}
{config_line}
model = {m.model}(config).eval()
{inputs.strip()}

with torch.no_grad():
    model(**inputs)
'''


def main(only: list[str]) -> None:
    n = 0
    if not only:  # a full run rewrites the corpus: drop scripts of entries that were removed
        clear(OUT)
    for m in MODELS + auto_models():
        if only and m.name not in only:
            continue
        write(OUT, m.name, render(m), m.skip)
        n += 1
    print(f"wrote {n} scripts under {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
