"""Tool-use episodes as GRPO rollouts: the tool really runs mid-episode, its result is
written back for the model to read (masked out of the loss), and the reward reads it.

The reward and data tests are plain Python; the rollout tests need the ``ch11`` extra
(skip without it; fail instead under HELLO_AGENTS_REQUIRE_CH11=1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hello_agents.rl import TrainingConfig
from hello_agents.rl.tool_episodes import (
    TOOL_NAME,
    ToolEpisodeRollout,
    ToolUseReward,
    final_answer_of,
    tool_use_records,
    tool_use_summary,
)
from hello_agents.tools import ToolRegistry
from hello_agents.tools.builtin import CalculatorTool

CALL = {"name": TOOL_NAME, "arguments": "12 * 2", "result": "24", "ok": True}
FAILED = {"name": TOOL_NAME, "arguments": "12 *", "result": "failed: invalid syntax", "ok": False}


def test_the_reward_reads_call_use_and_correctness_from_the_trajectory() -> None:
    reward = ToolUseReward(call_weight=0.2, use_weight=0.3, accuracy_weight=1.0)
    text = "[TOOL_CALL:python_calculator:12 * 2] Observation: 24 Final Answer: 24"
    scores = reward(
        [
            text,
            text,
            text,
            "Final Answer: 24",
            "[TOOL_CALL:python_calculator:12 *] Final Answer: 9",
        ],
        ground_truth=["24", "25", "24", "24", "9"],
        tool_calls=[[CALL], [CALL], [], [], [FAILED]],
    )
    assert scores == pytest.approx([1.5, 0.5, 1.0, 1.0, 1.0])


def test_a_number_only_in_the_observation_is_not_an_answer() -> None:
    text = "[TOOL_CALL:python_calculator:12 * 2] Observation: 24"
    assert final_answer_of(text) is None
    assert ToolUseReward()([text], ground_truth=["24"], tool_calls=[[CALL]]) == [0.2]


def test_the_sft_episodes_hold_the_real_tools_results() -> None:
    (record,) = tool_use_records(format_type="sft", max_samples=1)
    calls = [line for line in record["completion"].splitlines() if line.startswith("[TOOL_CALL")]
    observations = [line for line in record["completion"].splitlines() if "Observation" in line]
    calculator = CalculatorTool()
    for call, observation in zip(calls, observations, strict=True):
        expression = call.removeprefix(f"[TOOL_CALL:{TOOL_NAME}:").removesuffix("]")
        assert observation == f"Observation: {calculator.run({'input': expression})}"
    assert record["completion"].endswith(f"Final Answer: {record['completion'].split()[-1]}")
    rl = tool_use_records(format_type="rl", max_samples=1)[0]
    assert rl["prompt"] == record["prompt"] and "python_calculator" in rl["prompt"]


def test_summary_counts_called_used_and_correct() -> None:
    summary = tool_use_summary(
        ["Final Answer: 24", "Final Answer: 7"], ["24", "24"], [[CALL], [FAILED]]
    )
    assert summary == {"called": 0.5, "used": 0.5, "correct": 0.5}


# ---- the rollouts, in a real GRPO run ------------------------------------------------------


class RecordingReward(ToolUseReward):
    """The tool-use reward, keeping every ``tool_calls`` column it was given."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[list[dict[str, Any]]] = []

    def __call__(self, completions: Any, **columns: Any) -> list[float]:
        self.seen.extend(columns["tool_calls"])
        return super().__call__(completions, **columns)


