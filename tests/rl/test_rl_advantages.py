"""GRPO's group-relative advantage in plain Python is TRL's, number for number."""

from __future__ import annotations

import importlib.util

import pytest

from hello_agents.core.exceptions import ConfigException
from hello_agents.rl import group_advantages


def test_each_group_is_centred_and_scaled_on_its_own() -> None:
    advantages = group_advantages([1.0, 0.0, 0.0, 1.0, 0.5, 0.5], 2)
    assert advantages[:4] == pytest.approx([0.7070, -0.7070, -0.7070, 0.7070], abs=1e-3)
    assert advantages[4:] == [0.0, 0.0]  # no variance: no signal
    assert group_advantages([1.0, 0.0, 0.0, 0.0], 4, scale=False) == [0.75, -0.25, -0.25, -0.25]


def test_rewards_that_do_not_split_into_groups_are_an_error() -> None:
    with pytest.raises(ConfigException, match="groups of 2"):
        group_advantages([1.0, 0.0, 1.0], 2)


@pytest.mark.skipif(importlib.util.find_spec("trl") is None, reason="needs the ch11 extra")
def test_the_same_numbers_as_trls_grpo_trainer() -> None:
    import torch
    from trl.trainer.utils import nanstd

    rewards = [0.2, 0.9, 0.4, 0.1, 0.7, 0.3, 1.0, 1.0, 1.0]
    grouped = torch.tensor(rewards).view(-1, 3)
    mean = grouped.mean(dim=1, keepdim=True)
    trl = ((grouped - mean) / (nanstd(grouped, dim=1, keepdim=True) + 1e-4)).flatten()
    assert group_advantages(rewards, 3) == pytest.approx(trl.tolist(), abs=1e-5)
