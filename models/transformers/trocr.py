# labels: name::trocr author::huggingface task::multimodal test_group::daily
"""
TrOCR-style OCR: ViT encoder + TrOCR text decoder in a VisionEncoderDecoderModel.
Built from transformers.VisionEncoderDecoderConfig(...) with random weights: VisionEncoderDecoderModel(config).

Built with VisionEncoderDecoderConfig.from_encoder_decoder_configs(ViTConfig, TrOCRConfig): the
base-sized encoder and decoder.
Source: https://huggingface.co/docs/transformers/model_doc/trocr
"""
from benchit.parser import parse
import torch
from transformers import VisionEncoderDecoderConfig, VisionEncoderDecoderModel, TrOCRConfig, ViTConfig

torch.manual_seed(0)
batch_size, max_seq_length, num_channels, height, width = parse(["batch_size", "max_seq_length", "num_channels", "height", "width"])

config = VisionEncoderDecoderConfig.from_encoder_decoder_configs(
    ViTConfig(image_size=height, num_channels=num_channels),
    TrOCRConfig(),
)
model = VisionEncoderDecoderModel(config).eval()
inputs = {
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
    "decoder_input_ids": torch.randint(config.decoder.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
