"""Tool-use episodes as GRPO rollouts: the model calls a registered tool mid-answer.

Plain GRPO samples one completion per prompt and scores its text. An agent acts:
it writes a tool call, reads the tool's result, and goes on. Here a rollout is
such an episode, in the ``[TOOL_CALL:tool_name:parameters]`` text protocol that
:class:`~hello_agents.agents.SimpleAgent` speaks::

    [TOOL_CALL:python_calculator:12 * 2]      <- sampled from the model
    Observation: 24                            <- the tool's result, inserted
    Final Answer: 24                           <- sampled again, after reading it

:class:`ToolEpisodeRollout` is TRL's ``rollout_func``: GRPOTrainer hands it the
prompts of a batch, it samples until a call closes (``]``), runs the call through
a :class:`~hello_agents.tools.ToolRegistry` (the schema guard, time limit and
error observations of every other run), appends ``Observation: <result>`` and
samples on, up to ``max_tool_calls`` times. The observation tokens are masked out
of the loss (``env_mask``): the model is trained on what it wrote, not on what
the tool answered. Each episode's calls and results reach the reward functions
as the ``tool_calls`` column, so :class:`ToolUseReward` can read the whole
trajectory: was a tool called, was its result the answer, was the answer right.

The data (:func:`tool_use_records`) teaches the protocol first: its SFT
completions are made by running the same registry on each step of a problem.

This module imports without the ``ch11`` extra; the rollout itself needs torch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from hello_agents.agents.tool_call_protocol import parse_tool_calls
from hello_agents.core.exceptions import ConfigException
from hello_agents.rl.data import (
    FINAL_ANSWER,
    OBSERVATION_TEMPLATE,
    TOOL_NAME,
    TOOL_SYSTEM_PROMPT,
    TOOL_VOCABULARY,
    FormatType,
    final_answer,
    math_records,
)
from hello_agents.rl.rewards import (
    ToolUseReward,
    final_answer_of,
)
from hello_agents.tools.registry import ToolRegistry


def default_registry() -> ToolRegistry:
    """A registry holding the builtin calculator (``python_calculator``)."""
    from hello_agents.tools.builtin import CalculatorTool

    registry = ToolRegistry()
    registry.register_tool(CalculatorTool())
    return registry


def tool_use_prompt(question: str, system_prompt: str = TOOL_SYSTEM_PROMPT) -> str:
    """The ChatML prompt of an episode: the protocol as system message, then the question."""
    return (
        f"<|im_start|>system\n{system_prompt}<|im_end|>\n"
        f"<|im_start|>user\n{question}<|im_end|>\n<|im_start|>assistant\n"
    )


def tool_use_completion(
    gsm8k_answer: str, registry: ToolRegistry, tool_name: str = TOOL_NAME
) -> str:
    """A worked episode: one real call of ``tool_name`` per step, its result, the answer.

    The observations are what the registry's tool returns, so the SFT data shows
    the model exactly what it will read during GRPO.
    """
    from hello_agents.rl.data import solution_steps

    lines: list[str] = []
    for step in solution_steps(gsm8k_answer):
        expression = step.partition("=")[0].strip()
        result = registry.execute(tool_name, expression)
        lines.append(f"[TOOL_CALL:{tool_name}:{expression}]")
        lines.append(OBSERVATION_TEMPLATE.format(result=result.content).strip())
    return "\n".join([*lines, f"{FINAL_ANSWER} {final_answer(gsm8k_answer)}"])


def tool_use_records(
    split: str = "train",
    format_type: FormatType = "rl",
    max_samples: int | None = None,
    registry: ToolRegistry | None = None,
    source: str = "gsm8k",
) -> list[dict[str, Any]]:
    """The chapter's problems as tool-use episodes.

    Args:
        split: ``"train"`` or ``"test"`` (sliced or not).
        format_type: ``"sft"`` (``prompt``, ``completion``, ``text``) or ``"rl"``
            (``prompt``, ``ground_truth``, ``question``, ``full_answer``).
        max_samples: Keep the first so many.
        registry: Runs the calls of the SFT completions (the calculator by default).
        source: ``"gsm8k"`` (made locally) or a JSONL path of raw rows.

    Raises:
        ConfigException: ``format_type`` is not ``"sft"`` or ``"rl"``.
    """
    if format_type not in ("sft", "rl"):
        raise ConfigException(f"tool-use records are 'sft' or 'rl', not {format_type!r}")
    rows = math_records(source, split, "raw", max_samples)
    if format_type == "rl":
        return [
            {
                "prompt": tool_use_prompt(row["question"]),
                "ground_truth": final_answer(row["answer"]),
                "question": row["question"],
                "full_answer": row["answer"],
            }
            for row in rows
        ]
    tools = registry or default_registry()
    records = []
    for row in rows:
        prompt = tool_use_prompt(row["question"])
        completion = tool_use_completion(row["answer"], tools)
        records.append({"prompt": prompt, "completion": completion, "text": prompt + completion})
    return records


# ---- the episode and its rollout ---------------------------------------------------------


@dataclass
class ToolCallRecord:
    """One call made during an episode, as the reward reads it.

    Attributes:
        name: The tool called.
        arguments: The parameter text the model wrote.
        result: What the tool returned (or the error observation).
        ok: Whether the tool ran and succeeded.
    """

    name: str
    arguments: str
    result: str
    ok: bool


@dataclass
class Episode:
    """One rollout: the completion's tokens, which of them the model wrote, and its calls."""

    completion_ids: list[int] = field(default_factory=list)
    env_mask: list[int] = field(default_factory=list)
    calls: list[ToolCallRecord] = field(default_factory=list)
    done: bool = False

    def add(self, token_ids: Sequence[int], written_by_model: bool) -> None:
        """Append tokens; ``env_mask`` marks the model's with 1, the tool's with 0."""
        self.completion_ids.extend(token_ids)
        self.env_mask.extend([1 if written_by_model else 0] * len(token_ids))


