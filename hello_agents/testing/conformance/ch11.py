"""The checks for chapter 11's exercises: a reward, GRPO's advantage, a data formatter.

Plain Python: none of them needs torch or TRL.

* ``accuracy_reward``: ``func(completions, **columns) -> list[float]``, called the
  way TRL's GRPOTrainer calls a reward: one completion per sample (text, or a list
  of chat messages), the dataset's columns as lists (``ground_truth=[...]``);
  1.0 for a right final answer, 0.0 otherwise
  (:class:`hello_agents.rl.AccuracyReward` is the reference).
* ``group_advantages``: ``func(rewards, num_generations, scale=True) -> list[float]``,
  TRL's group-relative advantage (:func:`hello_agents.rl.advantages.group_advantages`).
* ``dataset_formatter``: ``func(row, format_type) -> dict``: a raw GSM8K row
  (``question``, ``answer``) in the SFT shape (``prompt``, ``completion``) or the
  RL shape (``prompt``, ``ground_truth``) (:mod:`hello_agents.rl.data`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    refused,
    run_cases,
    short,
)

# ---- the reward ---------------------------------------------------------------------------


def check_accuracy_reward(
    func: Callable[..., Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check an accuracy reward ``func(completions, **columns) -> list[float]``."""

    def scores(completions: list[Any], truths: list[Any], **more: Any) -> Any:
        return func(completions, ground_truth=truths, **more)

    def case(completion: Any, truth: Any, wanted: float, what: str, hint: str = "") -> None:
        got = scores([completion], [truth])
        expect(
            isinstance(got, list) and len(got) == 1 and got[0] == wanted,
            f"{what}: [{wanted}]",
            f"{short(got)} for {short(completion)} with ground_truth {truth!r}",
            hint,
        )

    def one_float_per_completion() -> None:
        got = scores(["Final Answer: 4", "Final Answer: 5", "no idea"], ["4", "4", "4"])
        expect(
            isinstance(got, list) and len(got) == 3,
            "a list with one reward per completion (3 completions: 3 rewards)",
            short(got),
            "return a list as long as completions, in the same order.",
        )
        expect(
            all(type(value) is float for value in got),
            "floats (1.0 and 0.0), not bools or ints",
            short(got),
            "write 1.0 if correct else 0.0: TRL stacks the rewards into a float tensor.",
        )
        expect(got == [1.0, 0.0, 0.0], "[1.0, 0.0, 0.0]", short(got))

    def final_answer_wins() -> None:
        text = "Step 1: 12 * 2 = 24\nStep 2: 24 + 12 = 36\nFinal Answer: 36"
        case(
            text,
            "36",
            1.0,
            "the number after 'Final Answer:' is the answer",
            "take the number after 'Final Answer:', not the first number of the text.",
        )
        text = "Final Answer: 36. I checked 12 twice."
        case(
            text,
            "36",
            1.0,
            "a number after the Final Answer does not replace it",
            "search for 'Final Answer:' first; fall back to the last number only without it.",
        )

    def fallbacks() -> None:
        case(
            "12 + 24 = 36\n#### 36",
            "36",
            1.0,
            "GSM8K's '#### 36' is read",
            "without 'Final Answer:', read the number after '####'.",
        )
        case(
            "so the total is 36",
            "36",
            1.0,
            "without a marker, the last number is the answer",
            "without any marker, take the last number of the text.",
        )

    def numbers_not_strings() -> None:
        case(
            "Final Answer: 72.0",
            "72",
            1.0,
            "'72.0' equals the ground truth '72'",
            "compare numbers (float(...)), not strings.",
        )
        case(
            "Final Answer: 1,200",
            "1200",
            1.0,
            "'1,200' equals '1200'",
            "remove thousands separators before converting.",
        )
        case(
            "Final Answer: -3",
            "-3",
            1.0,
            "a negative answer is read with its sign",
            "let the number pattern start with an optional '-'.",
        )
        case("Final Answer: 37", "36", 0.0, "a wrong number scores 0.0")

    def no_answer_is_zero() -> None:
        case(
            "I do not know.",
            "36",
            0.0,
            "a completion without a number scores 0.0",
            "return 0.0 when no number is found, never raise.",
        )
        case(
            "",
            "36",
            0.0,
            "an empty completion scores 0.0",
            "return 0.0 when no number is found, never raise.",
        )

    def chat_completions() -> None:
        messages = [{"role": "assistant", "content": "Final Answer: 36"}]
        case(
            messages,
            "36",
            1.0,
            "a chat completion (list of messages) is read from its last message's content",
            "when a completion is a list of dicts, score completion[-1]['content'].",
        )

    def other_columns_ignored() -> None:
        got = scores(["Final Answer: 8"], ["8"], question=["4 + 4?"], prompts=["p"])
        expect(
            got == [1.0],
            "other dataset columns passed as keywords (question=..., prompts=...) are ignored",
            short(got),
            "accept **kwargs: TRL passes every dataset column to the reward.",
        )

    cases = [
        Case(
            "one float per completion",
            one_float_per_completion,
            "return [1.0 if right else 0.0 for each completion].",
            expected="3 completions give [1.0, 0.0, 0.0]",
        ),
        Case(
            "the Final Answer line decides",
            final_answer_wins,
            "read the number after 'Final Answer:'.",
            expected="'...Final Answer: 36' scores 1.0 against '36'",
        ),
        Case(
            "#### and the last number as fallbacks",
            fallbacks,
            "without 'Final Answer:', try '####', then the last number.",
            expected="'#### 36' and 'the total is 36' both score 1.0 against '36'",
        ),
        Case(
            "answers compare as numbers",
            numbers_not_strings,
            "convert both sides with float() after removing commas.",
            expected="'72.0' vs '72', '1,200' vs '1200', '-3' vs '-3' score 1.0",
        ),
        Case(
            "no answer scores zero",
            no_answer_is_zero,
            "return 0.0 when there is no number.",
            expected="'I do not know.' and '' score 0.0",
        ),
        Case(
            "chat completions",
            chat_completions,
            "read the content of the last message of a list completion.",
            expected="[{'role': 'assistant', 'content': 'Final Answer: 36'}] scores 1.0",
        ),
        Case(
            "extra columns are accepted",
            other_columns_ignored,
            "accept **kwargs (TRL passes every dataset column as a keyword); read only "
            "kwargs['ground_truth'].",
            expected="func(['Final Answer: 8'], ground_truth=['8'], question=[...]) == [1.0]",
        ),
    ]
    return run_cases("accuracy_reward", func, cases, raise_on_failure=raise_on_failure)


