"""The texts of ReActAgent: the step prompt, its worked examples, and what the
model is told when a reply cannot be used.

They are module constants so that they read in one place, and so that a
learner can print, compare or replace them (``ReActAgent(custom_prompt=...)``
replaces :data:`REACT_PROMPT`). Placeholders in braces are filled by
:func:`hello_agents.agents.text.render`.
"""

from __future__ import annotations

REACT_PROMPT = """You solve tasks step by step. You may use these tools:
{tools}

Reply with exactly two lines, then stop:
Thought: what you know so far and what to do next
Action: either tool_name[input] to use a tool, or Finish[...] with the answer itself

Use one Action per reply. Do not write the Observation: it is given to you after each Action.
Do not work out results in your head: let a tool compute them, one step after another.
{example}
Question: {question}
{history}"""
"""The step prompt; ``{example}`` (optional in a custom prompt) comes from
:meth:`ReActAgent.prompt_example`."""

CALCULATOR_EXAMPLE = """
Example, for the question "How many eggs are in 12 boxes of 7 eggs?":
Thought: I need 12 * 7.
Action: {tool}[12 * 7]
Observation: 84
Thought: 84 is the number of eggs, which is what the question asks.
Action: Finish[84]
"""
"""The worked example shown when a calculator is registered ({tool}: its name).

Small models copy the prompt's wording: with only ``Finish[final answer]`` to go
on, Qwen2.5-0.5B answered ``Finish[answer]`` or the unevaluated expression on 10
of 10 word problems; with this example it solved 7 of 10 (docs/local-model.md)."""

GENERIC_EXAMPLE = """
Example of a last step:
Thought: The Observation gives 84, which is what the question asks.
Action: Finish[84]
"""
"""The example shown when no calculator is registered."""

HISTORY_HEADER = "Steps so far:"

FORMAT_REMINDER = """Your last reply could not be used: {error}.
Reply with exactly two lines:
Thought: your reasoning
Action: tool_name[input]   or   Action: Finish[...] with the answer itself
Tools: {tool_names}"""

MAX_STEPS_ANSWER = "I could not finish the task within {max_steps} steps.{last}"

REPEATED_ACTION = (
    "{observation}\n(You already ran this exact action. If this answers the Question, "
    "reply with Action: Finish[...] and the answer; otherwise try something different.)"
)

REPEATED_FAILURE = (
    "{observation}\n(This exact action failed the same way before: running it again will "
    "not help. Change the input, or reply with Action: Finish[...] and the answer from the "
    "results you have.)"
)
"""Added to the observation of an action that failed as it failed before (it is run
again: a failure may pass, a timeout for one)."""

UNUSED_QUANTITIES = (
    "Not yet: the question gives {quantities}, and no Action has used it, so your answer "
    "is not complete. Write the next Action, with {quantities} and the results you have."
)
"""What the small-model aids tell a ReAct model whose ``Finish`` answer left numbers of
the question unused (:class:`~hello_agents.agents.aids.checks.UnusedQuantities`)."""

GAVE_UP_ANSWER = "I stopped: the model's replies kept breaking the Thought/Action format."


__all__ = [
    "CALCULATOR_EXAMPLE",
    "FORMAT_REMINDER",
    "GAVE_UP_ANSWER",
    "GENERIC_EXAMPLE",
    "HISTORY_HEADER",
    "MAX_STEPS_ANSWER",
    "REACT_PROMPT",
    "REPEATED_ACTION",
    "REPEATED_FAILURE",
    "UNUSED_QUANTITIES",
]
