"""Write a tiny Qwen2 model as a GGUF file, as llama.cpp's converter lays one out.

The export of a real checkpoint (``hello_agents.rl.checkpoint``) reads the GGUF
files the embedded model ships; those take a minute to read. This writes one of
a few hundred kilobytes, in seconds, with the same layout (``qwen2`` metadata, a
byte-level BPE tokenizer with its merges and chat template, llama.cpp's tensor
names), so the export can be tested end to end on it: the model it writes must
compute what the model written here computes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
    "{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
SPECIALS = ("<|endoftext|>", "<|im_start|>", "<|im_end|>")
CORPUS = [
    "Lena has 12 apples and gets 30 more. How many apples does Lena have now?",
    "Step 1: 12 + 30 = 42\nFinal Answer: 42",
    "A box holds 6 books. How many books are in 7 boxes?",
    "user assistant system",
]


def byte_level_tokenizer() -> Any:
    """A byte-level BPE tokenizer, split as Qwen2's (``tokenizer.ggml.pre = qwen2``)."""
    from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers.models.qwen2.tokenization_qwen2 import PRETOKENIZE_REGEX

    core = Tokenizer(models.BPE())
    core.pre_tokenizer = pre_tokenizers.Sequence(  # Qwen2's split, then bytes as characters
        [
            pre_tokenizers.Split(Regex(PRETOKENIZE_REGEX), behavior="isolated"),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
        ]
    )
    core.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=400,
        special_tokens=list(SPECIALS),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    core.train_from_iterator(CORPUS * 20, trainer)
    return core


def write_tiny_gguf(path: Path, seed: int = 0) -> Any:
    """Write a random tiny Qwen2 model and its tokenizer to ``path``; return the model.

    Returns:
        The ``Qwen2ForCausalLM`` whose weights the file holds (float32, exactly).
    """
    import json

    import gguf
    import numpy as np
    import torch
    from transformers import Qwen2Config, Qwen2ForCausalLM

    tokenizer = byte_level_tokenizer()
    vocab: dict[str, int] = tokenizer.get_vocab()
    tokens = [token for token, _ in sorted(vocab.items(), key=lambda item: item[1])]
    merges = [
        " ".join(pair) if isinstance(pair, list) else pair
        for pair in json.loads(tokenizer.to_str())["model"]["merges"]
    ]
    special_ids = {token: vocab[token] for token in SPECIALS}

    config = Qwen2Config(
        vocab_size=len(tokens),
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=128,
        rms_norm_eps=1e-6,
        rope_theta=10000.0,
        tie_word_embeddings=False,
    )
    torch.manual_seed(seed)
    model = Qwen2ForCausalLM(config).eval()

    writer = gguf.GGUFWriter(str(path), "qwen2")
    writer.add_name("tiny-qwen2-gguf")
    writer.add_context_length(config.max_position_embeddings)
    writer.add_embedding_length(config.hidden_size)
    writer.add_block_count(config.num_hidden_layers)
    writer.add_feed_forward_length(config.intermediate_size)
    writer.add_head_count(config.num_attention_heads)
    writer.add_head_count_kv(config.num_key_value_heads)
    writer.add_layer_norm_rms_eps(config.rms_norm_eps)
    writer.add_rope_freq_base(10000.0)
    writer.add_file_type(gguf.LlamaFileType.ALL_F32)
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("qwen2")
    writer.add_token_list(tokens)
    writer.add_token_types(
        [
            gguf.TokenType.CONTROL if token in special_ids else gguf.TokenType.NORMAL
            for token in tokens
        ]
    )
    writer.add_token_merges(merges)
    writer.add_bos_token_id(special_ids["<|endoftext|>"])
    writer.add_eos_token_id(special_ids["<|im_end|>"])
    writer.add_pad_token_id(special_ids["<|endoftext|>"])
    writer.add_chat_template(CHAT_TEMPLATE)

    names = gguf.get_tensor_name_map(gguf.MODEL_ARCH.QWEN2, config.num_hidden_layers)
    for hf_name, tensor in model.state_dict().items():
        gguf_name = names.get_name(hf_name, try_suffixes=(".weight", ".bias"))
        if gguf_name is None:
            raise ValueError(f"no GGUF name for {hf_name}")
        writer.add_tensor(gguf_name, tensor.detach().numpy().astype(np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return model
