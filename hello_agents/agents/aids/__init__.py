"""Small-model aids: one optional policy that may send an answer back or replace it.

A model of one or two billion parameters often stops a step early, answers with
the question's own number, recalls a phone number instead of looking it up, or
writes a tool call where its answer should be. The checks here catch those
failures from what the run shows. They are off by default: an agent returns
the model's answer as it wrote it. They switch on by themselves only where the
model is known to be small (the embedded model; a llama.cpp or Ollama server
that reports at most :data:`~hello_agents.agents.tool_support.SMALL_MODEL_MAX_PARAMETERS`
parameters), or when asked for::

    agent = ReActAgent("a", llm, registry, small_model_aids=True)
    agent = FunctionCallAgent("a", llm, tool_registry=registry,
                              small_model_aids=SmallModelAids([UnusedQuantities()]))

Every verdict an agent acts on is an :class:`~hello_agents.core.run.Intervention`
in ``agent.last_result.interventions`` and an ``intervention`` hook event; the
model's own reply is kept there. ``docs/small-model-aids.md`` describes each check.

* :mod:`~hello_agents.agents.aids.policy`: :class:`SmallModelAids`, :class:`Check`,
  :class:`Attempt`, :class:`Verdict`.
* :mod:`~hello_agents.agents.aids.checks`: the checks, one short class each.
* :mod:`~hello_agents.agents.aids.quantities`, :mod:`~hello_agents.agents.aids.result_use`,
  :mod:`~hello_agents.agents.aids.results`, :mod:`~hello_agents.agents.aids.units`: reading
  numbers, dates, words and units.
* :mod:`~hello_agents.agents.aids.call_syntax`, :mod:`~hello_agents.agents.aids.passing_calls`:
  a call written in an answer; a schema that holds the next call to given values.
"""

from __future__ import annotations

from hello_agents.agents.aids.checks import (
    CallInAnswer,
    DifferenceLeftOut,
    KeptResult,
    OtherSide,
    PlaceholderAnswer,
    RepeatedCalls,
    SameAnswer,
    UnconvertedUnits,
    UnevaluatedArithmetic,
    UngroundedNumbers,
    UntranslatedValues,
    UnusedCodes,
    UnusedQuantities,
    UnusedResult,
)
from hello_agents.agents.aids.policy import Attempt, CallMade, Check, SmallModelAids, Verdict

__all__ = [
    "Attempt",
    "CallInAnswer",
    "CallMade",
    "Check",
    "DifferenceLeftOut",
    "KeptResult",
    "OtherSide",
    "PlaceholderAnswer",
    "RepeatedCalls",
    "SameAnswer",
    "SmallModelAids",
    "UnconvertedUnits",
    "UnevaluatedArithmetic",
    "UngroundedNumbers",
    "UntranslatedValues",
    "UnusedCodes",
    "UnusedQuantities",
    "UnusedResult",
    "Verdict",
]