@pytest.fixture(scope="module")
def tool_sft_model(rl_cache: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The tiny model fully fine-tuned on 128 worked tool-use episodes (80 steps)."""
    from hello_agents.rl import SFTTrainerWrapper

    output = tmp_path_factory.mktemp("tool-sft")
    config = TrainingConfig.from_params({
        "algorithm": "sft", "output_dir": str(output), "max_samples": 128, "num_epochs": 5,
        "batch_size": 8, "learning_rate": 3e-3, "use_lora": False, "logging_steps": 20,
        "seed": 0,
    })  # fmt: skip
    result = SFTTrainerWrapper(config, tool_use_records(format_type="sft", max_samples=128)).train()
    assert result.loss_curve[-1] < result.loss_curve[0] / 2
    return str(output)


def test_grpo_rollouts_run_the_registered_tool_and_the_reward_reads_its_results(
    tool_sft_model: str, tmp_path: Path
) -> None:
    from hello_agents.rl import GRPOTrainerWrapper

    executed: list[tuple[str, str]] = []
    calculator = CalculatorTool()

    def recording_calculator(input: str) -> str:
        output = calculator.run({"input": input})
        executed.append((input, output))
        return output

    registry = ToolRegistry()
    registry.register_function(
        TOOL_NAME, "Evaluates an arithmetic expression.", recording_calculator
    )
    rollout = ToolEpisodeRollout(registry, max_tool_calls=2)
    reward = RecordingReward()
    config = TrainingConfig.from_params({
        "algorithm": "grpo", "model_name": tool_sft_model, "output_dir": str(tmp_path),
        "max_steps": 3, "batch_size": 8, "num_generations": 4, "max_new_tokens": 40,
        "learning_rate": 5e-3, "kl_coef": 0.0, "logging_steps": 1, "seed": 0,
    })  # fmt: skip
    rows = tool_use_records(format_type="rl", max_samples=16)
    result = GRPOTrainerWrapper(config, rows, reward, rollout_func=rollout).train()

    assert result.steps == 3 and (tmp_path / "adapter_config.json").is_file()
    assert rollout.episodes_run == len(reward.seen) == 3 * 8
    # Every call the tool ran to the end reached the reward, with the tool's own output.
    succeeded = [
        (call["arguments"], call["result"]) for calls in reward.seen for call in calls if call["ok"]
    ]
    assert executed and succeeded == executed
    assert rollout.calls_run >= len(executed)
    assert len(result.reward_curve) == 3


def test_the_observation_is_masked_out_of_the_loss(tool_sft_model: str, tmp_path: Path) -> None:
    from hello_agents.rl import GRPOTrainerWrapper

    rollout = ToolEpisodeRollout(max_tool_calls=1)
    config = TrainingConfig.from_params({
        "algorithm": "grpo", "model_name": tool_sft_model, "output_dir": str(tmp_path),
        "max_steps": 1, "batch_size": 8, "num_generations": 4, "max_new_tokens": 40,
        "seed": 1,
    })  # fmt: skip
    trainer = GRPOTrainerWrapper(
        config, tool_use_records(format_type="rl", max_samples=8), ToolUseReward(), rollout
    ).build_trainer()
    tokenizer = trainer.processing_class
    output = rollout([row["prompt"] for row in tool_use_records(max_samples=8)], trainer)
    with_call = [
        (ids, mask, calls)
        for ids, mask, calls in zip(
            output["completion_ids"], output["env_mask"], output["tool_calls"], strict=True
        )
        if calls
    ]
    assert with_call, "no episode called the tool"
    for ids, mask, calls in with_call:
        assert len(ids) == len(mask)
        masked = [token for token, mine in zip(ids, mask, strict=True) if mine == 0]
        observation = tokenizer(f"\nObservation: {calls[0]['result']}\n")["input_ids"]
        # The observation, cut only where the completion's token budget ends.
        assert masked and masked == observation[: len(masked)]
        assert mask.index(0) > 0 and 1 in mask


def test_tools_is_checked_and_makes_tool_use_the_default_reward() -> None:
    from hello_agents.core.exceptions import ConfigException
    from hello_agents.rl.rewards import create_reward

    with pytest.raises(ConfigException, match="python_calculator"):
        TrainingConfig.from_params({"algorithm": "grpo", "tools": ["web_search"]})
    config = TrainingConfig.from_params({"algorithm": "grpo", "tools": [TOOL_NAME]})
    assert config.resolved_reward_type == "tool_use"
    reward = create_reward("tool_use", {"call_weight": 0.5})
    assert isinstance(reward, ToolUseReward) and reward.call_weight == 0.5


def test_the_rl_tool_trains_and_evaluates_tool_use_episodes(
    tool_sft_model: str, tmp_path: Path
) -> None:
    from hello_agents.tools import RLTrainingTool

    rl_tool = RLTrainingTool()
    result = rl_tool.run({
        "action": "train", "algorithm": "grpo", "tools": [TOOL_NAME], "max_tool_calls": 1,
        "model_name": tool_sft_model, "output_dir": str(tmp_path), "max_samples": 8,
        "max_steps": 1, "batch_size": 8, "num_generations": 4, "max_new_tokens": 32,
    })  # fmt: skip
    assert result["status"] == "success", result
    assert result["episodes_run"] == 8 and result["tool_calls_run"] >= 1
    evaluation = rl_tool.run({
        "action": "evaluate", "model_path": str(tmp_path), "tools": [TOOL_NAME],
        "max_samples": 4, "return_details": True,
    })  # fmt: skip
    assert evaluation["status"] == "success", evaluation
    assert evaluation["num_samples"] == 4 and len(evaluation["episodes"]) == 4
    for metric in ("called", "used", "accuracy", "average_reward", "calls_per_episode"):
        assert isinstance(evaluation[metric], float), metric