class ToolEpisodeRollout:
    """TRL ``GRPOTrainer(rollout_func=...)``: sample, run tool calls, sample on.

    Args:
        registry: The tools the model may call (:func:`default_registry` by default).
        max_tool_calls: Calls per episode; after the last one the model must answer.
        observation_template: How a result is written back (``{result}``).

    Attributes:
        episodes_run: Episodes sampled so far.
        calls_run: Tool calls executed so far (each one through ``registry``).
        last_episodes: The episodes of the latest batch (for inspection).
    """

    def __init__(
        self,
        registry: ToolRegistry | None = None,
        max_tool_calls: int = 3,
        observation_template: str = OBSERVATION_TEMPLATE,
    ) -> None:
        if max_tool_calls < 1:
            raise ConfigException(f"max_tool_calls must be at least 1, not {max_tool_calls!r}")
        self.registry = registry or default_registry()
        self.max_tool_calls = max_tool_calls
        self.observation_template = observation_template
        self.episodes_run = 0
        self.calls_run = 0
        self.last_episodes: list[Episode] = []
        self._closing: dict[int, list[int]] = {}

    def __call__(self, prompts: list[Any], trainer: Any) -> dict[str, Any]:
        """Play one episode per prompt (GRPO's batch already repeats each prompt per group).

        Returns:
            ``prompt_ids``, ``completion_ids``, ``logprobs`` (``None``: the
            trainer computes them itself), ``env_mask`` and ``tool_calls`` (one
            list of :class:`ToolCallRecord` dicts per completion, for the rewards).
        """
        tokenizer = trainer.processing_class
        texts = [p if isinstance(p, str) else _render(p, tokenizer) for p in prompts]
        prompt_ids = [tokenizer(text, add_special_tokens=False)["input_ids"] for text in texts]
        episodes = self.play(
            prompt_ids,
            trainer.accelerator.unwrap_model(trainer.model),
            tokenizer,
            max_new_tokens=int(trainer.max_completion_length),
            temperature=trainer.temperature,
        )
        return {
            "prompt_ids": prompt_ids,
            "completion_ids": [episode.completion_ids for episode in episodes],
            "logprobs": None,
            "env_mask": [episode.env_mask for episode in episodes],
            "tool_calls": [[asdict(call) for call in episode.calls] for episode in episodes],
        }

    def play(
        self,
        prompt_ids: list[list[int]],
        model: Any,
        tokenizer: Any,
        max_new_tokens: int,
        temperature: float | None = 1.0,
    ) -> list[Episode]:
        """Play one episode per prompt with ``model``: sample, run each call, sample on.

        Args:
            prompt_ids: The prompts, tokenized.
            model: A causal LM (on the device it runs on).
            tokenizer: Its tokenizer.
            max_new_tokens: The budget of each completion, observations included.
            temperature: Sampling temperature; ``None`` or 0 decodes greedily.
        """
        import torch

        episodes = [Episode() for _ in prompt_ids]
        was_training = model.training
        model.eval()
        try:
            with torch.no_grad():
                for turn in range(self.max_tool_calls + 1):
                    active = [i for i, episode in enumerate(episodes) if not episode.done]
                    if not active:
                        break
                    self._sample_turn(
                        model, tokenizer, temperature, prompt_ids, episodes, active, max_new_tokens
                    )
                    for i in active:
                        last = turn == self.max_tool_calls
                        self._after_turn(episodes[i], tokenizer, max_new_tokens, last)
        finally:
            if was_training:
                model.train()
        self.episodes_run += len(episodes)
        self.last_episodes = episodes
        return episodes

    def _sample_turn(
        self,
        model: Any,
        tokenizer: Any,
        temperature: float | None,
        prompt_ids: list[list[int]],
        episodes: list[Episode],
        active: list[int],
        budget: int,
    ) -> None:
        """Sample every active episode on until it closes a call (``]``), ends, or runs out."""
        import torch

        pad = tokenizer.pad_token_id
        stops = [tokenizer.eos_token_id, *self._closing_ids(tokenizer)]
        sequences = [prompt_ids[i] + episodes[i].completion_ids for i in active]
        width = max(len(sequence) for sequence in sequences)
        input_ids = torch.tensor([[pad] * (width - len(s)) + s for s in sequences])
        attention = torch.tensor([[0] * (width - len(s)) + [1] * len(s) for s in sequences])
        room = max(budget - len(episodes[i].completion_ids) for i in active)
        sampling: dict[str, Any] = {"do_sample": False}
        if temperature:
            sampling = {"do_sample": True, "temperature": temperature, "top_p": 1.0, "top_k": 0}
        output = model.generate(
            input_ids=input_ids.to(model.device),
            attention_mask=attention.to(model.device),
            max_new_tokens=max(room, 1),
            eos_token_id=stops,
            pad_token_id=pad,
            **sampling,
        )
        for row, i in zip(output[:, width:].tolist(), active, strict=True):
            episode = episodes[i]
            new: list[int] = []
            for token in row:
                new.append(token)
                if token in stops:
                    break
            while new and new[-1] == pad and pad not in stops:
                new.pop()
            episode.add(new[: budget - len(episode.completion_ids)], written_by_model=True)

    def _closing_ids(self, tokenizer: Any) -> list[int]:
        """The tokens that can end a call: every token whose text holds ``]`` (a BPE
        tokenizer merges it into longer tokens such as ``]\n``), found once per tokenizer."""
        key = id(tokenizer)
        if key not in self._closing:
            vocabulary = tokenizer.get_vocab()
            special = set(getattr(tokenizer, "all_special_ids", []))
            self._closing[key] = sorted(
                index
                for token, index in vocabulary.items()
                if "]" in token and index not in special
            )
        return self._closing[key]

    def _after_turn(self, episode: Episode, tokenizer: Any, budget: int, last: bool) -> None:
        """Run the call the turn ended with, write its observation, or end the episode."""
        ids = episode.completion_ids
        if last or not ids or ids[-1] == tokenizer.eos_token_id or len(ids) >= budget:
            episode.done = True
            return
        written = [t for t, mine in zip(ids, episode.env_mask, strict=True) if mine]
        calls = parse_tool_calls(tokenizer.decode(written, skip_special_tokens=True))
        if len(calls) <= len(episode.calls):  # a "]" that closed no new call
            episode.done = True
            return
        call = calls[-1]
        result = self.registry.execute(call.tool, call.parameters)
        self.calls_run += 1
        episode.calls.append(ToolCallRecord(call.tool, call.parameters, result.content, result.ok))
        observation = self.observation_template.format(result=result.content)
        observation_ids = tokenizer(observation, add_special_tokens=False)["input_ids"]
        episode.add(observation_ids[: budget - len(ids)], written_by_model=False)
        if len(episode.completion_ids) >= budget:
            episode.done = True