# ---- the advantage ------------------------------------------------------------------------


def _close(got: Any, wanted: Sequence[float]) -> bool:
    return (
        isinstance(got, (list, tuple))
        and len(got) == len(wanted)
        and all(
            isinstance(value, (int, float)) and not math.isnan(value) and abs(value - target) < 1e-3
            for value, target in zip(got, wanted, strict=True)
        )
    )


def _rounded(values: Any) -> str:
    if isinstance(values, (list, tuple)):
        return (
            "["
            + ", ".join(f"{v:.4f}" if isinstance(v, (int, float)) else repr(v) for v in values)
            + "]"
        )
    return short(values)


def check_group_advantages(
    func: Callable[..., Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a group-relative advantage ``func(rewards, num_generations, scale=True)``."""
    # Two groups of 4: the first has rewards 1, 0, 0, 1 (mean 0.5, sample std 0.5774).
    rewards = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]
    spread = math.sqrt(((0.5**2) * 4) / 3) + 1e-4
    first = [0.5 / spread, -0.5 / spread, -0.5 / spread, 0.5 / spread]
    second_spread = math.sqrt((3 * 0.25**2 + 0.75**2) / 3) + 1e-4
    second = [-0.25 / second_spread] * 3 + [0.75 / second_spread]

    def centred_per_group() -> None:
        got = func(rewards, 4, scale=False)
        wanted = [0.5, -0.5, -0.5, 0.5, -0.25, -0.25, -0.25, 0.75]
        hint = "subtract each group's own mean, not the mean of the whole batch."
        if _close(got, [r - 0.375 for r in rewards]):
            hint = "you used the whole batch's mean (0.375); " + hint
        expect(_close(got, wanted), f"scale=False: {wanted}", _rounded(got), hint)

    def consecutive_groups() -> None:
        interleaved = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0]
        got = func(interleaved, 2, scale=False)
        wanted = [0.5, -0.5] * 4
        hint = (
            "the completions of one prompt are next to each other: group i is "
            "rewards[i * num_generations : (i + 1) * num_generations], not every "
            "num_generations-th reward."
        )
        expect(_close(got, wanted), f"groups of 2 side by side: {wanted}", _rounded(got), hint)

    def scaled_by_sample_std() -> None:
        got = func(rewards, 4)
        wanted = first + second
        hint = "divide by the group's standard deviation plus 1e-4."
        head = got[:4] if isinstance(got, list) else got
        population = 0.5 + 1e-4  # the first group's std over n instead of n - 1
        if _close(head, [value / population for value in (0.5, -0.5, -0.5, 0.5)]):
            hint = (
                "you divided by the population standard deviation (/ n); TRL uses the "
                "sample one (/ (n - 1)), as torch.std does by default."
            )
        elif _close(head, [0.5 / 0.57735, -0.5 / 0.57735, -0.5 / 0.57735, 0.5 / 0.57735]):
            hint = "add 1e-4 to the standard deviation before dividing, as TRL does."
        expect(_close(got, wanted), f"scale=True: {_rounded(wanted)}", _rounded(got), hint)

    def zero_variance_group() -> None:
        got = func([1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0], 4)
        expect(
            _close(got, [0.0] * 8),
            "every reward equal in a group: advantages all 0.0 (that group teaches nothing)",
            _rounded(got),
            "with std 0 the numerator is 0 too: adding 1e-4 to the std keeps it 0.0, never "
            "NaN or a ZeroDivisionError.",
        )

    def advantages_sum_to_zero() -> None:
        got = func([0.2, 0.9, 0.4, 0.1, 0.7, 0.3], 3)
        expect(
            isinstance(got, list)
            and len(got) == 6
            and abs(sum(got[:3])) < 1e-6
            and abs(sum(got[3:])) < 1e-6,
            "the advantages of each group sum to 0",
            _rounded(got),
            "compute each group's mean from that group alone.",
        )

    def bad_group_size() -> None:
        hint = "check len(rewards) % num_generations == 0 first and raise ValueError."
        refused(
            lambda: func([1.0, 0.0, 1.0], 2),
            "a ValueError for 3 rewards in groups of 2",
            hint,
            kinds=(ValueError, HelloAgentsException),
        )

    cases = [
        Case(
            "each group is centred on its own mean",
            centred_per_group,
            "advantage = reward - mean of its group.",
            expected="scale=False on [1,0,0,1, 0,0,0,1], groups of 4: [0.5,-0.5,-0.5,0.5, "
            "-0.25,-0.25,-0.25,0.75]",
        ),
        Case(
            "groups are consecutive",
            consecutive_groups,
            "slice the rewards into consecutive groups of num_generations.",
            expected="[1,0,1,0,1,0,1,0] in groups of 2, scale=False: [0.5,-0.5] four times",
        ),
        Case(
            "scaled by the group's sample std",
            scaled_by_sample_std,
            "divide by the group's sample standard deviation (n - 1) plus 1e-4.",
            expected=f"scale=True: {_rounded(first + second)}",
        ),
        Case(
            "a group without variance has zero advantage",
            zero_variance_group,
            "(r - mean) / (std + 1e-4) is 0.0 when every r equals the mean.",
            expected="[1,1,1,1, 0,0,0,0] in groups of 4: eight 0.0",
        ),
        Case(
            "each group's advantages sum to zero",
            advantages_sum_to_zero,
            "use the group's mean, not the batch's.",
            expected="groups [0.2,0.9,0.4] and [0.1,0.7,0.3]: each sums to 0",
        ),
        Case(
            "rewards that do not split into groups",
            bad_group_size,
            "raise ValueError when len(rewards) is not a multiple of num_generations.",
            expected="3 rewards in groups of 2 raise ValueError",
        ),
    ]
    return run_cases("group_advantages", func, cases, raise_on_failure=raise_on_failure)


# ---- the dataset formatter ----------------------------------------------------------------

RAW_ROW = {
    "question": "Lena has 12 apples and buys 2 bags of 12 more. How many apples now?",
    "answer": "2 * 12 = <<2*12=24>>24\n12 + 24 = <<12+24=36>>36\n#### 36",
}
BIG_ROW = {
    "question": "A farm sells 600 eggs a day. How many eggs in 2 days?",
    "answer": "600 * 2 = <<600*2=1200>>1200\n#### 1,200",
}


def _prompt(question: str) -> str:
    return f"<|im_start|>user\n{question}<|im_end|>\n<|im_start|>assistant\n"


def check_dataset_formatter(
    func: Callable[..., Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a formatter ``func(row, format_type) -> dict`` (``"sft"`` or ``"rl"``)."""

    def formatted(row: dict[str, str], format_type: str) -> dict[str, Any]:
        got = func(dict(row), format_type)
        expect(isinstance(got, dict), f"a dict for format {format_type!r}", short(got))
        return dict(got)

    def sft_prompt() -> None:
        got = formatted(RAW_ROW, "sft")
        wanted = _prompt(RAW_ROW["question"])
        hint = "wrap the question as <|im_start|>user\\n...<|im_end|>\\n<|im_start|>assistant\\n."
        if isinstance(got.get("prompt"), str) and got["prompt"].rstrip("\n").endswith("<|im_end|>"):
            hint = (
                "end the prompt with '<|im_start|>assistant\\n': the model must be asked for "
                "the assistant's turn (add_generation_prompt=True)."
            )
        expect(got.get("prompt") == wanted, f"prompt {wanted!r}", short(got.get("prompt")), hint)

    def sft_completion() -> None:
        got = formatted(RAW_ROW, "sft").get("completion")
        wanted = "Step 1: 2 * 12 = 24\nStep 2: 12 + 24 = 36\nFinal Answer: 36"
        hint = "one 'Step N: ...' line per calculation, then 'Final Answer: N'."
        if isinstance(got, str) and "<<" in got:
            hint = "remove GSM8K's calculator notes <<...>> from each step."
        elif isinstance(got, str) and "####" in got:
            hint = "replace '#### 36' with the line 'Final Answer: 36'."
        elif isinstance(got, str) and "Step 0" in got:
            hint = "number the steps from 1 (enumerate(steps, 1))."
        expect(got == wanted, f"completion {wanted!r}", short(got), hint)

    def sft_columns() -> None:
        got = formatted(RAW_ROW, "sft")
        expect(
            {"prompt", "completion"} <= set(got) and "ground_truth" not in got,
            "SFT rows with 'prompt' and 'completion' (TRL's prompt-completion format)",
            f"keys {sorted(got)}",
            "return {'prompt': ..., 'completion': ...} for 'sft'.",
        )

    def rl_row() -> None:
        got = formatted(RAW_ROW, "rl")
        expect(
            got.get("prompt") == _prompt(RAW_ROW["question"]),
            "the RL prompt is the same chat prompt as the SFT one",
            short(got.get("prompt")),
            "build the prompt once and use it in both shapes.",
        )
        truth = got.get("ground_truth")
        hint = "the ground truth is the text after '####', stripped."
        if isinstance(truth, str) and "#" in truth:
            hint = "drop the '####' marker itself: ground_truth is just '36'."
        elif isinstance(truth, (int, float)):
            hint = "keep ground_truth a string ('36'), as the dataset column is."
        expect(truth == "36", "ground_truth '36'", short(truth), hint)
        expect(
            "completion" not in got,
            "no completion in an RL row (GRPO samples its own)",
            f"keys {sorted(got)}",
            "for 'rl', return prompt and ground_truth only.",
        )

    def thousands() -> None:
        got = formatted(BIG_ROW, "rl").get("ground_truth")
        expect(
            got == "1200",
            "'#### 1,200' gives ground_truth '1200'",
            short(got),
            "remove the thousands separators: .replace(',', '').",
        )

    def unknown_format() -> None:
        refused(
            lambda: func(dict(RAW_ROW), "dpo"),
            "ValueError for format 'dpo'",
            "raise ValueError naming the formats you support ('sft', 'rl').",
            kinds=(ValueError, HelloAgentsException),
        )

    def row_untouched() -> None:
        row = dict(RAW_ROW)
        func(row, "sft")
        func(row, "rl")
        expect(
            row == RAW_ROW,
            "the input row unchanged",
            short(row),
            "build a new dict; do not pop or overwrite the row's keys.",
        )

    cases = [
        Case(
            "the SFT prompt is a chat prompt",
            sft_prompt,
            "ChatML: user turn with the question, then the assistant's turn opened.",
            expected=f"prompt {_prompt(RAW_ROW['question'])!r}",
        ),
        Case(
            "the SFT completion is numbered steps and the answer",
            sft_completion,
            "steps without <<...>>, numbered from 1, then 'Final Answer: N'.",
            expected="completion 'Step 1: 2 * 12 = 24\\nStep 2: 12 + 24 = 36\\nFinal Answer: 36'",
        ),
        Case(
            "SFT rows have prompt and completion",
            sft_columns,
            "return {'prompt': ..., 'completion': ...}.",
            expected="keys prompt and completion",
        ),
        Case(
            "RL rows have prompt and ground_truth",
            rl_row,
            "return {'prompt': ..., 'ground_truth': ...}.",
            expected="ground_truth '36' and the same prompt",
        ),
        Case(
            "thousands separators are removed",
            thousands,
            "ground_truth = answer.split('####')[-1].strip().replace(',', '').",
            expected="'#### 1,200' gives '1200'",
        ),
        Case(
            "an unknown format is an error",
            unknown_format,
            "raise ValueError for anything but 'sft' and 'rl'.",
            expected="format 'dpo' raises ValueError",
        ),
        Case(
            "the row is not changed",
            row_untouched,
            "return new dicts.",
            expected="the row passed in is unchanged",
        ),
    ]
    return run_cases("dataset_formatter", func, cases, raise_on_failure=raise_on_failure)


# ---- the framework's functions behind the exercises' signatures ---------------------------


def framework_dataset_formatter(row: dict[str, Any], format_type: str) -> dict[str, Any]:
    """The framework's formatter (:mod:`hello_agents.rl.data`) behind the exercise's signature."""
    from hello_agents.rl.data import to_rl_record, to_sft_record

    if format_type == "sft":
        record = to_sft_record(row)
        return {"prompt": record["prompt"], "completion": record["completion"]}
    if format_type == "rl":
        record = to_rl_record(row)
        return {"prompt": record["prompt"], "ground_truth": record["ground_truth"]}
    raise ValueError(f"format must be 'sft' or 'rl', not {format_type!r}")


__all__ = [
    "check_accuracy_reward",
    "check_dataset_formatter",
    "check_group_advantages",
    "framework_dataset_formatter",
]
