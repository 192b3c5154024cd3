"""``hello-agents rl export-checkpoint``: the ``rl`` command's arguments and handler."""

from __future__ import annotations

import argparse
import sys

RL_EPILOG = """examples:
  hello-agents rl export-checkpoint                         the embedded Qwen2.5-Coder-0.5B
  hello-agents rl export-checkpoint qwen2.5-coder-1.5b --output ./qwen-1.5b
  hello-agents rl export-checkpoint ./any-qwen2-or-llama.gguf

Then pass the folder it prints as model_name (train) or model_path (evaluate)."""


def add_subcommands(parser: argparse.ArgumentParser) -> None:
    """``rl export-checkpoint [MODEL] [--output PATH] [--overwrite]``."""
    jobs = parser.add_subparsers(required=True, metavar="JOB")
    export = jobs.add_parser(
        "export-checkpoint",
        help="write a GGUF model (the embedded one by default) as a Hugging Face folder",
        description=(
            "Dequantize a GGUF model and write it as a Hugging Face folder (config, "
            "safetensors, tokenizer with its chat template) that chapter 11's training "
            "and evaluation take as model_name. Needs the ch11 extra."
        ),
        epilog=RL_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    export.add_argument(
        "model",
        nargs="?",
        default="qwen2.5-coder-0.5b",
        help="a catalogue name (qwen2.5-coder-0.5b, qwen2.5-coder-1.5b) or a GGUF file",
    )
    export.add_argument("--output", metavar="PATH", help="the folder to write (default: cache)")
    export.add_argument("--overwrite", action="store_true", help="export again if it is there")


def run(arguments: argparse.Namespace) -> int:
    """Export the checkpoint, printing each stage, then the folder on the last line."""
    from hello_agents.rl.checkpoint import export_gguf_checkpoint

    def say(line: str) -> None:
        sys.stderr.write(f"{line}\n")

    folder = export_gguf_checkpoint(
        arguments.model, arguments.output, overwrite=arguments.overwrite, progress=say
    )
    sys.stdout.write(f"{folder}\n")
    return 0