def _render(messages: Any, tokenizer: Any) -> str:
    """A conversational prompt as text, by the tokenizer's chat template."""
    return str(tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True))


# ---- the reward that reads the trajectory ------------------------------------------------


def tool_use_summary(
    completions: Sequence[str], ground_truths: Sequence[Any], trajectories: Sequence[Any]
) -> dict[str, float]:
    """Shares of episodes that called a tool, answered with its result, and were right."""
    count = len(completions) or 1
    reward = ToolUseReward(1.0, 1.0, 1.0)
    parts = [
        reward.parts(text, truth, calls)
        for text, truth, calls in zip(completions, ground_truths, trajectories, strict=True)
    ]
    return {name: sum(p[name] for p in parts) / count for name in ("called", "used", "correct")}


def evaluate_tool_use(
    model_path: str,
    split: str = "test",
    max_samples: int | None = 50,
    registry: ToolRegistry | None = None,
    max_tool_calls: int = 3,
    max_new_tokens: int = 64,
    batch_size: int = 16,
) -> dict[str, Any]:
    """Play greedy tool-use episodes on the test problems and measure them.

    Args:
        model_path: A model or adapter folder (or the tiny model's name).
        split: Which split of the locally made problems.
        max_samples: How many problems.
        registry: The tools (the calculator by default).
        max_tool_calls: Calls per episode.
        max_new_tokens: Budget per episode, observations included.
        batch_size: Episodes played at once.

    Returns:
        ``num_samples``; ``called``, ``used`` and ``accuracy`` (shares, 0 to 1);
        ``average_reward`` (:class:`ToolUseReward`); ``calls_per_episode``; and
        ``episodes``: per problem the question, the episode's text, its calls and
        the ground truth.
    """
    from hello_agents.rl.tiny_model import load_model_and_tokenizer

    rows = tool_use_records(split, "rl", max_samples)
    model, tokenizer = load_model_and_tokenizer(model_path)
    rollout = ToolEpisodeRollout(registry, max_tool_calls=max_tool_calls)
    texts: list[str] = []
    trajectories: list[list[dict[str, Any]]] = []
    for start in range(0, len(rows), batch_size):
        batch = rows[start : start + batch_size]
        ids = [tokenizer(row["prompt"], add_special_tokens=False)["input_ids"] for row in batch]
        for episode in rollout.play(ids, model, tokenizer, max_new_tokens, temperature=None):
            texts.append(tokenizer.decode(episode.completion_ids, skip_special_tokens=True))
            trajectories.append([asdict(call) for call in episode.calls])
    truths = [row["ground_truth"] for row in rows]
    summary = tool_use_summary(texts, truths, trajectories)
    rewards = ToolUseReward()(texts, ground_truth=truths, tool_calls=trajectories)
    count = len(rows) or 1
    return {
        "num_samples": len(rows),
        "called": summary["called"],
        "used": summary["used"],
        "accuracy": summary["correct"],
        "average_reward": sum(rewards) / count,
        "calls_per_episode": sum(len(calls) for calls in trajectories) / count,
        "episodes": [
            {"question": row["question"], "episode": text, "calls": calls, "ground_truth": truth}
            for row, text, calls, truth in zip(rows, texts, trajectories, truths, strict=True)
        ],
    }


__all__ = [
    "OBSERVATION_TEMPLATE",
    "TOOL_NAME",
    "TOOL_SYSTEM_PROMPT",
    "TOOL_VOCABULARY",
    "Episode",
    "ToolCallRecord",
    "ToolEpisodeRollout",
    "ToolUseReward",
    "default_registry",
    "evaluate_tool_use",
    "final_answer_of",
    "tool_use_completion",
    "tool_use_prompt",
    "tool_use_records",
    "tool_use_summary",
]
