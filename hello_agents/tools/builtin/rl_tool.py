"""``RLTrainingTool``: the chapter-11 tool, ``run({"action": ...})`` for every step.

Actions, with the tutorial's keys:

* ``train``: SFT or GRPO (:class:`~hello_agents.rl.TrainingConfig` lists every key;
  an unknown one is an error that lists the valid ones);
* ``load_dataset``: ``format`` (``"sft"``/``"rl"``/``"raw"``), ``split``, ``max_samples``;
* ``create_reward``: ``reward_type`` and its options; the reward is kept and used by
  ``train`` when that run names the same ``reward_type``;
* ``evaluate``: ``model_path``, ``max_samples``, ``k``, ``return_details``, ...

The answer is JSON text, as a tool's must be, that can also be read like the dict
it holds: ``json.loads(result)["accuracy"]`` and ``result["accuracy"]`` are the same
number. Failures come back as ``{"status": "error", "message": ...}``.
"""

from __future__ import annotations

import json
import logging
import traceback
from collections.abc import Callable, Mapping
from typing import Any, SupportsIndex

from hello_agents.core.exceptions import ConfigException
from hello_agents.tools.base import Tool, ToolParameter

logger = logging.getLogger(__name__)

ACTIONS = ("train", "load_dataset", "create_reward", "evaluate")
LOAD_DATASET_KEYS = ("format", "split", "max_samples", "model_name", "dataset")
EVALUATE_KEYS = (
    "model_path", "dataset", "split", "max_samples", "use_lora", "metrics", "k",
    "return_details", "max_new_tokens", "temperature", "reward_type", "reward_config", "seed",
    "tools", "max_tool_calls",
)  # fmt: skip
METRICS = (
    "accuracy", "accuracy_at_k", "average_reward", "average_length", "average_steps",
    "format_correctness", "error_types",
)  # fmt: skip
INSTALL_HINT = 'install the chapter\'s extra: pip install -e ".[ch11]"'


class JsonResult(str):
    """JSON text that can be indexed by key like the dict it encodes."""

    data: dict[str, Any]

    def __new__(cls, data: dict[str, Any]) -> JsonResult:
        result = super().__new__(cls, json.dumps(data, ensure_ascii=False, default=str))
        result.data = data
        return result

    def __getitem__(self, key: SupportsIndex | slice | str) -> Any:
        if isinstance(key, str):
            return self.data[key]
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        """The value under ``key``, or ``default``."""
        return self.data.get(key, default)


def _error(message: str, **more: Any) -> JsonResult:
    return JsonResult({"status": "error", "message": message, **more})


def _check_keys(params: Mapping[str, Any], allowed: tuple[str, ...], action: str) -> None:
    unknown = sorted(set(params) - {"action", *allowed})
    if unknown:
        raise ConfigException(
            f"unknown setting(s) {unknown} for action {action!r}; valid: {', '.join(allowed)}"
        )


