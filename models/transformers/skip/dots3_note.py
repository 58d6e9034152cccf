# labels: name::dots3_note author::huggingface task::multimodal test_group::daily
# skipped: 1.26B parameters even shrunk to one layer of each stack (its 152,064 x 5120 embedding
# alone is 779M) and a peak of 5.7 GiB in one call: over the 1.25B parameters where the corpus
# stops, and at its 6 GB limit. It runs (25 s under --analyze-only, with other work beside it).
"""
Dots 3 Note Preview omni model (ViT with a pyramid of mixture-of-experts layers, convolution and transformer audio encoder, mixture-of-experts MLA decoder with indexed sparse attention), one image, one audio clip and their text.
Built from transformers.Dots3NoteConfig(...) with random weights: Dots3NoteModel(config).

The default config has 286.5B parameters, over the corpora's CPU budget; this script keeps the
widths and uses 1 of the 46 text layers, a mixture-of-experts one (as 45 of them are) with 4 of
its 256 experts, each token routed to all 4 (8 in the released model) besides the shared expert,
2 of the 42 vision layers and 1 of the 32 audio layers. The vision encoder's expert schedule
(pyramid_num_routed: 25 dense layers, then sparse ones with 4, 8, ..., 64 and 64 experts) keys
its per_layer_config to layers 25 to 41, which a shrunk encoder lacks; the script gives the
schedule of the two layers kept, [-1, 4]: the last dense layer and the first sparse one (4
experts, each patch routed to 2). The 152,064 x 5120 token embedding alone has 779M parameters,
so the script has 1.26B and peaks near 5.7 GiB; with a dense text layer (as the first one is)
and 2 audio layers it peaked at 6.2 GiB.
Source: https://huggingface.co/docs/transformers/model_doc/dots3_note
"""
from benchit.parser import parse
import torch
from transformers import Dots3NoteConfig, Dots3NoteModel

torch.manual_seed(0)
batch_size, max_seq_length, height, width, max_audio_seq_length = parse(["batch_size", "max_seq_length", "height", "width", "max_audio_seq_length"])

config = Dots3NoteConfig(text_config={"num_hidden_layers": 1, "first_k_dense_replace": 0, "n_routed_experts": 4, "num_experts_per_tok": 4}, vision_config={"num_hidden_layers": 2, "pyramid_num_routed": [-1, 4]}, audio_config={"num_hidden_layers": 1})
model = Dots3NoteModel(config).eval()
vision, audio = config.vision_config, config.audio_config
unit = vision.patch_size * vision.spatial_merge_size  # 28 pixels a side make one image token
rows, cols = height // unit * vision.spatial_merge_size, width // unit * vision.spatial_merge_size  # in patches
image_tokens = rows * cols // vision.spatial_merge_size**2
# a clip of max_audio_seq_length samples at 16 kHz (one chunk: at most 60 s): one token per 8 mel frames of 160 samples
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
}

with torch.no_grad():
    model(**inputs)
