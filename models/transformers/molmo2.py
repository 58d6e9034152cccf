# labels: name::molmo2 author::huggingface task::multimodal test_group::daily
"""
Molmo 2 vision-language model (SigLIP 2 ViT over a global view and overlapping crops, attention pooling of 2 x 2 patches, Qwen3 decoder), one image and its text.
Built from transformers.Molmo2Config(...) with random weights: Molmo2Model(config).

The default config has 8.07B parameters, over the corpora's CPU budget; this script keeps the
widths and uses 1 of the 36 text layers and 2 of the 25 vision layers, and moves the adapter's
vision_feature_layer from [24, 18] (the last layer and the one six before it) to [1, 0], which
the shrunk ViT has. The default adapter projects to 3584 (a Qwen2-7B width) through 18944, which
does not fit the 4096-wide text model; this script sets it to the text model's 4096 through
12288 (Qwen3-8B's MLP width; its own choice). Height and width are not used: any image up to 378
x 378 pixels gives the same global view and single crop.
Source: https://huggingface.co/docs/transformers/model_doc/molmo2
"""
from benchit.parser import parse
import torch
from transformers import Molmo2Config, Molmo2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Molmo2Config(vision_config={"num_hidden_layers": 2}, adapter_config={"vision_feature_layer": [1, 0], "text_hidden_size": 4096, "intermediate_size": 12288}, text_config={"num_hidden_layers": 1})
model = Molmo2Model(config).eval()
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
}

with torch.no_grad():
    model(**inputs)
