"""The parts of chapter 11 that need no torch: settings, data shapes, rewards, the tool's errors."""

from __future__ import annotations

import json

import pytest

from hello_agents.core.exceptions import ConfigException
from hello_agents.rl import TrainingConfig, create_reward, evaluate_rewards, extract_answer
from hello_agents.rl.data import generate_problems, gsm8k_style_split, math_records
from hello_agents.rl.evaluation import classify_error
from hello_agents.tools import RLTrainingTool


def test_an_unknown_setting_is_an_error_that_lists_the_valid_ones() -> None:
    with pytest.raises(
        ConfigException, match=r"unknown training setting 'learning_rte'.*learning_rate"
    ):
        TrainingConfig.from_params({"learning_rte": 1e-5})


def test_the_tool_answers_an_unknown_setting_with_an_error_json() -> None:
    result = RLTrainingTool().run({"action": "train", "lora_rnk": 4})
    data = json.loads(result)
    assert data["status"] == "error"
    assert "lora_rnk" in data["message"] and "lora_rank" in data["message"]
    assert result["status"] == "error"  # readable by key too


def test_grpo_defaults_to_a_small_learning_rate_and_checks_group_sizes() -> None:
    assert TrainingConfig(algorithm="grpo").resolved_learning_rate == 1e-6
    assert TrainingConfig(algorithm="sft").resolved_learning_rate == 5e-5
    with pytest.raises(ConfigException, match="multiple of num_generations"):
        TrainingConfig.from_params({"algorithm": "grpo", "batch_size": 3, "num_generations": 2})


def test_lora_r_is_read_as_lora_rank() -> None:
    assert TrainingConfig.from_params({"lora_r": 32}).lora_rank == 32


def test_the_data_comes_in_the_three_shapes_and_the_same_every_time() -> None:
    raw = math_records(format_type="raw", max_samples=3)
    assert set(raw[0]) == {"question", "answer"} and "####" in raw[0]["answer"]
    sft = math_records(format_type="sft", max_samples=3)
    assert set(sft[0]) == {"prompt", "completion", "text"}
    assert sft[0]["prompt"].startswith("<|im_start|>user\n")
    assert sft[0]["completion"].splitlines()[-1].startswith("Final Answer: ")
    rl = math_records(format_type="rl", max_samples=3)
    assert set(rl[0]) == {"prompt", "ground_truth", "question", "full_answer"}
    assert rl[0]["ground_truth"] == raw[0]["answer"].rsplit("#### ", 1)[1]
    assert generate_problems(5, seed=3) == generate_problems(5, seed=3)


def test_the_test_split_shares_no_question_with_the_train_split() -> None:
    train = {row["question"] for row in gsm8k_style_split("train")}
    test = [row["question"] for row in gsm8k_style_split("test")]
    assert len(test) == 200 and not train.intersection(test)
    assert len(gsm8k_style_split("train[:10]")) == 10


def test_accuracy_reads_final_answer_and_compares_numbers() -> None:
    reward = create_reward("accuracy")
    assert reward(
        ["Final Answer: 72", "Final Answer: 72.0", "Final Answer: 73"],
        ground_truth=["72", "72", "72"],
    ) == [1.0, 1.0, 0.0]
    assert extract_answer("Step 1 : 48 / 2 = 24 Final Answer : 72") == 72.0


def test_length_penalty_and_step_bonus_follow_the_chapter_formulas() -> None:
    penalty = create_reward("length_penalty", {"max_length": 200, "penalty_weight": 0.001})
    long_right = "x" * 483 + " Final Answer: 72"  # 500 characters
    assert penalty([long_right], ground_truth=["72"])[0] == pytest.approx(0.7)
    assert penalty(["Final Answer: 73"], ground_truth=["72"]) == [0.0]
    step = create_reward("step", {"step_bonus": 0.1})
    three_steps = "Step 1: a\nStep 2: b\nStep 3: c\nFinal Answer: 72"
    assert step([three_steps], ground_truth=["72"])[0] == pytest.approx(1.3)
    assert step([three_steps.replace("72", "73")], ground_truth=["72"]) == [0.0]


def test_a_combined_reward_adds_weighted_terms() -> None:
    combined = create_reward("combined", {"components": [
        {"type": "accuracy", "weight": 1.0},
        {"type": "length_penalty", "weight": 1.0, "target_length": 10, "penalty_weight": 0.01},
        {"type": "step", "weight": 1.0, "step_bonus": 0.1},
    ]})  # fmt: skip
    text = "Step 1: 48 / 2 = 24\nFinal Answer: 24"  # 36 characters, 26 past the target
    assert combined([text], ground_truth=["24"])[0] == pytest.approx(1.0 - 0.26 + 0.1)


def test_an_unknown_reward_option_is_an_error() -> None:
    with pytest.raises(ConfigException, match="step_bonus"):
        create_reward("step", {"step_bonu": 0.1})


def test_evaluate_rewards_summarises_in_numbers() -> None:
    summary = evaluate_rewards(["Final Answer: 1", "Final Answer: 2"], ["1", "1"],
                               create_reward("accuracy"))  # fmt: skip
    assert summary["mean_reward"] == 0.5 and summary["accuracy"] == 0.5


def test_errors_are_sorted_into_the_chapters_four_kinds() -> None:
    assert classify_error("Step 1: 48 / 2 = 24\nFinal Answer: 72", "72") is None
    assert classify_error("the answer is 70", "72") == "format"
    assert classify_error("Step 1: 48 / 2 = 25\nFinal Answer: 73", "72") == "calculation"
    assert classify_error("Step 1: 48 + 2 = 50\nFinal Answer: 50", "72") == "reasoning"
    assert classify_error("Final Answer: 50", "72") == "understanding"


def test_create_reward_returns_its_settings_as_numbers() -> None:
    result = RLTrainingTool().run(
        {
            "action": "create_reward",
            "reward_type": "length_penalty",
            "max_length": 1024,
            "penalty_weight": 0.001,
        }
    )
    assert result["status"] == "success" and result["penalty_weight"] == 0.001
    assert json.loads(result)["max_length"] == 1024


def test_load_dataset_reports_size_and_keys() -> None:
    result = RLTrainingTool().run({"action": "load_dataset", "format": "rl", "max_samples": 5})
    assert result["dataset_size"] == 5
    assert result["sample_keys"] == ["prompt", "ground_truth", "question", "full_answer"]