class RLTrainingTool(Tool):
    """Train (SFT, GRPO), load data, build rewards and evaluate: chapter 11 in one tool."""

    def __init__(self) -> None:
        super().__init__(
            "rl_training",
            "Agentic RL: train a model with SFT or GRPO (LoRA), load math datasets, "
            "create rewards, and evaluate a trained model.",
        )
        self.datasets: dict[str, Any] = {}
        self.reward_functions: dict[str, Callable[..., list[float]]] = {}

    def get_parameters(self) -> list[ToolParameter]:
        return [
            ToolParameter(
                name="action",
                type="string",
                description="What to do: train, load_dataset, create_reward or evaluate.",
                enum=list(ACTIONS),
            ),
        ]

    def register_dataset(self, name: str, dataset: Any) -> None:
        """Make ``dataset`` (a ``datasets.Dataset`` or a list of rows) usable by its name."""
        self.datasets[name] = dataset

    def register_reward_function(self, name: str, function: Callable[..., list[float]]) -> None:
        """Make ``function`` the reward of GRPO runs on the dataset called ``name``."""
        self.reward_functions[name] = function

    def run(self, parameters: dict[str, Any]) -> str:
        """Do ``parameters["action"]``; the answer is JSON text also readable by key."""
        action = parameters.get("action", "train")
        handlers = {
            "train": self._train,
            "load_dataset": self._load_dataset,
            "create_reward": self._create_reward,
            "evaluate": self._evaluate,
        }
        if action not in handlers:
            return _error(f"unknown action {action!r}; valid actions: {', '.join(ACTIONS)}")
        try:
            return JsonResult({"status": "success", **handlers[action](parameters)})
        except ConfigException as error:
            return _error(str(error))
        except ImportError as error:
            return _error(f"{error}; {INSTALL_HINT}")
        except Exception as error:
            logger.exception("rl_training %s failed", action)
            return _error(f"{type(error).__name__}: {error}", traceback=traceback.format_exc())

    # ---- the actions ---------------------------------------------------------------------

    def _rows(self, name: str, format_type: str, split: str, max_samples: int | None) -> Any:
        from hello_agents.rl.data import format_records, math_records

        if name in self.datasets:
            registered = self.datasets[name]
            rows = registered.to_list() if hasattr(registered, "to_list") else list(registered)
            rows = rows[:max_samples] if max_samples is not None else rows
            return format_records(rows, format_type)  # type: ignore[arg-type]
        return math_records(name, split, format_type, max_samples)  # type: ignore[arg-type]

    def _train(self, params: Mapping[str, Any]) -> dict[str, Any]:
        from hello_agents.rl.config import TrainingConfig

        config = TrainingConfig.from_params(params, ignore=("action",))
        from hello_agents.rl.trainers import GRPOTrainerWrapper, SFTTrainerWrapper

        format_type = "sft" if config.algorithm == "sft" else "rl"
        if config.tools:
            return self._train_with_tools(config)
        if config.custom_dataset is not None:
            self.register_dataset("custom_dataset", config.custom_dataset)
            rows = self._rows("custom_dataset", format_type, config.split, config.max_samples)
        else:
            rows = self._rows(config.dataset, format_type, config.split, config.max_samples)
        if config.algorithm == "sft":
            result = SFTTrainerWrapper(config, rows).train()
        else:
            result = GRPOTrainerWrapper(config, rows, self._reward_for(config)).train()
        return result.to_dict()

    def _train_with_tools(self, config: Any) -> dict[str, Any]:
        """SFT on worked tool-use episodes, or GRPO whose rollouts run the calls."""
        from hello_agents.rl.data import FormatType
        from hello_agents.rl.tool_episodes import ToolEpisodeRollout, tool_use_records
        from hello_agents.rl.trainers import GRPOTrainerWrapper, SFTTrainerWrapper

        if config.custom_dataset is not None or config.dataset in self.datasets:
            raise ConfigException(
                "tools trains on the locally made problems (dataset 'gsm8k' or a JSONL "
                "file of raw rows), not on a registered or custom dataset"
            )
        shape: FormatType = "sft" if config.algorithm == "sft" else "rl"
        rows = tool_use_records(config.split, shape, config.max_samples, source=config.dataset)
        if config.algorithm == "sft":
            return SFTTrainerWrapper(config, rows).train().to_dict()
        rollout = ToolEpisodeRollout(max_tool_calls=config.max_tool_calls)
        wrapper = GRPOTrainerWrapper(config, rows, self._reward_for(config), rollout_func=rollout)
        result = wrapper.train().to_dict()
        result.update(episodes_run=rollout.episodes_run, tool_calls_run=rollout.calls_run)
        return result

    def _reward_for(self, config: Any) -> Callable[..., list[float]]:
        from hello_agents.rl.rewards import create_reward

        if config.custom_reward is not None:
            return config.custom_reward  # type: ignore[no-any-return]
        if config.dataset in self.reward_functions:
            return self.reward_functions[config.dataset]
        return create_reward(config.resolved_reward_type, config.reward_config)

    def _load_dataset(self, params: Mapping[str, Any]) -> dict[str, Any]:
        params = {("format" if k == "format_type" else k): v for k, v in params.items()}
        _check_keys(params, LOAD_DATASET_KEYS, "load_dataset")
        format_type = params.get("format", "sft")
        split = params.get("split", "train")
        rows = self._rows(
            params.get("dataset", "gsm8k"), format_type, split, params.get("max_samples", 100)
        )
        return {
            "format": format_type,
            "split": split,
            "dataset_size": len(rows),
            "sample_keys": list(rows[0]) if rows else [],
            "sample": rows[0] if rows else None,
        }

    def _create_reward(self, params: Mapping[str, Any]) -> dict[str, Any]:
        from hello_agents.rl.rewards import create_reward

        options = {k: v for k, v in params.items() if k not in ("action", "reward_type")}
        reward_type = params.get("reward_type", "accuracy")
        reward = create_reward(reward_type, options)
        return {"reward_type": reward_type, "description": reward.describe(), **options}

    def _evaluate(self, params: Mapping[str, Any]) -> dict[str, Any]:
        _check_keys(params, EVALUATE_KEYS, "evaluate")
        if "model_path" not in params:
            raise ConfigException("evaluate needs model_path (a model or adapter folder)")
        unknown = sorted(set(params.get("metrics") or ()) - set(METRICS))
        if unknown:
            raise ConfigException(f"unknown metric(s) {unknown}; valid: {', '.join(METRICS)}")
        if params.get("tools"):
            return self._evaluate_tool_use(params)
        from hello_agents.rl.evaluation import evaluate_model
        from hello_agents.rl.rewards import create_reward

        name = params.get("dataset", "gsm8k")
        split = params.get("split", "test")
        max_samples = params.get("max_samples", 100)
        dataset = self._rows(name, "rl", split, max_samples) if name in self.datasets else name
        reward = create_reward(params.get("reward_type", "accuracy"), params.get("reward_config"))
        result = evaluate_model(
            params["model_path"],
            dataset,
            split=split,
            max_samples=max_samples,
            reward_fn=reward,
            k=int(params.get("k", 1)),
            max_new_tokens=int(params.get("max_new_tokens", 64)),
            temperature=float(params.get("temperature", 0.8)),
            seed=int(params.get("seed", 0)),
        )
        return result.to_dict(details=bool(params.get("return_details", False)))

    def _evaluate_tool_use(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Greedy tool-use episodes: shares that called the tool, used it, were right."""
        from hello_agents.rl.config import TrainingConfig
        from hello_agents.rl.tool_episodes import evaluate_tool_use

        TrainingConfig(tools=list(params["tools"])).validate()
        result = evaluate_tool_use(
            params["model_path"],
            split=params.get("split", "test"),
            max_samples=params.get("max_samples", 100),
            max_tool_calls=int(params.get("max_tool_calls", 3)),
            max_new_tokens=int(params.get("max_new_tokens", 64)),
        )
        if not params.get("return_details", False):
            result.pop("episodes")
        return result


__all__ = ["JsonResult", "RLTrainingTool"]
